/** /admin/alumnas: every enrolment (student and course), newest first; search and course filter. */
import { ExportPanel } from "~/components/admin/export-panel";
import { FILTROS } from "~/domain/export-filters";
import { AdminList, SearchBox } from "~/components/admin/admin-list";
import { AdminPager, listHref } from "~/components/admin/admin-pager";
import { AdminPage } from "~/components/admin/admin-page";
import { formatSpanishDate } from "~/domain/dates";
import { resultsLabel } from "~/domain/pagination";
import { getDb } from "~/server/db/index.server";
import { courseOptions } from "~/server/admin/grants.server";
import { refuseWrites, requireAdmin } from "~/server/admin/guard.server";
import { listStudents, studentFilter } from "~/server/admin/students.server";
import { progressOfEnrolments } from "~/server/school/progress.server";
import type { Route } from "./+types/alumnas";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const filter = studentFilter(new URL(request.url));
  const [{ rows, total, page }, courses] = await Promise.all([listStudents(db, filter), courseOptions(db)]);
  const progress = await progressOfEnrolments(db, rows);
  return {
    filter: { ...filter, pagina: page.page },
    total,
    page,
    courses,
    items: rows.map((r) => ({
      id: `${r.userId}/${r.cursoId}`,
      title: `${r.nombre} · ${r.curso}`,
      detail: `${r.correo} · desde el ${formatSpanishDate(r.fecha)} · ${progressText(progress.get(`${r.userId}/${r.cursoId}`))}`,
      badge: r.compraId ? undefined : "A mano",
      // a bought course opens its order; one given by hand, its grant
      href: r.compraId
        ? `/admin/pedidos/${encodeURIComponent(r.compraId)}`
        : `/admin/accesos?q=${encodeURIComponent(r.correo)}`,
    })),
  };
}

/** '40 % terminado · último avance el 3 de noviembre de 2026' (ADR 044). */
function progressText(p: { porcentaje: number; ultimoAvance: Date | null } | undefined): string {
  if (!p) return "0 % terminado";
  const last = p.ultimoAvance ? ` · último avance el ${formatSpanishDate(p.ultimoAvance)}` : "";
  return `${p.porcentaje} % terminado${last}`;
}

export const action = ({ request }: Route.ActionArgs) => refuseWrites(request);

export default function AdminStudents({ loaderData: { filter, total, page, courses, items } }: Route.ComponentProps) {
  return (
    <AdminPage title="Alumnas">
      <ExportPanel lista="clientas" title="Exportar clientas a CSV" applies={false} estados={FILTROS.clientas.estados} metodos={FILTROS.clientas.metodos} searchLabel="Nombre, correo o teléfono" value={{}} />
      <SearchBox label="Buscar alumna por nombre o correo" placeholder="Nombre o correo" q={filter.q}>
        <label className="w-full sm:w-auto">
          <span className="sr-only">Curso</span>
          <select name="curso" defaultValue={filter.curso} className="field min-h-12">
            <option value="">Todos los cursos</option>
            {courses.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      </SearchBox>
      <p className="text-sm text-muted" data-testid="admin-count">
        {total > 0 ? resultsLabel(page, total) : "0 resultados"}
      </p>
      <AdminList
        items={items}
        hrefOf={(item) => items.find((i) => i.id === item.id)?.href ?? "/admin/alumnas"}
        empty={filter.q || filter.curso ? "Ninguna alumna coincide con la búsqueda." : "Aún no hay alumnas inscritas."}
      />
      <AdminPager
        page={filter.pagina}
        pages={page.pages}
        hrefOf={(pagina) => listHref({ curso: filter.curso, q: filter.q }, pagina)}
      />
    </AdminPage>
  );
}
