/**
 * /admin/agenda/espera (issue 30): who waits for a freed slot, oldest first (the order
 * offers follow), with the offer running for her if any; the studio removes an entry.
 */
import { Form } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { formatSpanishCalendarDate, formatSpanishDateTime } from "~/domain/dates";
import { isPlainId } from "~/domain/limits";
import { FRANJA_LABEL, type Franja } from "~/domain/waitlist";
import { requireAdmin } from "~/server/admin/guard.server";
import { removeEntry, waitingList } from "~/server/booking/waitlist.server";
import { getDb } from "~/server/db/index.server";
import type { Route } from "./+types/agenda-espera";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const rows = await waitingList(getDb());
  return {
    entradas: rows.map(({ entry, tratamiento, oferta }) => ({
      id: entry.id,
      nombre: entry.nombre,
      telefono: entry.telefono,
      correo: entry.correo,
      tratamiento,
      dias: `${formatSpanishCalendarDate(entry.desde)} – ${formatSpanishCalendarDate(entry.hasta)}`,
      franja: entry.franja ? FRANJA_LABEL[entry.franja as Franja] : "Cualquier hora",
      desde: formatSpanishDateTime(entry.createdAt),
      oferta: oferta
        ? { inicio: formatSpanishDateTime(oferta.inicio), hasta: formatSpanishDateTime(oferta.expiraEn) }
        : null,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const id = form.get("id");
  if (form.get("intent") !== "quitar" || !isPlainId(id)) return { ok: false, message: "Solicitud no válida." };
  const removed = await removeEntry(getDb(), id);
  return removed
    ? { ok: true, message: "Quitamos a la clienta de la lista." }
    : { ok: false, message: "Esa entrada ya no está en la lista." };
}

export default function AdminWaitlist({ loaderData: { entradas }, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title="Lista de espera" back={{ href: "/admin/agenda", label: "Agenda" }}>
      {actionData?.message && (
        <p className="mb-4 rounded-xl bg-sand/50 px-4 py-3 text-cocoa" role="status">
          {actionData.message}
        </p>
      )}
      {entradas.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-sand p-6 text-center text-muted">Nadie está esperando.</p>
      ) : (
        <ol className="space-y-2" data-testid="lista-espera">
          {entradas.map((e) => (
            <li
              key={e.id}
              className="grid gap-2 rounded-2xl border border-sand bg-white p-3 sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <span className="min-w-0">
                <span className="block font-medium text-ink">
                  {e.nombre} · {e.tratamiento}
                </span>
                <span className="block text-sm text-muted">
                  {e.dias} · {e.franja} · {e.telefono} · {e.correo} · desde el {e.desde}
                </span>
                {e.oferta && (
                  <span className="mt-1 block text-sm font-medium text-clay-dark">
                    Ofrecido: {e.oferta.inicio} (apartado hasta {e.oferta.hasta})
                  </span>
                )}
              </span>
              <Form method="post">
                <input type="hidden" name="id" value={e.id} />
                <button type="submit" name="intent" value="quitar" className="btn-outline text-sm">
                  Quitar
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
    </AdminPage>
  );
}
