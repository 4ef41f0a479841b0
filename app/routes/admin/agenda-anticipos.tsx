/**
 * /admin/agenda/anticipos: the deposits paid online for appointments, newest first: when,
 * who, how much, the payment's state and whether it was (or must be) refunded.
 */
import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { depositsTaken } from "~/server/admin/agenda.server";
import { refuseWrites, requireAdmin } from "~/server/admin/guard.server";
import { getDb } from "~/server/db/index.server";
import type { Route } from "./+types/agenda-anticipos";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const items = await depositsTaken(getDb());
  return {
    items: items.map((d) => ({
      ...d,
      fecha: formatSpanishDateTime(d.fecha),
      cita: formatSpanishDateTime(d.cita),
    })),
  };
}

export const action = ({ request }: Route.ActionArgs) => refuseWrites(request);

const REEMBOLSO = { no: "No", pendiente: "Por reembolsar", hecho: "Reembolsado" } as const;

export default function AdminDeposits({ loaderData: { items } }: Route.ComponentProps) {
  return (
    <AdminPage title="Anticipos recibidos" back={{ href: "/admin/agenda", label: "Agenda" }}>
      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-sand p-6 text-center text-muted">
          Todavía no hay anticipos pagados en línea.
        </p>
      ) : (
        <ul className="space-y-2" data-testid="anticipos">
          {items.map((d) => (
            <li key={d.citaId}>
              <Link
                to={`/admin/agenda/${d.citaId}`}
                className="grid gap-1 rounded-2xl border border-sand bg-white p-3 transition-colors hover:border-clay sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4"
              >
                <span className="min-w-0">
                  <span className="block font-medium text-ink">
                    {d.nombre} · {formatPrice(d.monto)}
                  </span>
                  <span className="block text-sm text-muted">
                    Pagado el {d.fecha} · {d.tratamiento} · cita del {d.cita} ({d.estadoCita.toLowerCase()})
                  </span>
                </span>
                <span className="flex flex-wrap gap-2 text-xs font-medium">
                  <span className="rounded-full bg-blush px-2 py-0.5 text-cocoa">{d.pagoEstado}</span>
                  <span
                    className={`rounded-full px-2 py-0.5 ${d.reembolso === "pendiente" ? "bg-amber-100 text-amber-900" : "bg-sand text-cocoa"}`}
                  >
                    Reembolso: {REEMBOLSO[d.reembolso]}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
