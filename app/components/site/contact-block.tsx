import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { fullAddress, site, whatsappLink } from "~/config/site";

/** Address, phone, mail, hours and WhatsApp: the studio's contact details in one block. */
export function ContactBlock({ headingLevel = "h3" }: { headingLevel?: "h2" | "h3" }) {
  const H = headingLevel;
  return (
    <div className="grid gap-8 sm:grid-cols-2" data-testid="contact-block">
      <div className="flex gap-4">
        <MapPin className="mt-1 size-5 shrink-0 text-clay" aria-hidden strokeWidth={1.5} />
        <div>
          <H className="text-xl">Dirección</H>
          <address className="mt-2 text-sm not-italic leading-relaxed text-muted">{fullAddress()}</address>
        </div>
      </div>
      <div className="flex gap-4">
        <Clock className="mt-1 size-5 shrink-0 text-clay" aria-hidden strokeWidth={1.5} />
        <div>
          <H className="text-xl">Horario</H>
          <ul className="mt-2 space-y-1 text-sm text-muted">
            {site.hours.map((h) => (
              <li key={h.days}>
                <span className="text-ink">{h.days}</span>: {h.open} a {h.close}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="flex gap-4">
        <Phone className="mt-1 size-5 shrink-0 text-clay" aria-hidden strokeWidth={1.5} />
        <div>
          <H className="text-xl">Teléfono y WhatsApp</H>
          {/* Each link 24 px tall, one under the other (WCAG 2.2 target size). */}
          <p className="mt-2 flex flex-col items-start text-sm text-muted">
            <a
              href={site.phoneHref}
              className="inline-flex min-h-6 items-center text-ink underline-offset-4 hover:underline"
            >
              {site.phone}
            </a>
            <a
              href={whatsappLink()}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-6 items-center text-clay-dark underline-offset-4 hover:underline"
            >
              Escríbenos por WhatsApp
            </a>
          </p>
        </div>
      </div>
      <div className="flex gap-4">
        <Mail className="mt-1 size-5 shrink-0 text-clay" aria-hidden strokeWidth={1.5} />
        <div>
          <H className="text-xl">Correo</H>
          <p className="mt-2 text-sm">
            <a
              href={`mailto:${site.email}`}
              className="inline-flex min-h-6 items-center break-all text-ink underline-offset-4 hover:underline"
            >
              {site.email}
            </a>
          </p>
        </div>
      </div>
    </div>
  );
}
