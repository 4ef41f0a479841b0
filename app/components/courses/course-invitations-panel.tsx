/**
 * /admin/accesos: the invitations to students without an account yet (ADR 047), with their
 * state, and 'Revocar' on the pending ones.
 */
import { MailQuestion } from "lucide-react";
import { AdminPanel } from "~/components/admin/admin-page";
import { useConfirmedSubmit } from "~/components/admin/use-admin-feedback";

export type InvitationRow = { id: number; correo: string; curso: string; estado: string; fecha: string };

const ESTADOS: Record<string, string> = {
  pendiente: "Pendiente: aún no crea su cuenta",
  aceptada: "Aceptada: ya tiene el curso",
  revocada: "Revocada",
};

export function CourseInvitationsPanel({ invitaciones }: { invitaciones: InvitationRow[] }) {
  const submit = useConfirmedSubmit();
  if (invitaciones.length === 0) return null;
  return (
    <AdminPanel title="Invitaciones por correo">
      <ul className="divide-y divide-sand" data-testid="invitations">
        {invitaciones.map((inv) => (
          <li key={inv.id} className="flex flex-wrap items-center gap-3 py-4" data-testid="invitation">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-sand text-cocoa">
              <MailQuestion className="size-5" aria-hidden />
            </span>
            <div className="min-w-0 flex-1 basis-56">
              <p className={`font-medium ${inv.estado === "revocada" ? "text-muted line-through" : "text-cocoa"}`}>
                {inv.curso}
              </p>
              <p className="break-words text-sm text-cocoa">{inv.correo}</p>
              <p className="text-xs text-muted">
                {ESTADOS[inv.estado] ?? inv.estado} · enviada el {inv.fecha}
              </p>
            </div>
            {inv.estado === "pendiente" && (
              <form
                method="post"
                onSubmit={(event) => {
                  event.preventDefault();
                  void submit(event.currentTarget);
                }}
              >
                <input type="hidden" name="intent" value="revocar-invitacion" />
                <input type="hidden" name="invitacionId" value={inv.id} />
                <button type="submit" className="btn-outline min-h-12">
                  Revocar invitación
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </AdminPanel>
  );
}
