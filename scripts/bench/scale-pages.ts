/** The pages `npm run bench:scale` and `scripts/bench/scale-compare.ts` ask, and the admin they log in as. */
export const ADMIN = { email: "admin-escala@example.com", password: "clave-admin-escala-1" };

export const PUBLIC = [
  ["category listing", "/productos/pigmentos"],
  ["category listing, page 5", "/productos/pigmentos?pagina=5"],
  ["product page", "/producto/pig-01"],
  ["course page", "/cursos/{curso}"],
  ["categories", "/categorias"],
  ["sitemap", "/sitemap.xml"],
  ["search, with a typo", "/buscar?q=pigmeto%20cafe"],
  ["search, one word", "/buscar?q=labial"],
] as const;

export const ADMIN_PAGES = [
  ["admin home (the money)", "/admin"],
  ["admin home, a whole year", "/admin?desde=2026-01-01&hasta=2026-12-31"],
  ["admin products", "/admin/productos"],
  ["admin products, page 100", "/admin/productos?pagina=100"],
  ["admin products, search", "/admin/productos?q=rosa"],
  ["admin orders", "/admin/pedidos"],
  ["admin orders, page 2,000", "/admin/pedidos?pagina=2000"],
  ["admin orders, search by e-mail", "/admin/pedidos?q=clienta001234"],
  ["admin orders, by state", "/admin/pedidos?estado=1"],
  ["admin orders, by state, page 500", "/admin/pedidos?estado=3&pagina=500"],
  ["admin students", "/admin/alumnas"],
  ["admin students, page 60", "/admin/alumnas?pagina=60"],
  ["admin students, search", "/admin/alumnas?q=Sof%C3%ADa"],
  ["admin visits", "/admin/visitas"],
  ["admin visits, page 60", "/admin/visitas?pagina=60"],
  ["admin visits, search", "/admin/visitas?q=Luc%C3%ADa"],
  ["admin search, an e-mail", "/admin/buscar?q=clienta001234"],
  ["admin search, a common name", "/admin/buscar?q=sofia%20gonzalez"],
  ["admin search, a common first name alone", "/admin/buscar?q=maria"],
  ["admin clients (ADR 041)", "/admin/clientas"],
  ["admin clients, search", "/admin/clientas?q=sofia%20gonzalez"],
  ["admin clients, a first name alone", "/admin/clientas?q=maria"],
] as const;
