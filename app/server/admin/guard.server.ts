/**
 * The one door to /admin: the logged-in user must have role 'admin'. Everyone else (logged
 * out or a client) gets the site's plain 404, so the area does not even admit it exists.
 * Every admin loader and action calls it (the layout's check alone is not enough: a request
 * can reach an action, or a child's data, without the layout rendering). The rule itself
 * lives in admin.server.ts, shared with the upload API.
 */
import { data } from "react-router";
import { requireAdmin } from "../admin.server";

export { isAdmin, requireAdmin } from "../admin.server";

/**
 * The action of an admin screen that writes nothing (the layout, the home, the order list):
 * a non-admin still gets the 404, never a 405 that would tell the path exists.
 */
export async function refuseWrites(request: Request): Promise<never> {
  await requireAdmin(request);
  throw data(null, { status: 405 });
}
