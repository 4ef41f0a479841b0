/** POST: toggles a product in the user's favourites (used by <FavoriteButton>). */
import { data } from "react-router";
import { isPlainId } from "~/domain/limits";
import { loginRequiredFavorites } from "~/domain/messages";
import { toggleFavorite } from "~/server/account/favorites.server";
import { currentUser } from "~/server/session.server";
import type { Route } from "./+types/api.favoritos";

export async function action({ request }: Route.ActionArgs) {
  const user = await currentUser(request);
  if (!user) return data({ error: "login" as const, message: loginRequiredFavorites.text }, { status: 401 });
  const form = await request.formData();
  const productoId = String(form.get("productoId") ?? "").trim();
  const result = isPlainId(productoId) ? await toggleFavorite(user.id, productoId) : { error: "producto-inexistente" as const };
  if ("error" in result) {
    return data({ error: "producto" as const, message: "Este producto ya no existe." }, { status: 404 });
  }
  return { favorito: result.favorito };
}
