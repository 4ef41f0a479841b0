import { Link } from "react-router";
import { MediaImage } from "~/components/site/media-image";
import type { ServiceSummary } from "~/domain/catalog";

/** A service as a round image with its name (the /servicios list). */
export function ServiceCircle({ service, priority = false }: { service: ServiceSummary; priority?: boolean }) {
  return (
    <Link to={`/servicios/${service.id}`} className="group flex flex-col items-center text-center" data-testid="service-circle">
      <span className="block w-full max-w-56 overflow-hidden rounded-full p-1.5 ring-1 ring-sand transition-shadow group-hover:ring-clay">
        <MediaImage
          src={service.urlImagen}
          alt=""
          width={480}
          height={480}
          priority={priority}
          sizes="224px"
          className="aspect-square w-full rounded-full object-cover transition-transform duration-700 group-hover:scale-105"
        />
      </span>
      <span className="mt-5 font-serif text-2xl text-cocoa group-hover:text-clay-dark md:text-3xl">{service.nombre}</span>
      {service.slogan && <span className="mt-1 max-w-60 text-sm text-muted">{service.slogan}</span>}
    </Link>
  );
}
