import { CourseCard } from "~/components/courses/course-card";
import { SectionHeading } from "~/components/site/section-heading";
import { pageMeta } from "~/components/site/seo";
import { listInPersonCourses, listOnlineCourses } from "~/server/school/catalog.server";
import { pageSeo } from "~/server/site/catalog.server";
import type { Route } from "./+types/cursos";

export async function loader() {
  const [online, inPerson] = await Promise.all([listOnlineCourses(), listInPersonCourses()]);
  return { online, inPerson, seo: await pageSeo(online[0]?.imagenExterior || inPerson[0]?.imagenExterior) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Cursos",
    description:
      "Cursos en línea y presenciales de microblading, cejas ombré, labios, estrías y maquillaje con Michel Alvarez: más de 200 alumnas formadas en Guadalajara.",
    path: "/cursos",
    ...loaderData?.seo,
  });
}

export default function Cursos({ loaderData }: Route.ComponentProps) {
  const { online, inPerson } = loaderData;
  return (
    <div className="container-page py-16 md:py-24">
      <SectionHeading
        as="h1"
        eyebrow="Academia Michel Alvarez"
        title="Cursos"
        intro="Aprende las técnicas que usamos cada día en el estudio, a tu ritmo en línea o en persona con práctica en modelo real."
      />

      <section aria-labelledby="cursos-online" className="mt-16 md:mt-24">
        <SectionHeading id="cursos-online" align="left" eyebrow="A tu ritmo" title="Cursos en línea" />
        {online.length === 0 ? (
          <p className="mt-8 text-muted">Muy pronto publicaremos nuevos cursos en línea.</p>
        ) : (
          <ul className="mt-10 grid gap-x-6 gap-y-12 sm:grid-cols-2 md:grid-cols-3 md:gap-x-8" data-testid="online-courses">
            {online.map((course, i) => (
              <li key={course.id}>
                <CourseCard course={course} priority={i === 0} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="cursos-presenciales" className="mt-20 md:mt-28">
        <SectionHeading
          id="cursos-presenciales"
          align="left"
          eyebrow="En el estudio"
          title="Cursos presenciales"
          intro="Grupos reducidos, kit profesional y prácticas con modelo real en Guadalajara."
        />
        {inPerson.length === 0 ? (
          <p className="mt-8 text-muted">Pregúntanos por las próximas fechas de nuestros cursos presenciales.</p>
        ) : (
          <ul className="mt-10 grid gap-x-6 gap-y-12 sm:grid-cols-2 md:grid-cols-3 md:gap-x-8" data-testid="in-person-courses">
            {inPerson.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
