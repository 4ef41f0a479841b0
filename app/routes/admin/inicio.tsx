/** /admin: what needs attention today, and a tile per section. */
import { Link } from "react-router";
import { ADMIN_SECTIONS } from "~/components/admin/admin-nav";
import { AdminPage } from "~/components/admin/admin-page";
import { getDb } from "~/server/db/index.server";
import { refuseWrites, requireAdmin } from "~/server/admin/guard.server";
import { adminHomeCounts } from "~/server/admin/sections.server";
import type { Route } from "./+types/inicio";
import { plural } from "~/domain/plural";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { nombre: user.name, counts: await adminHomeCounts(getDb()) };
}

export const action = ({ request }: Route.ActionArgs) => refuseWrites(request);

export default function AdminHome({ loaderData: { nombre, counts } }: Route.ComponentProps) {
  const notes: Record<string, string> = {
    "/admin/agenda": counts.citasHoy ? `${plural(counts.citasHoy, "cita", "citas")} hoy` : "Sin citas hoy",
    "/admin/bloqueos": "Festivos y horas sin citas",
    "/admin/pedidos": `${plural(counts.pedidos, "pedido", "pedidos")} por enviar`,
    "/admin/reembolsos": counts.reembolsos ? `${plural(counts.reembolsos, "pago", "pagos")} por reembolsar` : "Nada por reembolsar",
    "/admin/accesos": "Dar o quitar un curso a mano",
    "/admin/cursos-de-regalo": "Cursos que regalan otro",
    "/admin/productos": `${plural(counts.productos, "producto", "productos")}${counts.agotados ? ` · ${plural(counts.agotados, "agotado", "agotados")}` : ""}`,
    "/admin/categorias": plural(counts.categorias, "categoría", "categorías"),
    "/admin/servicios": plural(counts.servicios, "servicio", "servicios"),
    "/admin/cursos": plural(counts.cursos, "curso", "cursos"),
    "/admin/visitas": plural(counts.visitas, "visita", "visitas"),
    "/admin/promociones": "Códigos de descuento",
    "/admin/envios": "Tarifas y envío gratis",
    "/admin/aviso": "Pausar las compras",
  };
  return (
    <AdminPage title={`Hola, ${nombre}`}>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {ADMIN_SECTIONS.filter((s) => s.href !== "/admin").map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <Link
              to={href}
              className="flex min-h-20 items-center gap-4 rounded-2xl border border-sand bg-white p-4 hover:border-clay"
            >
              <span className="grid size-12 shrink-0 place-items-center rounded-full bg-blush text-cocoa">
                <Icon className="size-6" aria-hidden />
              </span>
              <span>
                <span className="block font-serif text-xl text-cocoa">{label}</span>
                <span className="block text-sm text-muted">{notes[href]}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
