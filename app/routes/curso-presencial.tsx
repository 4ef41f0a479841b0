import { Award, CalendarClock, Check, HeartHandshake, Package, Users } from "lucide-react";
import { data } from "react-router";
import { CoursePrice } from "~/components/courses/course-price";
import { inPersonCourse } from "~/components/courses/in-person-courses";
import { MediaImage } from "~/components/site/media-image";
import { pageMeta, structuredData } from "~/components/site/seo";
import { whatsappLink } from "~/config/site";
import { courseSchema, joinSentences } from "~/domain/seo";
import { getInPersonCourse, pageSeo } from "~/server/catalog-public.server";
import type { Route } from "./+types/curso-presencial";

export async function loader({ params }: Route.LoaderArgs) {
  // Only the five in-person courses have a page (SPEC §2); their text lives in code.
  const content = inPersonCourse(params.id);
  if (!content) throw data(null, { status: 404 });
  const row = await getInPersonCourse(params.id);
  return {
    content,
    image: row?.imagenInterior || row?.imagenExterior || "",
    // The fee comes from the catalogue (the studio edits it there), not from the page text.
    price: row && row.precio > 0 ? { precio: row.precio, precioDescuento: row.precioDescuento } : null,
    seo: await pageSeo(row?.imagenInterior || row?.imagenExterior),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { content, image, price, seo } = loaderData;
  const path = `/cursos-presenciales/${content.id}`;
  return [
    ...pageMeta({
      title: content.titulo,
      description: joinSentences(
        content.lema,
        `${content.duracion}, ${content.asesoria.toLowerCase()}, ${content.kit.toLowerCase()} y ${content.practicas}`,
        "En Guadalajara",
      ),
      path,
      ...seo,
    }),
    structuredData(
      courseSchema(
        { path, name: content.titulo, description: joinSentences(content.lema, content.intro), image, price, mode: "presencial" },
        seo.origin,
      ),
    ),
  ];
}

export default function CursoPresencial({ loaderData }: Route.ComponentProps) {
  const { content, image, price } = loaderData;
  const contactLink = whatsappLink(`¡Hola Michel! Me interesa el ${content.titulo}. ¿Me compartes fechas y precio?`);
  const highlights = [
    { icon: CalendarClock, label: "Duración", value: content.duracion },
    { icon: HeartHandshake, label: "Asesoría", value: content.asesoria },
    { icon: Package, label: "Kit", value: content.kit },
    { icon: Users, label: "Práctica", value: content.practicas },
    { icon: Award, label: "Certificado", value: content.certificado },
  ];

  return (
    <article>
      <header className="bg-sand/40 pb-20 md:pb-24">
        <div className="container-page grid gap-10 py-14 md:grid-cols-2 md:items-center md:gap-16 md:py-20">
          <div>
            <p className="eyebrow">Curso presencial · Guadalajara</p>
            <h1 className="mt-4 text-4xl leading-tight md:text-6xl">{content.titulo}</h1>
            <p className="mt-5 font-serif text-2xl italic text-clay-dark md:text-3xl">{content.lema}</p>
            {price && (
              <div className="mt-8">
                <p className="text-xs uppercase tracking-[0.2em] text-muted">Inversión</p>
                <div className="mt-1">
                  <CoursePrice precio={price.precio} precioDescuento={price.precioDescuento} suffix />
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
            alt={content.titulo}
            width={1600}
            height={900}
            priority
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
                <p className="mt-1 text-sm font-medium text-cocoa">{h.value}</p>
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
          <p className="mt-5 leading-relaxed text-ink/85">{content.intro}</p>
          <p className="mt-4 leading-relaxed text-muted">{content.perfil}</p>

          <h2 className="mt-12 text-3xl md:text-4xl">Qué incluye</h2>
          <ul className="mt-6 space-y-3">
            {content.incluye.map((item) => (
              <li key={item} className="flex gap-3">
                <Check className="mt-1 size-4 shrink-0 text-clay" aria-hidden />
                <span className="text-ink/85">{item}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="presencial-temario" className="self-start rounded-3xl bg-sand/40 p-7 md:p-10">
          <h2 id="presencial-temario" className="text-3xl md:text-4xl">
            Temario
          </h2>
          <ol className="mt-6 space-y-4">
            {content.temario.map((item, i) => (
              <li key={item} className="flex gap-4">
                <span className="font-serif text-2xl leading-none text-clay">{String(i + 1).padStart(2, "0")}</span>
                <span className="text-ink/85">{item}</span>
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
