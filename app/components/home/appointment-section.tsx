import { CalendarDays, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { site, whatsappLink } from "~/config/site";
import type { ServiceSummary } from "~/domain/catalog";

/** Ways to book: online (/agendar, per service), WhatsApp with a message already written, or a call. */
export function AppointmentSection({ services }: { services: ServiceSummary[] }) {
  return (
    <section aria-labelledby="cita-titulo" className="container-page py-16 md:py-24">
      <div className="overflow-hidden rounded-[2rem] bg-cocoa px-6 py-14 text-cream md:px-16 md:py-20">
        <div className="grid gap-12 md:grid-cols-2 md:items-center">
          <div>
            <p className="eyebrow text-blush">Agenda tu cita</p>
            <h2 id="cita-titulo" className="mt-3 text-4xl text-cream md:text-5xl">
              Tu nueva mirada empieza hoy
            </h2>
            <p className="mt-5 leading-relaxed text-cream/80">
              Elige tu servicio, el día y la hora en línea y recibe tu confirmación al momento. ¿Dudas? Escríbenos por WhatsApp y te ayudamos a elegir la técnica ideal.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Link to="/agendar" className="btn-accent" data-testid="appointment-book">
                <CalendarDays className="size-4" aria-hidden />
                Agendar en línea
              </Link>
              <a
                href={whatsappLink()}
                target="_blank"
                rel="noopener noreferrer"
                className="btn bg-[#25d366] text-ink hover:bg-[#1fb857]"
                data-testid="appointment-whatsapp"
              >
                <MessageCircle className="size-4" aria-hidden />
                WhatsApp
              </a>
              <a href={site.phoneHref} className="btn border border-cream/50 text-cream hover:bg-cream hover:text-cocoa">
                <Phone className="size-4" aria-hidden />
                Llamar
              </a>
            </div>
          </div>
          {services.length > 0 && (
            <div>
              <p className="text-sm uppercase tracking-[0.2em] text-cream/60">Agenda directo por servicio</p>
              <ul className="mt-4 divide-y divide-cream/15 border-y border-cream/15">
                {services.map((service) => (
                  <li key={service.id}>
                    <Link
                      to={`/agendar?servicio=${encodeURIComponent(service.id)}`}
                      className="flex items-center justify-between gap-4 py-4 font-serif text-2xl text-cream hover:text-blush"
                    >
                      {service.nombre}
                      <CalendarDays className="size-5 shrink-0 text-blush" aria-hidden />
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
