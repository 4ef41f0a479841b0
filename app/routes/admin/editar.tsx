/**
 * Create or edit an item of any admin section (/admin/productos/nuevo,
 * /admin/productos/{id}, ...): the section's form, its child lists (a course's units and
 * questions), a visit's code and link to send, and 'Eliminar'.
 */
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { AdminForm } from "~/components/admin/admin-form";
import { AdminList, NewButton } from "~/components/admin/admin-list";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { DeleteButton } from "~/components/admin/delete-button";
import { useActionFeedback, useSavedFlag } from "~/components/admin/use-admin-feedback";
import { VisitShare } from "~/components/admin/visit-share";
import { editAction, editScreen } from "~/server/admin/sections.server";
import type { Route } from "./+types/editar";

export const loader = ({ request, params }: Route.LoaderArgs) => editScreen(request, params.id);

export const action = ({ request, params }: Route.ActionArgs) => editAction(request, params.id);

export default function AdminSectionEdit({ loaderData: screen, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  useSavedFlag();
  // After a save, or on another item, the form starts again from the stored values (and
  // empty file pickers): the same component serves every item of every section.
  const { pathname } = useLocation();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (actionData?.notice) setVersion((v) => v + 1);
  }, [actionData]);

  return (
    <AdminPage title={screen.title} back={{ href: screen.backHref, label: screen.backLabel }}>
      {screen.share && <VisitShare share={screen.share} />}
      <AdminPanel>
        <AdminForm
          key={`${pathname}#${version}`}
          fields={screen.fields}
          values={screen.values}
          errors={actionData?.errors}
          intent="guardar"
          submitLabel={screen.isNew ? "Crear" : "Guardar cambios"}
          confirm={!screen.isNew}
          canRemoveImages={!screen.isNew}
          sticky
        />
      </AdminPanel>
      {screen.children.map((child) => (
        <AdminPanel key={child.section} title={child.title}>
          <div className="space-y-4">
            <AdminList
              items={child.items}
              hrefOf={(item) => `/admin/${child.section}/${item.id}`}
              empty="Todavía no hay ninguno."
            />
            <NewButton href={child.newHref} label={child.addLabel} />
          </div>
        </AdminPanel>
      ))}
      {screen.deleteLabel && <DeleteButton label={screen.deleteLabel} />}
    </AdminPage>
  );
}
