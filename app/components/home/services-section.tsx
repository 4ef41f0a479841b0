import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Carousel } from "~/components/site/carousel";
import { MediaImage } from "~/components/site/media-image";
import { SectionHeading } from "~/components/site/section-heading";
import type { ServiceSummary } from "~/domain/catalog";

/** How many services the phone layout lists instead of the carousel (SPEC §9). */
const PHONE_LINKS = 3;

/** Services: a carousel of 3 from 551 px; on a phone, three fixed links instead (SPEC §9). */
export function ServicesSection({ services }: { services: ServiceSummary[] }) {
  if (services.length === 0) return null;
  return (
    <section aria-labelledby="servicios-titulo" className="below-fold container-page py-16 md:py-24">
      <SectionHeading
        id="servicios-titulo"
        eyebrow="Lo que hacemos"
        title="Servicios"
        intro="Técnicas precisas, pigmentos de alta calidad y un diseño hecho para tu rostro."
      />
      <div className="mt-12 hidden sm:block">
        <Carousel label="Servicios" slideClassName="basis-1/3" testId="services-carousel">
          {services.map((service) => (
            <Link key={service.id} to={`/servicios/${service.id}`} className="group block">
              <div className="overflow-hidden rounded-t-full bg-sand">
                <MediaImage
                  src={service.urlImagen}
                  alt=""
                  width={900}
                  height={1125}
                  sizes="33vw"
                  className="aspect-[4/5] w-full object-cover transition-transform duration-700 group-hover:scale-105"
                />
              </div>
              <h3 className="mt-5 text-center text-3xl group-hover:text-clay-dark">{service.nombre}</h3>
              {service.slogan && <p className="mt-1 text-center text-sm text-muted">{service.slogan}</p>}
            </Link>
          ))}
        </Carousel>
      </div>
      <ul className="mt-10 divide-y divide-sand border-y border-sand sm:hidden" data-testid="services-phone-links">
        {services.slice(0, PHONE_LINKS).map((service) => (
          <li key={service.id}>
            <Link to={`/servicios/${service.id}`} className="flex items-center gap-4 py-4">
              <MediaImage
                src={service.urlImagen}
                alt=""
                width={160}
                height={160}
                sizes="64px"
                className="size-16 shrink-0 rounded-full object-cover"
              />
              <span className="flex-1 font-serif text-2xl text-cocoa">{service.nombre}</span>
              <ArrowRight className="size-5 text-clay" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <Link to="/servicios" className="btn-outline">
          Todos los servicios
        </Link>
      </div>
    </section>
  );
}
