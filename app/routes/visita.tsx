/**
 * /tu-visita-con-{name}/{visitId}: a client's before and after photos, reached by the link
 * or code the studio sends her. React Router 7 has no partial dynamic segments
 * ('tu-visita-con-:name' never matches), so the route is ':visitSlug/:visitId' and the
 * loader checks the 'tu-visita-con-' prefix itself (ADR 004). A wrong name redirects to
 * the canonical URL; an unknown id is a 404. Never indexed, never kept by shared caches.
 */
import { CalendarHeart, MessageCircle } from "lucide-react";
import { Link, data, isRouteErrorResponse, redirect } from "react-router";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { ServiceUnavailablePage } from "~/components/layout/service-unavailable-page";
import { notFoundMeta } from "~/components/site/seo";
import { VisitPhoto } from "~/components/visits/visit-photo";
import { site, whatsappLink } from "~/config/site";
import { formatSpanishDate } from "~/domain/dates";
import { getDb } from "~/server/db/index.server";
import { photoSize } from "~/server/visits/photos.server";
import {
  type FotoTipo,
  VISIT_PATH_PREFIX,
  findVisit,
  photoFileName,
  visitPath,
  visitPhotoPath,
} from "~/server/visits/visits.server";
import type { Route } from "./+types/visita";

/** Personal data: no index, no shared or stored copies. */
const PRIVATE_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

export async function loader({ params }: Route.LoaderArgs) {
  const visit = params.visitSlug.startsWith(VISIT_PATH_PREFIX) ? await findVisit(getDb(), params.visitId) : null;
  if (!visit) throw data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  const canonical = visitPath(visit);
  if (`/${params.visitSlug}/${params.visitId}` !== canonical)
    throw redirect(canonical, { headers: PRIVATE_PAGE_HEADERS });

  const photos = async (tipo: FotoTipo, refs: string[]) =>
    Promise.all(
      refs.map(async (ref, i) => ({
        src: visitPhotoPath(visit, tipo, i + 1, "webp"),
        download: visitPhotoPath(visit, tipo, i + 1, "png"),
        fileName: photoFileName(visit.clienta, tipo, i + 1),
        size: (await photoSize(ref)) ?? { width: 4, height: 5 },
      })),
    );
  return data(
    {
      clienta: visit.clienta,
      fecha: formatSpanishDate(visit.fecha),
      antes: await photos("antes", visit.antes),
      despues: await photos("despues", visit.despues),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function meta({ data: loaderData, error }: Route.MetaArgs) {
  // Any other two-segment path lands here too: its 404 names itself (and is not followed).
  if (!loaderData) {
    if (isRouteErrorResponse(error) && error.status === 404) return notFoundMeta("noindex, nofollow");
    return [{ title: `Error | ${site.name}` }, { name: "robots", content: "noindex, nofollow" }];
  }
  // What a WhatsApp preview shows: the studio's name, never the client's photos.
  const firstName = loaderData.clienta.split(/\s+/)[0];
  const description = `Tus fotos de antes y después en ${site.name}. Toca una foto para descargarla.`;
  return [
    { title: firstName ? `${firstName}, tu visita | ${site.name}` : `Tu visita | ${site.name}` },
    { name: "description", content: description },
    { name: "robots", content: "noindex, nofollow" },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "es_MX" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: `Tu visita con ${site.name}` },
    { property: "og:description", content: description },
  ];
}

export default function Visita({ loaderData }: Route.ComponentProps) {
  const { clienta, fecha, antes, despues } = loaderData;
  const sections = [
    { tipo: "antes" as const, title: "Antes", photos: antes },
    { tipo: "despues" as const, title: "Despues", photos: despues },
  ];
  return (
    <div className="bg-gradient-to-b from-sand/60 via-cream to-cream">
      <header className="container-page pt-12 pb-8 text-center md:pt-20 md:pb-12">
        <p className="eyebrow">Tu visita con {site.name}</p>
        <h1 className="mt-4 text-5xl leading-none md:text-7xl" data-testid="visit-client">
          {clienta}
        </h1>
        <p className="mt-4 inline-flex items-center gap-2 text-sm text-muted">
          <CalendarHeart className="size-4 text-clay" aria-hidden />
          {fecha}
        </p>
        <p className="mx-auto mt-6 max-w-md leading-relaxed text-ink/80">
          Gracias por confiar en nosotras. Aquí están las fotos de tu visita: toca cualquiera para descargarla.
        </p>
      </header>

      <div className="container-page grid gap-12 pb-16 md:grid-cols-2 md:gap-10 md:pb-24">
        {sections.map((section) => (
          <section key={section.tipo} aria-labelledby={`fotos-${section.tipo}`}>
            <div className="flex items-center gap-4">
              <h2 id={`fotos-${section.tipo}`} className="text-3xl md:text-4xl">
                {section.title}
              </h2>
              <span className="h-px flex-1 bg-gradient-to-r from-clay/40 to-transparent" aria-hidden />
              {section.photos.length > 1 && (
                <span className="text-xs uppercase tracking-[0.2em] text-muted">{section.photos.length} fotos</span>
              )}
            </div>
            {section.photos.length === 0 ? (
              <p className="mt-6 rounded-2xl border border-dashed border-sand bg-white/60 px-6 py-10 text-center text-sm text-muted">
                Sin fotos por ahora.
              </p>
            ) : (
              // Phone: a swipeable row (the next photo peeks in); desktop: a column.
              <ul className="-mx-5 mt-6 flex snap-x snap-mandatory gap-4 overflow-x-auto px-5 pb-3 md:mx-0 md:grid md:gap-6 md:overflow-visible md:px-0 md:pb-0">
                {section.photos.map((photo, i) => (
                  <li
                    key={photo.src}
                    className={`shrink-0 snap-center md:w-auto ${section.photos.length > 1 ? "w-[84%]" : "w-full"}`}
                  >
                    <VisitPhoto {...photo} label={`${section.title} ${i + 1}`} priority={i === 0} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>

      <aside className="border-t border-sand bg-white/70">
        <div className="container-page flex flex-col items-center gap-5 py-12 text-center md:py-16">
          <h2 className="text-3xl md:text-4xl">¿Lista para tu retoque?</h2>
          <p className="max-w-md text-muted">Escríbenos por WhatsApp y agenda tu próxima cita.</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <a
              href={whatsappLink(`¡Hola Michel! Soy ${clienta} y me gustaría agendar una cita.`)}
              className="btn-accent"
              target="_blank"
              rel="noreferrer"
            >
              <MessageCircle className="size-4" aria-hidden />
              Agendar por WhatsApp
            </a>
            <Link to="/servicios" className="btn-outline">
              Ver servicios
            </Link>
          </div>
        </div>
      </aside>
    </div>
  );
}

/** Own boundary, so that a 404 keeps this route's private, noindex headers. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 503) return <ServiceUnavailablePage message={error.data} />;
  // In the browser only: on the server, entry.server.tsx logs it without personal data.
  if (typeof document !== "undefined") console.error(error);
  return (
    <section className="container-page py-24 text-center">
      <h1 className="text-4xl">Algo salió mal</h1>
      <p className="mt-4 text-muted">No pudimos abrir tu visita. Intenta de nuevo en unos momentos.</p>
    </section>
  );
}
