/**
 * What search engines and link previews read of a booking page, /agendar/{tratamiento}
 * (issue 27): its own title and description, the service's image, and the service's price
 * range with the ReserveAction pointing at this page. The canonical address is the page
 * without the slot's query (`?fecha=…&inicio=…`): `canonicalUrl` keeps only `pagina`.
 */
import type { BookableTreatment } from "~/domain/booking";
import { durationText } from "~/domain/booking";
import { formatPrice } from "~/domain/money";
import { joinSentences, serviceSchema } from "~/domain/seo";
import type { DbOrTx } from "../db/client.server";
import { getService, pageSeo } from "../site/catalog.server";
import { servicePriceRange } from "./booking.server";

export async function bookingPageSeo(db: DbOrTx, treatment: BookableTreatment) {
  const [service, priceRange] = await Promise.all([
    getService(treatment.servicioId),
    servicePriceRange(db, treatment.servicioId),
  ]);
  const seo = await pageSeo(service?.urlImagen ?? undefined);
  const name =
    treatment.nombre === treatment.servicioNombre
      ? treatment.nombre
      : `${treatment.servicioNombre}: ${treatment.nombre}`;
  const description = joinSentences(
    `Agenda ${name} en línea en Guadalajara: ${durationText(treatment.duracion)}, ${formatPrice(treatment.precio)}`,
    treatment.anticipo > 0 ? `Apartas tu cita con un anticipo de ${formatPrice(treatment.anticipo)}` : null,
    "Elige el día y la hora que prefieras",
  );
  const path = `/agendar/${encodeURIComponent(treatment.id)}`;
  const schema = serviceSchema(
    {
      id: treatment.servicioId,
      name,
      description: joinSentences(service?.slogan, service?.descripcion) || description,
      image: service?.urlImagen,
      priceRange,
      bookingPath: path,
    },
    seo.origin,
  );
  return { seo: { ...seo, title: `Agendar ${name}`, description, path }, schema };
}
