import { env } from "~/server/env.server";

export function loader() {
  const base = env.publicUrl.replace(/\/$/, "");
  const body = [
    "User-agent: *",
    "Disallow: /mi-perfil",
    "Disallow: /mis-",
    "Disallow: /editar-perfil",
    "Disallow: /verificar-correo",
    "Disallow: /pagar",
    "Disallow: /carrito",
    "Disallow: /curso-michel-alvarez/",
    "Disallow: /examen-michel-alvare/",
    "Disallow: /tu-visita-con-",
    "Disallow: /admin",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
