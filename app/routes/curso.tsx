import { Award, Clock, GraduationCap, MonitorPlay, Package, Users } from "lucide-react";
import { data } from "react-router";
import { BuyCourseButton } from "~/components/courses/buy-course-button";
import { CoursePrice } from "~/components/courses/course-price";
import { CourseUnits } from "~/components/courses/course-units";
import { DeferredReviews } from "~/components/reviews/deferred-reviews";
import { MediaImage } from "~/components/site/media-image";
import { pageMeta, structuredData } from "~/components/site/seo";
import { invalidRequest, notFound } from "~/domain/limits";
import { coursePrice } from "~/domain/course-price";
import { formatPrice } from "~/domain/money";
import { courseSchema, joinSentences } from "~/domain/seo";
import { useRootData } from "~/root";
import { getOnlineCourse } from "~/server/school/catalog.server";
import { pageSeo } from "~/server/site/catalog.server";
import { buyCourse, isEnrolled } from "~/server/school/enrolment.server";
import { getDb } from "~/server/db/index.server";
import { handleReviewAction, listReviews } from "~/server/reviews/reviews.server";
import { currentUser } from "~/server/session.server";
import type { Route } from "./+types/curso";

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await getOnlineCourse(params.id);
  if (!found) throw data(null, { status: 404 });
  // The manual and the certificate artwork are for students: not in the public page's data.
  const { urlKit: _manual, certificadoUrl: _certificado, ...course } = found;
  const user = await currentUser(request);
  const [reviews, owned] = await Promise.all([
    listReviews(getDb(), { cursoId: course.id }),
    user ? isEnrolled(user.id, course.id) : false,
  ]);
  const seo = await pageSeo(course.imagenInterior || course.imagenExterior);
  // schema.org data is built here, on the server: its builders stay out of the browser's JavaScript.
  const schema = courseSchema(
    {
      path: `/cursos/${course.id}`,
      name: course.titulo,
      description: courseDescription(course) || course.titulo,
      image: course.imagenInterior || course.imagenExterior,
      price: { precio: course.precio, precioDescuento: course.precioDescuento },
      mode: "online",
    },
    seo.origin,
  );
  return { course, reviews, owned, seo, schema };
}

/** What search results and previews say of a course. */
function courseDescription(course: { descripcion: string | null; tituloSecundario: string | null }) {
  return course.descripcion || course.tituloSecundario;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "comprar") {
    const course = await getOnlineCourse(params.id);
    if (!course) throw data({ message: notFound }, { status: 404 });
    return buyCourse(request, course.id);
  }
  if (form.get("intent") === "review") {
    const course = await getOnlineCourse(params.id);
    if (!course) throw data({ message: notFound }, { status: 404 });
    return handleReviewAction(request, form, { cursoId: course.id }, context.clientIp);
  }
  return data({ message: invalidRequest }, { status: 400 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { course, seo, schema } = loaderData;
  const price = formatPrice(coursePrice(course).precio, { suffix: true });
  return [
    ...pageMeta({
      title: course.titulo,
      description: joinSentences(courseDescription(course), `Curso en línea: ${price}`),
      path: `/cursos/${course.id}`,
      ...seo,
    }),
    structuredData(schema),
  ];
}

export default function Curso({ loaderData }: Route.ComponentProps) {
  const { course, reviews, owned } = loaderData;
  const loggedIn = Boolean(useRootData()?.user);
  const facts = [
    { icon: Clock, label: "Duración", value: [course.horas, course.duracion].filter(Boolean).join(" · ") },
    { icon: MonitorPlay, label: "Modalidad", value: course.online || "En línea, a tu ritmo" },
    { icon: Users, label: "Alumnas", value: course.alumnos },
    { icon: Award, label: "Certificado", value: course.certificado },
    { icon: Package, label: "Kit", value: course.kit },
  ].filter((f) => f.value);

  return (
    <article>
      <header className="bg-sand/40">
        <div className="container-page grid gap-10 py-14 md:grid-cols-2 md:items-center md:gap-16 md:py-20">
          <div>
            <p className="eyebrow flex items-center gap-2">
              <GraduationCap className="size-4" aria-hidden /> Curso en línea
            </p>
            <h1 className="mt-4 text-4xl leading-tight md:text-6xl">{course.titulo}</h1>
            {course.tituloSecundario && (
              <p className="mt-4 font-serif text-2xl italic text-clay-dark">{course.tituloSecundario}</p>
            )}
            <p className="mt-6 whitespace-pre-line leading-relaxed text-ink/85">{course.descripcion}</p>
          </div>
          <MediaImage
            src={course.imagenInterior || course.imagenExterior}
            alt={`Curso ${course.titulo}`}
            width={1600}
            height={900}
            priority
            sizes="(min-width: 851px) 50vw, 100vw"
            className="aspect-video w-full rounded-[2rem] object-cover shadow-xl shadow-cocoa/10"
          />
        </div>
      </header>

      <div className="container-page grid gap-14 py-14 md:grid-cols-3 md:gap-16 md:py-20">
        <div className="md:col-span-2">
          {course.descripcionSecundaria && (
            <section aria-labelledby="curso-acerca">
              <h2 id="curso-acerca" className="text-3xl md:text-4xl">
                Sobre el curso
              </h2>
              <p className="mt-5 whitespace-pre-line leading-relaxed text-ink/85">{course.descripcionSecundaria}</p>
            </section>
          )}
          {course.requisitos && (
            <section aria-labelledby="curso-requisitos" className="mt-12">
              <h2 id="curso-requisitos" className="text-3xl md:text-4xl">
                Requisitos
              </h2>
              <p className="mt-5 whitespace-pre-line leading-relaxed text-ink/85">{course.requisitos}</p>
            </section>
          )}
          <section aria-labelledby="curso-contenido" className="mt-14">
            <h2 id="curso-contenido" className="text-3xl md:text-4xl">
              Contenido del curso
            </h2>
            <CourseUnits unidades={course.unidades} />
          </section>
          <section className="mt-14" data-testid="course-reviews">
            <DeferredReviews data={reviews} loggedIn={loggedIn} />
          </section>
        </div>

        <aside aria-label="Compra del curso" className="order-first md:order-none md:col-span-1">
          <div className="rounded-3xl bg-white p-7 shadow-lg shadow-cocoa/5 ring-1 ring-sand md:sticky md:top-28">
            <p className="eyebrow">Inversión</p>
            <div className="mt-3">
              <CoursePrice precio={course.precio} precioDescuento={course.precioDescuento} suffix size="lg" />
            </div>
            <div className="mt-6">
              <BuyCourseButton courseId={course.id} owned={owned} />
            </div>
            {facts.length > 0 && (
              <dl className="mt-8 space-y-4 border-t border-sand pt-6 text-sm">
                {facts.map((fact) => (
                  <div key={fact.label}>
                    <dt className="flex items-center gap-3 text-xs uppercase tracking-[0.15em] text-muted">
                      <fact.icon className="size-4 shrink-0 text-clay" aria-hidden />
                      {fact.label}
                    </dt>
                    <dd className="mt-0.5 pl-7 text-ink">{fact.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        </aside>
      </div>
    </article>
  );
}
