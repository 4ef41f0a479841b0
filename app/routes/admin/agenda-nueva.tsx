/**
 * /admin/agenda/nueva: a booking taken by phone or in person. Confirmed at once (origen
 * 'estudio', no online deposit; "anticipo recibido en el estudio" is noted); the client gets
 * the confirmation mail with its calendar file. ?fecha= preselects the day; ?retoque={cita}
 * fills in the client and treatment of the session the retoque follows.
 */
import { data, redirect } from "react-router";
import { AdminForm } from "~/components/admin/admin-form";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { useActionFeedback } from "~/components/admin/use-admin-feedback";
import {
  agendaQuery,
  createManualAppointment,
  manualAppointmentFields,
  manualPrefill,
} from "~/server/admin/agenda.server";
import { specsOf } from "~/server/admin/fields.server";
import { requireAdmin } from "~/server/admin/guard.server";
import { getDb } from "~/server/db/index.server";
import type { Route } from "./+types/agenda-nueva";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const { fecha } = agendaQuery(url);
  return {
    fields: specsOf(await manualAppointmentFields(getDb())),
    fecha,
    prefill: await manualPrefill(getDb(), url.searchParams.get("retoque")),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const result = await createManualAppointment(getDb(), await request.formData());
  if (result.ok) throw redirect(`/admin/agenda/${result.id}?guardado=1`);
  return data({ errors: result.errors, alert: result.alert }, { status: result.errors ? 400 : 409 });
}

export default function AdminNewAppointment({
  loaderData: { fields, fecha, prefill },
  actionData,
}: Route.ComponentProps) {
  useActionFeedback(actionData);
  return (
    <AdminPage title={prefill.esRetoque ? "Agendar retoque" : "Nueva cita"} back={{ href: `/admin/agenda?fecha=${fecha}`, label: "Agenda" }}>
      <AdminPanel>
        <p className="mb-4 text-sm text-muted">
          Para citas por teléfono o en persona: queda confirmada al guardar y la clienta recibe la confirmación por
          correo. El horario no puede empalmarse con otra cita.
        </p>
        <AdminForm
          fields={fields}
          values={{ fecha, hora: "", ...prefill }}
          errors={actionData?.errors}
          intent="agendar"
          submitLabel="Agendar cita"
          confirm={false}
          sticky
        />
      </AdminPanel>
    </AdminPage>
  );
}
