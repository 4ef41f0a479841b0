/**
 * /agendar (issue 15): choose what to book, grouped by service; `?servicio=` (from a service
 * page) shows that service first. Personal-free but dynamic: never in the page cache.
 */
import { Clock, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { pageMeta } from "~/components/site/seo";
import { whatsappLink } from "~/config/site";
import { durationText } from "~/domain/booking";
import { formatPrice } from "~/domain/money";
import { bookableTreatments } from "~/server/booking/booking.server";
import { getDb } from "~/server/db/index.server";
import { pageSeo } from "~/server/site/catalog.server";
import type { Route } from "./+types/agendar";

export async function loader({ request }: Route.LoaderArgs) {
  const servicio = new URL(request.url).searchParams.get("servicio")?.slice(0, 100) ?? null;
  const treatments = await bookableTreatments(getDb());
  const groups: { servicioId: string; servicio: string; treatments: typeof treatments }[] = [];
  for (const t of treatments) {
    let group = groups.find((g) => g.servicioId === t.servicioId);
    if (!group) {
      group = { servicioId: t.servicioId, servicio: t.servicioNombre, treatments: [] };
      groups.push(group);
    }
    group.treatments.push(t);
  }
  // The service the visitor came from goes first.
  groups.sort((a, b) => Number(b.servicioId === servicio) - Number(a.servicioId === servicio));
  return { groups, servicio, seo: await pageSeo() };
}

export function meta({ loaderData }: Route.MetaArgs) {
  // `?servicio=` only orders the list: the canonical address is /agendar alone.
  return pageMeta({
    title: "Agenda tu cita",
    description:
      "Elige tu servicio, el día y la hora: agenda tu cita en línea en el estudio Michel Alvarez, Guadalajara.",
    path: "/agendar",
    ...loaderData?.seo,
  });
}

export default function Agendar({ loaderData }: Route.ComponentProps) {
  const { groups, servicio } = loaderData;
  return (
    <section className="container-page py-10 md:py-16">
      <p className="eyebrow">Agenda tu cita</p>
      <h1 className="mt-3 text-4xl md:text-5xl">¿Qué te gustaría hacerte?</h1>
      <p className="mt-4 max-w-xl text-ink/80">
        Elige el servicio y después el día y la hora que prefieras. Te confirmamos por correo al momento.
      </p>
      {groups.length === 0 && (
        <p className="mt-8 text-ink/80" data-testid="no-treatments">
          Por ahora las citas se agendan por WhatsApp.
        </p>
      )}
      <div className="mt-8 space-y-10">
        {groups.map((group) => (
          <section
            key={group.servicioId}
            aria-labelledby={`servicio-${group.servicioId}`}
            data-testid="booking-service"
          >
            <h2 id={`servicio-${group.servicioId}`} className="text-3xl">
              {group.servicio}
              {group.servicioId === servicio && <span className="sr-only"> (el servicio que elegiste)</span>}
            </h2>
            <ul className="mt-4 grid gap-3 md:grid-cols-2">
              {group.treatments.map((t) => (
                <li key={t.id}>
                  <Link
                    to={`/agendar/${t.id}`}
                    data-testid="booking-treatment"
                    className="flex items-center justify-between gap-4 rounded-2xl border border-sand bg-white p-5 transition hover:border-clay hover:shadow-lg hover:shadow-cocoa/5"
                  >
                    <span>
                      <span className="block font-serif text-2xl text-ink">{t.nombre}</span>
                      <span className="mt-1 flex items-center gap-1 text-sm text-muted">
                        <Clock className="size-4" aria-hidden /> {durationText(t.duracion)}
                        {t.anticipo > 0 && <> · anticipo {formatPrice(t.anticipo)}</>}
                      </span>
                    </span>
                    <span className="shrink-0 text-right font-medium text-clay-dark">{formatPrice(t.precio)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className="mt-12 text-ink/80">
        ¿Prefieres que te ayudemos a elegir?{" "}
        <a
          href={whatsappLink()}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-clay-dark underline"
        >
          <MessageCircle className="size-4" aria-hidden /> Escríbenos por WhatsApp
        </a>
      </p>
    </section>
  );
}
