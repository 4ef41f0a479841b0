/** /admin/aviso: the window in which purchases are paused and the 'Aviso' notice shows. */
import { AdminForm } from "~/components/admin/admin-form";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { useActionFeedback } from "~/components/admin/use-admin-feedback";
import { getDb } from "~/server/db/index.server";
import { requireAdmin } from "~/server/admin/guard.server";
import { saveSetting, settingScreen } from "~/server/admin/settings.server";
import { noticeSetting } from "~/server/admin/shipping.server";
import type { Route } from "./+types/aviso";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return settingScreen(getDb(), noticeSetting);
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return saveSetting(getDb(), noticeSetting, await request.formData());
}

export default function AdminNotice({ loaderData: setting, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  return (
    <AdminPage title="Aviso">
      <AdminPanel title={setting.title}>
        <p className="mb-2 font-medium text-cocoa" data-testid="setting-status">
          {setting.status}
        </p>
        <p className="mb-4 text-sm text-muted">{setting.help}</p>
        <AdminForm
          fields={setting.fields}
          values={setting.values}
          errors={actionData?.errors}
          intent="ajuste"
          submitLabel="Guardar"
          confirm
        />
      </AdminPanel>
    </AdminPage>
  );
}
