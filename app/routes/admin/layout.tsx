/**
 * /admin: the studio's area. Only users with role 'admin' get past this loader; anyone
 * else gets the site's 404 (every child loader and action checks again).
 */
import { Outlet } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import type { WhatsAppHandle } from "~/components/layout/whatsapp-button";
import { refuseWrites, requireAdmin } from "~/server/admin/guard.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { nombre: user.name };
}

export const action = ({ request }: Route.ActionArgs) => refuseWrites(request);

/** The clients' floating WhatsApp link has no use in the studio's own area. */
export const handle: WhatsAppHandle = { whatsapp: false };

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function AdminLayout() {
  return (
    <div className="md:container-page md:flex md:gap-8 md:py-10">
      <aside className="md:sticky md:top-24 md:w-52 md:shrink-0 md:self-start">
        <AdminNav />
      </aside>
      <div className="min-w-0 flex-1 px-4 py-6 pb-24 md:px-0 md:py-0">
        <Outlet />
      </div>
    </div>
  );
}
