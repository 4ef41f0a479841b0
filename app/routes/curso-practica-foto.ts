/**
 * /curso-michel-alvarez/{id}/practicas/{fotoId}: one photo of a practice submission (issue 31,
 * ADR 045), from private storage, for the student who sent it or an admin. Anyone else, an
 * unknown id or another course's path: the same plain 404.
 */
import { adminCheck } from "~/server/admin/guard.server";
import { practicePhoto } from "~/server/school/practice.server";
import type { Route } from "./+types/curso-practica-foto";

export async function loader({ request, params }: Route.LoaderArgs) {
  const check = await adminCheck(request);
  const viewer = check.user ? { id: check.user.id, admin: check.admin } : null;
  const bytes = await practicePhoto(viewer, params.id, params.foto);
  if (!bytes) {
    return new Response("Foto no encontrada", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    });
  }
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" },
  });
}
