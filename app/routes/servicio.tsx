import { GraduationCap } from "lucide-react";
import { Link, data } from "react-router";
import { GalleryButton } from "~/components/services/gallery-button";
import { ServiceOptions } from "~/components/services/service-options";
import { ServiceQuestions } from "~/components/services/service-questions";
import { MediaImage } from "~/components/site/media-image";
import { pageMeta, structuredData } from "~/components/site/seo";
import { whatsappLink } from "~/config/site";
import { formatPrice } from "~/domain/money";
import { joinSentences, serviceSchema } from "~/domain/seo";
import { servicePriceRange } from "~/server/booking/booking.server";
import { getDb } from "~/server/db/index.server";
import { getService, pageSeo } from "~/server/site/catalog.server";
import type { Route } from "./+types/servicio";

export async function loader({ params }: Route.LoaderArgs) {
  const service = await getService(params.id);
  if (!service) throw data(null, { status: 404 });
  // Bookable online: price range and booking link (page and structured data).
  const priceRange = await servicePriceRange(getDb(), service.id);
  const seo = await pageSeo(service.urlImagen);
  // schema.org data is built here, on the server: its builders stay out of the browser's JavaScript.
  const description = serviceDescription(service);
  const schema = serviceSchema(
    { id: service.id, name: service.nombre, description, image: service.urlImagen, priceRange },
    seo.origin,
  );
  return { service, priceRange, seo, schema };
}

/** What search results and previews say of a service. */
function serviceDescription(service: { nombre: string; slogan: string | null; descripcion: string | null }) {
  return joinSentences(service.slogan, service.descripcion) || `${service.nombre} en Guadalajara.`;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { service, seo, schema } = loaderData;
  return [
    ...pageMeta({ title: service.nombre, description: serviceDescription(service), path: `/servicios/${service.id}`, ...seo }),
    structuredData(schema),
  ];
}

export default function Servicio({ loaderData }: Route.ComponentProps) {
  const { service, priceRange } = loaderData;
  const whatsapp = whatsappLink(`¡Hola Michel! Me gustaría agendar una cita para ${service.nombre}.`);
  return (
    <article>
      <header className="container-page grid items-center gap-10 py-14 md:grid-cols-2 md:gap-16 md:py-24">
        <div className="order-2 md:order-1">
          <p className="eyebrow">Servicio</p>
          <h1 className="mt-4 text-5xl md:text-7xl">{service.nombre}</h1>
          {service.slogan && (
            <p className="mt-5 font-serif text-2xl italic text-clay-dark md:text-3xl" data-testid="service-slogan">
              {service.slogan}
            </p>
          )}
          <p className="mt-6 whitespace-pre-line leading-relaxed text-ink/85">{service.descripcion}</p>
          {priceRange && (
            <p className="mt-4 font-medium text-clay-dark" data-testid="service-price-range">
              {priceRange.low === priceRange.high
                ? formatPrice(priceRange.low)
                : `Desde ${formatPrice(priceRange.low)} hasta ${formatPrice(priceRange.high)}`}
            </p>
          )}
          <div className="mt-10 flex flex-wrap gap-3">
            {priceRange ? (
              <>
                <Link to={`/agendar?servicio=${encodeURIComponent(service.id)}`} className="btn-primary" data-testid="service-book">
                  Agendar cita
                </Link>
                <a href={whatsapp} target="_blank" rel="noopener noreferrer" className="btn-outline">
                  WhatsApp
                </a>
              </>
            ) : (
              <a href={whatsapp} target="_blank" rel="noopener noreferrer" className="btn-primary">
                Agendar cita
              </a>
            )}
            <GalleryButton servicioId={service.id} />
          </div>
        </div>
        <div className="order-1 md:order-2">
          <MediaImage
            src={service.urlImagen}
            alt={`${service.nombre} en el estudio Michel Alvarez`}
            width={900}
            height={900}
            priority
            sizes="(min-width: 851px) 50vw, 100vw"
            className="aspect-[4/3] w-full md:aspect-square rounded-[2rem] object-cover shadow-xl shadow-cocoa/10"
          />
        </div>
      </header>

      {(service.opciones?.trim() || service.opcion1 || service.opcion2 || service.opcion3) && (
        <section aria-labelledby="opciones-titulo" className="bg-sand/40 py-16 md:py-24">
          <div className="container-page">
            <p className="eyebrow text-center">Elige tu técnica</p>
            <h2 id="opciones-titulo" className="mt-3 text-center text-4xl md:text-5xl">
              Opciones
            </h2>
            <ServiceOptions service={service} />
          </div>
        </section>
      )}

      {service.preguntas.length > 0 && (
        <section aria-labelledby="preguntas-titulo" className="container-page max-w-3xl py-16 md:py-24">
          <p className="eyebrow text-center">Resolvemos tus dudas</p>
          <h2 id="preguntas-titulo" className="mt-3 text-center text-4xl md:text-5xl">
            Preguntas frecuentes
          </h2>
          <ServiceQuestions preguntas={service.preguntas} />
        </section>
      )}
      {service.urlInterna.startsWith("/") && (
        <section aria-labelledby="curso-relacionado" className="container-page pb-8">
          <div className="flex flex-col items-start gap-6 rounded-[2rem] bg-cocoa px-7 py-10 text-cream md:flex-row md:items-center md:justify-between md:px-14">
            <div className="flex gap-4">
              <GraduationCap className="mt-1 size-7 shrink-0 text-blush" aria-hidden strokeWidth={1.3} />
              <div>
                <h2 id="curso-relacionado" className="text-3xl text-cream">
                  Aprende esta técnica
                </h2>
                <p className="mt-2 text-cream/80">Conviértete en especialista con nuestro curso presencial en Guadalajara.</p>
              </div>
            </div>
            <Link to={service.urlInterna} className="btn shrink-0 bg-cream text-cocoa hover:bg-white">
              Ver curso
            </Link>
          </div>
        </section>
      )}
    </article>
  );
}
