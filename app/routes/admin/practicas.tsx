/**
 * /admin/practicas (issue 31 item 2, ADR 045): the students' practice submissions, those
 * waiting for review first (oldest first), then the reviewed ones, newest first.
 */
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { requireAdmin, refuseWrites } from "~/server/admin/guard.server";
import { listSubmissions } from "~/server/school/practice.server";
import type { Route } from "./+types/practicas";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const entregas = await listSubmissions();
  return { entregas: entregas.map(({ createdAt: _c, ...e }) => e) };
}

export const action = ({ request }: Route.ActionArgs) => refuseWrites(request);

const LABEL = { pendiente: "Por revisar", aprobada: "Aprobada", repetir: "Repetir" } as const;
const BADGE = {
  pendiente: "bg-cocoa text-cream",
  aprobada: "bg-emerald-50 text-emerald-800",
  repetir: "bg-amber-50 text-amber-900",
} as const;

export default function AdminPractices({ loaderData }: Route.ComponentProps) {
  const { entregas } = loaderData;
  const pendientes = entregas.filter((e) => e.estado === "pendiente").length;
  return (
    <AdminPage title="Prácticas">
      <p className="text-muted">
        Las alumnas envían fotos de su práctica desde cada unidad que la pide. Apruébala o pide que la repita con un
        comentario: ella lo ve en la unidad y recibe un correo.
      </p>
      <AdminPanel title={`Por revisar (${pendientes})`}>
        {entregas.length === 0 ? (
          <p className="text-muted">Todavía no hay prácticas enviadas.</p>
        ) : (
          <ul className="divide-y divide-sand" data-testid="admin-practices">
            {entregas.map((e) => (
              <li key={e.id}>
                <Link
                  to={`/admin/practicas/${e.id}`}
                  className="flex min-h-16 items-center gap-3 py-3 hover:bg-cream"
                  data-testid="admin-practice"
                >
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="font-medium text-cocoa">{e.alumna}</span>
                      <span className={`rounded-full px-2 py-0.5 text-xs ${BADGE[e.estado]}`}>{LABEL[e.estado]}</span>
                    </p>
                    <p className="mt-0.5 truncate text-sm text-ink/85">
                      {e.curso} · {e.unidad}
                    </p>
                    <p className="text-xs text-muted">
                      {e.fecha} · {e.fotos} {e.fotos === 1 ? "foto" : "fotos"}
                    </p>
                  </div>
                  <ChevronRight className="size-4 shrink-0 text-muted" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
    </AdminPage>
  );
}
