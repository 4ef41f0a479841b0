/**
 * GET: whether the logged-in user accepted the terms ({ terminos: null } logged out).
 * POST: records the acceptance (the <TermsDialog>'s 'Aceptar.'), with its time and version.
 */
import { data } from "react-router";
import { acceptTerms } from "~/server/account/profile.server";
import { currentUser } from "~/server/session.server";
import type { Route } from "./+types/api.terminos";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await currentUser(request);
  return data({ terminos: user ? user.terminos : null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await currentUser(request);
  if (!user) return data({ ok: false as const }, { status: 401 });
  await acceptTerms(user.id);
  return { ok: true as const };
}
