import { Award, CalendarClock, Check, HeartHandshake, Package, Users } from "lucide-react";
import { data } from "react-router";
import { ContentHtml } from "~/components/content/content-html";
import { CoursePrice } from "~/components/courses/course-price";
import { MediaImage } from "~/components/site/media-image";
import { pageMeta, structuredData } from "~/components/site/seo";
import { whatsappLink } from "~/config/site";
import { courseLength } from "~/domain/course-length";
import { courseSchema, joinSentences } from "~/domain/seo";
import { getInPersonCoursePage } from "~/server/school/catalog.server";
import { pageSeo } from "~/server/site/catalog.server";
import type { Route } from "./+types/curso-presencial";

export async function loader({ params }: Route.LoaderArgs) {
  // Only the in-person courses with a text in content/ have a page (SPEC §2: five of them).
  // Their facts (hours, dates, place, price...) are the catalogue row's, like their cards'.
  const page = await getInPersonCoursePage(params.id);
  if (!page) throw data(null, { status: 404 });
  const image = page.course.imagenInterior || page.course.imagenExterior;
  const seo = await pageSeo(image);
  const { course, text } = page;
  // schema.org data is built here, on the server: its builders stay out of the browser's JavaScript.
  const schema = courseSchema(
    {
      path: `/cursos-presenciales/${course.id}`,
      name: text.titulo,
      description: joinSentences(text.lema, text.perfil),
      image,
      price: course.precio > 0 ? course : null,
      mode: "presencial",
    },
    seo.origin,
  );
  return { ...page, image, seo, schema };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { course, text, seo, schema } = loaderData;
  return [
    ...pageMeta({
      title: text.titulo,
      description: joinSentences(
        text.lema,
        `${courseLength(course)}, ${text.asesoria.toLowerCase()}, ${course.kit.toLowerCase()} y ${text.practicas}`,
        "En Guadalajara",
      ),
      path: `/cursos-presenciales/${course.id}`,
      ...seo,
    }),
    structuredData(schema),
  ];
}

