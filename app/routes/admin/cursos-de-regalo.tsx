/**
 * /admin/cursos-de-regalo: the courses that come with another course and the
 * free-second-course promotion (dates and places), stored in ajustes 'cursos'.
 */
import { AdminForm } from "~/components/admin/admin-form";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { useActionFeedback } from "~/components/admin/use-admin-feedback";
import { getDb } from "~/server/db/index.server";
import { courseSettingsSetting, promotionPlaces } from "~/server/admin/course-settings.server";
import { courseOptions } from "~/server/admin/grants.server";
import { requireAdmin } from "~/server/admin/guard.server";
import { saveSetting, settingScreen } from "~/server/admin/settings.server";
import type { Route } from "./+types/cursos-de-regalo";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const setting = courseSettingsSetting(await courseOptions(db));
  return { setting: await settingScreen(db, setting), lugares: await promotionPlaces(db) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const db = getDb();
  return saveSetting(db, courseSettingsSetting(await courseOptions(db)), await request.formData());
}

export default function AdminCourseGifts({ loaderData: { setting, lugares }, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  return (
    <AdminPage title="Cursos de regalo">
      <AdminPanel>
        <p className="font-medium text-cocoa" data-testid="setting-status">
          {setting.status}
        </p>
        {lugares && (
          <p className="mt-1 text-sm text-cocoa" data-testid="promo-places">
            Lugares de la promoción: {lugares.usados} de {lugares.maximo} usados
            {lugares.maximo > lugares.usados ? ` (quedan ${lugares.maximo - lugares.usados})` : " (sin lugares)"}.
          </p>
        )}
        <p className="mt-2 mb-4 text-sm text-muted">{setting.help}</p>
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
