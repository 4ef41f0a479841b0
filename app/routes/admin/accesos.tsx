/**
 * /admin/accesos: give a student a course by hand (a cash or bank-transfer sale, a gift)
 * by her e-mail, and take it back. Every grant and revocation is listed with who did it,
 * when and why.
 */
import { KeyRound, UserX } from "lucide-react";
import { data } from "react-router";
import { AdminForm } from "~/components/admin/admin-form";
import { SearchBox } from "~/components/admin/admin-list";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { RevokeForm } from "~/components/admin/revoke-form";
import { useActionFeedback, useConfirmedSubmit } from "~/components/admin/use-admin-feedback";
import { formatSpanishDateTime } from "~/domain/dates";
import type { AlertMessage } from "~/domain/messages";
import { getDb } from "~/server/db/index.server";
import { specsOf } from "~/server/admin/fields.server";
import { courseOptions, grantCourse, grantFields, listGrants, revokeGrant } from "~/server/admin/grants.server";
import { requireAdmin } from "~/server/admin/guard.server";
import { searchTerm } from "~/server/admin/resource.server";
import { listInvitations, revokeInvitation } from "~/server/school/invitations.server";
import { CourseInvitationsPanel } from "~/components/courses/course-invitations-panel";
import type { Route } from "./+types/accesos";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const q = searchTerm(new URL(request.url));
  const grants = await listGrants(db, q);
  return {
    q,
    fields: specsOf(grantFields(await courseOptions(db))),
    grants: grants.map((g) => ({
      ...g,
      fecha: formatSpanishDateTime(g.fecha),
      revocado: g.revocado && { ...g.revocado, fecha: formatSpanishDateTime(g.revocado.fecha) },
    })),
    invitaciones: (await listInvitations(db)).map((i) => ({ ...i, fecha: formatSpanishDateTime(i.fecha) })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") === "revocar-invitacion") {
    if (!(await revokeInvitation(getDb(), form.get("invitacionId")))) {
      const alert: AlertMessage = { icon: "error", title: "No se pudo revocar", text: "Esa invitación ya no está pendiente." };
      return data({ alert, errors: undefined, notice: undefined }, { status: 400 });
    }
    return { alert: undefined, errors: undefined, notice: "Invitación revocada: ese correo ya no recibirá el curso." };
  }
  if (form.get("intent") === "revocar") {
    const result = await revokeGrant(getDb(), admin, form.get("grantId"), form);
    if (!result.ok) {
      const alert: AlertMessage = {
        icon: "error",
        title: "No se pudo revocar",
        text: Object.values(result.errors)[0] ?? "Revisa los datos.",
      };
      return data({ alert, errors: undefined, notice: undefined }, { status: 400 });
    }
    return { alert: undefined, errors: undefined, notice: result.notice };
  }
  const result = await grantCourse(getDb(), admin, form);
  if (!result.ok) return data({ alert: undefined, errors: result.errors, notice: undefined }, { status: 400 });
  return { alert: undefined, errors: undefined, notice: result.notice };
}

export default function AdminGrants({ loaderData: { q, fields, grants, invitaciones }, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  const submit = useConfirmedSubmit();
  const done = actionData?.notice && !actionData.errors;
  return (
    <AdminPage title="Accesos a cursos">
      <AdminPanel title="Dar acceso a un curso">
        <p className="mb-4 text-sm text-muted">
          Para ventas en efectivo o por transferencia: la alumna ve el curso en Mis cursos en cuanto lo guardas. Debe
          tener cuenta en el sitio con ese correo. Una cortesía a un correo sin cuenta se envía como invitación.
        </p>
        <AdminForm
          key={done ? actionData.notice : "nuevo"}
          fields={fields}
          values={{ correo: "", cursoId: "", motivo: "efectivo", nota: "" }}
          errors={actionData?.errors}
          intent="otorgar"
          submitLabel="Dar acceso"
          confirm={false}
        />
      </AdminPanel>

      <CourseInvitationsPanel invitaciones={invitaciones} />

      <AdminPanel title="Accesos dados a mano">
        <SearchBox label="Buscar por correo" placeholder="Correo de la alumna" q={q} />
        {grants.length === 0 ? (
          <p className="mt-4 text-muted">{q ? "Ningún acceso con ese correo." : "Aún no has dado accesos a mano."}</p>
        ) : (
          <ul className="mt-4 divide-y divide-sand" data-testid="grants">
            {grants.map((g) => (
              <li key={g.id} className="flex flex-wrap items-start gap-3 py-4" data-testid="grant">
                <span
                  className={`grid size-10 shrink-0 place-items-center rounded-full ${g.revocado ? "bg-sand text-muted" : "bg-blush text-cocoa"}`}
                >
                  {g.revocado ? <UserX className="size-5" aria-hidden /> : <KeyRound className="size-5" aria-hidden />}
                </span>
                <div className="min-w-0 flex-1 basis-56">
                  <p className={`font-medium ${g.revocado ? "text-muted line-through" : "text-cocoa"}`}>{g.curso}</p>
                  <p className="break-words text-sm text-cocoa">
                    {g.alumna} · {g.correo}
                  </p>
                  <p className="text-xs text-muted">
                    {g.motivo}
                    {g.nota && ` · ${g.nota}`} · dado por {g.otorgadoPor} el {g.fecha}
                  </p>
                  {g.revocado && (
                    <p className="text-xs text-muted">
                      Revocado por {g.revocado.por} el {g.revocado.fecha}: {g.revocado.motivo}
                    </p>
                  )}
                </div>
                {!g.revocado && (
                  <RevokeForm fields={{ intent: "revocar", grantId: g.id }} reasonName="motivoRevocacion" submit={submit} />
                )}
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
    </AdminPage>
  );
}