export default function CursoPresencial({ loaderData }: Route.ComponentProps) {
  const { course, text, image } = loaderData;
  const contactLink = whatsappLink(`¡Hola Michel! Me interesa el ${text.titulo}. ¿Me compartes fechas y precio?`);
  const highlights = [
    { icon: CalendarClock, label: "Duración", value: courseLength(course), testId: "in-person-duration" },
    { icon: HeartHandshake, label: "Asesoría", value: text.asesoria },
    { icon: Package, label: "Kit", value: course.kit },
    { icon: Users, label: "Práctica", value: text.practicas },
    { icon: Award, label: "Certificado", value: course.certificado },
  ].filter((h) => h.value);
  const facts = [
    { label: "Próximas fechas", value: course.fechaInicio },
    { label: "Sede", value: course.sede },
    { label: "Grupo", value: course.alumnos },
    { label: "Requisitos", value: course.requisitos },
  ].filter((f) => f.value);

  return (
    <article>
      <header className="bg-sand/40 pb-20 md:pb-24">
        <div className="container-page grid gap-10 py-14 md:grid-cols-2 md:items-center md:gap-16 md:py-20">
          <div>
            <p className="eyebrow">Curso presencial · Guadalajara</p>
            <h1 className="mt-4 text-4xl leading-tight md:text-6xl">{text.titulo}</h1>
            <p className="mt-5 font-serif text-2xl italic text-clay-dark md:text-3xl">{text.lema}</p>
            {course.precio > 0 && (
              <div className="mt-8">
                <p className="text-xs uppercase tracking-[0.2em] text-muted">Inversión</p>
                <div className="mt-1">
                  <CoursePrice precio={course.precio} precioDescuento={course.precioDescuento} suffix />
                </div>
              </div>
            )}
            <a
              href={contactLink}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-accent mt-8"
              data-testid="in-person-cta"
            >
              Quiero inscribirme
            </a>
          </div>
          <MediaImage
            src={image}
            alt={text.titulo}
            width={1600}
            height={900}
            priority
            sizes="(min-width: 851px) 50vw, 100vw"
            className="aspect-video w-full rounded-[2rem] object-cover shadow-xl shadow-cocoa/10"
          />
        </div>
      </header>

      <section aria-label="Lo más importante" className="container-page relative -mt-20">
        <ul
          className="grid gap-3 rounded-3xl bg-white p-5 shadow-xl shadow-cocoa/10 ring-1 ring-sand sm:grid-cols-2 md:grid-cols-5 md:p-8"
          data-testid="in-person-highlights"
        >
          {highlights.map((h) => (
            <li key={h.label} className="flex gap-3 md:flex-col md:gap-2">
              <h.icon className="mt-1 size-5 shrink-0 text-clay md:mt-0" aria-hidden strokeWidth={1.5} />
              <div>
                <p className="text-[0.65rem] uppercase tracking-[0.2em] text-muted">{h.label}</p>
                <p className="mt-1 text-sm font-medium text-cocoa" data-testid={h.testId}>
                  {h.value}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <div className="container-page grid gap-14 py-16 md:grid-cols-2 md:gap-20 md:py-24">
        <section aria-labelledby="presencial-intro">
          <h2 id="presencial-intro" className="text-3xl md:text-4xl">
            Sobre el curso
          </h2>
          {text.sobre.map((html, i) => (
            <ContentHtml
              key={i}
              as="p"
              html={html}
              className={`${i === 0 ? "mt-5" : "mt-4"} leading-relaxed text-ink/85`}
            />
          ))}
          <p className="mt-4 leading-relaxed text-muted">{text.perfil}</p>
          {facts.length > 0 && (
            <dl className="mt-8 grid gap-5 sm:grid-cols-2" data-testid="in-person-facts">
              {facts.map((f) => (
                <div key={f.label}>
                  <dt className="text-[0.65rem] uppercase tracking-[0.2em] text-muted">{f.label}</dt>
                  <dd className="mt-1 text-sm text-ink/85">{f.value}</dd>
                </div>
              ))}
            </dl>
          )}

          <h2 className="mt-12 text-3xl md:text-4xl">Qué incluye</h2>
          <ul className="mt-6 space-y-3">
            {text.incluye.map((item) => (
              <li key={item} className="flex gap-3">
                <Check className="mt-1 size-4 shrink-0 text-clay" aria-hidden />
                <ContentHtml as="span" html={item} className="text-ink/85" />
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="presencial-temario" className="self-start rounded-3xl bg-sand/40 p-7 md:p-10">
          <h2 id="presencial-temario" className="text-3xl md:text-4xl">
            Temario
          </h2>
          <ol className="mt-6 space-y-4">
            {text.temario.map((item, i) => (
              <li key={item} className="flex gap-4">
                <span className="font-serif text-2xl leading-none text-clay">{String(i + 1).padStart(2, "0")}</span>
                <ContentHtml as="span" html={item} className="text-ink/85" />
              </li>
            ))}
          </ol>
        </section>
      </div>

      <section aria-labelledby="presencial-cta" className="container-page">
        <div className="rounded-[2rem] bg-cocoa px-6 py-14 text-center text-cream md:px-16">
          <h2 id="presencial-cta" className="text-3xl text-cream md:text-5xl">
            Aparta tu lugar
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-cream/80">
            Los grupos son pequeños para que tengas atención personal. Escríbenos y te compartimos las próximas fechas,
            precio y formas de pago.
          </p>
          <a
            href={contactLink}
            target="_blank"
            rel="noopener noreferrer"
            className="btn mt-8 bg-cream text-cocoa hover:bg-white"
          >
            Pedir informes por WhatsApp
          </a>
        </div>
      </section>
    </article>
  );
}
