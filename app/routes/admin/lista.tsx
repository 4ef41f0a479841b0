/**
 * The list of any admin section (/admin/productos, /admin/categorias, ...): the section
 * comes from the URL, its description from app/server/admin/sections.server.ts.
 */
import { Link, useLocation } from "react-router";
import { AdminForm } from "~/components/admin/admin-form";
import { AdminList, NewButton, SearchBox } from "~/components/admin/admin-list";
import { AdminPager, listHref } from "~/components/admin/admin-pager";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { useActionFeedback } from "~/components/admin/use-admin-feedback";
import { resultsLabel } from "~/domain/pagination";
import { listAction, listScreen } from "~/server/admin/sections.server";
import type { Route } from "./+types/lista";

export const loader = ({ request }: Route.LoaderArgs) => listScreen(request);

export const action = ({ request }: Route.ActionArgs) => listAction(request);

export default function AdminSectionList({ loaderData: screen, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  const { pathname } = useLocation();
  return (
    <AdminPage
      key={screen.section}
      title={screen.title}
      action={<NewButton href={screen.newHref} label={screen.newLabel} />}
    >
      {screen.tabs.length > 0 && (
        <nav aria-label="Tipo" className="grid grid-cols-2 gap-1 rounded-full bg-sand p-1">
          {screen.tabs.map((tab) => (
            <Link
              key={tab.href}
              to={tab.href}
              aria-current={pathname === tab.href ? "page" : undefined}
              className={`flex min-h-11 items-center justify-center rounded-full text-sm font-medium ${pathname === tab.href ? "bg-white text-cocoa shadow" : "text-cocoa"}`}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
      )}
      {screen.setting && (
        <AdminPanel title={screen.setting.title}>
          <p className="mb-4 text-sm text-muted" data-testid="setting-status">
            {screen.setting.status} {screen.setting.help}
          </p>
          <AdminForm
            fields={screen.setting.fields}
            values={screen.setting.values}
            errors={actionData?.errors}
            intent="ajuste"
            submitLabel="Guardar"
            confirm
          />
        </AdminPanel>
      )}
      {screen.search && (
        <SearchBox label={`Buscar: ${screen.search.toLowerCase()}`} placeholder={screen.search} q={screen.q} />
      )}
      {screen.pager && screen.pager.total > 0 && (
        <p className="text-sm text-muted" data-testid="admin-count">
          {resultsLabel(screen.pager, screen.pager.total)}
        </p>
      )}
      <AdminList
        items={screen.items}
        hrefOf={(item) => `/admin/${screen.section}/${item.id}`}
        empty={screen.q ? "Nada coincide con la búsqueda." : "Todavía no hay nada aquí."}
      />
      {screen.pager && (
        <AdminPager
          page={screen.pager.page}
          pages={screen.pager.pages}
          hrefOf={(pagina) => listHref({ q: screen.q }, pagina)}
        />
      )}
    </AdminPage>
  );
}
