import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The spec's routes (SPEC section 2), exact paths, case included. */
export default [
  index("routes/home.tsx"),

  // public site: about, contact, services, gallery, course pages
  route("nosotros", "routes/nosotros.tsx"),
  route("Contacto", "routes/contacto.tsx"),
  route("gracias", "routes/gracias.tsx"),
  route("servicios", "routes/servicios.tsx"),
  route("servicios/:id", "routes/servicio.tsx"),
  route("galeria", "routes/galeria.tsx"),
  route("cursos", "routes/cursos.tsx"),
  route("cursos/:id", "routes/curso.tsx"),
  route("cursos-presenciales/:id", "routes/curso-presencial.tsx"),

  // legal
  route("aviso-de-privacidad", "routes/aviso-de-privacidad.tsx"),
  route("terminos-y-condiciones", "routes/terminos-y-condiciones.tsx"),
  route("terminos-y-privacidad", "routes/terminos-y-privacidad.tsx"),

  // shop: catalogue, product page, cart
  route("categorias", "routes/categorias.tsx"),
  route("productos/:id", "routes/productos.tsx"),
  route("producto/:id", "routes/producto.tsx"),
  route("carrito", "routes/carrito.tsx"),
  // search (issue 29): the clients' results page; the header's box sends a GET here
  route("buscar", "routes/buscar.tsx"),

  // booking (issue 15): choose, calendar and form, the appointment's own page, mine
  route("agendar", "routes/agendar.tsx"),
  route("agendar/:tratamiento", "routes/agendar-tratamiento.tsx"),
  // the waitlist and its 30-minute offers; the aftercare check-ins' photo page (issue 30)
  route("agendar/:tratamiento/lista-de-espera", "routes/lista-de-espera.tsx"),
  route("lista-de-espera/:token", "routes/lista-de-espera-oferta.tsx"),
  route("cuidados/:token", "routes/cuidados.tsx"),
  route("cuidados/:token/foto/:foto", "routes/cuidados-foto.ts"),
  route("cita/:token", "routes/cita.tsx"),
  route("cita/:token/pago", "routes/cita-pago.ts"),
  route("mis-citas", "routes/mis-citas.tsx"),

  // checkout and orders (guarded)
  route("pagar", "routes/pagar.tsx"),
  route("mis-compras", "routes/mis-compras.tsx"),
  route("mis-compras/factura/:id", "routes/mis-compras-factura.tsx"),
  route("mis-compras/facturas/:id/:formato", "routes/factura-archivo.ts"),
  route("mis-compras/notas-credito/:id/:formato", "routes/nota-credito-archivo.ts"),
  // the studio's monthly global invoice's PDF and XML (admin only)
  route("admin/facturas-globales/:id/:formato", "routes/admin/factura-global-archivo.ts"),
  // the owner's lists as CSV for the contador (issue 29): pedidos, pagos, citas, clientas, facturas
  route("admin/exportar/:lista", "routes/admin/exportar.ts"),
  // an order's guía (shipping label) PDF to print (admin only, ADR 036)
  route("admin/pedidos/:id/guia", "routes/admin/pedido-guia.ts"),
  // a client's data as a file (ARCO access, ADR 041): json or pdf (admin only)
  route("admin/clientas/:id/datos/:formato", "routes/admin/clienta-datos.ts"),

  // online school: my courses, viewer, exam, diploma (and its public check)
  route("mis-cursos", "routes/mis-cursos.tsx"),
  route("curso-michel-alvarez/:id", "routes/curso-michel-alvarez.tsx"),
  route("curso-michel-alvarez/:id/certificado", "routes/curso-certificado.ts"),
  route("curso-michel-alvarez/:id/manual", "routes/curso-manual.ts"),
  // a practice photo (issue 31): the student who sent it or an admin, a 404 for anyone else
  route("curso-michel-alvarez/:id/practicas/:foto", "routes/curso-practica-foto.ts"),
  route("examen-michel-alvare/:id", "routes/examen-michel-alvare.tsx"),
  route("pagar-curso/:id", "routes/pagar-curso.tsx"),
  route("diploma/:codigo", "routes/diploma.tsx"),

  // for search engines
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),

  // client visits: the page and its photos. RR 7 has no partial dynamic segments
  // ('tu-visita-con-:name' never matches): the loaders check the 'tu-visita-con-' prefix
  // of ':visitSlug' (ADR 004). Static routes always rank higher than these.
  route(":visitSlug/:visitId/foto/:tipo/:archivo", "routes/visita-foto.ts"),
  route(":visitSlug/:visitId", "routes/visita.tsx"),

  // accounts: profile, favourites, password reset, and the overlay's endpoints
  route("mi-perfil", "routes/mi-perfil.tsx"),
  route("editar-perfil", "routes/editar-perfil.tsx"),
  route("mis-favoritos", "routes/mis-favoritos.tsx"),
  route("restablecer-contrasena", "routes/restablecer-contrasena.tsx"),
  route("verificar-correo", "routes/verificar-correo.tsx"),
  // one-click unsubscribe from marketing mail (the abandoned-cart reminder, ADR 036)
  route("correos/baja", "routes/correos-baja.tsx"),
  route("api/favoritos", "routes/api.favoritos.ts"),
  route("api/terminos", "routes/api.terminos.ts"),
  route("api/codigo-visita", "routes/api.codigo-visita.ts"),

  // the studio's admin area: role 'admin' only, a 404 for everyone else. Most sections
  // share the generic list and edit screens (lista.tsx, editar.tsx), which read the section
  // from the URL; each use has its own route id.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/inicio.tsx"),
    route("buscar", "routes/admin/buscar.tsx"),
    route("clientas", "routes/admin/clientas.tsx"),
    route("clientas/:id", "routes/admin/clienta.tsx"),
    route("resenas", "routes/admin/resenas.tsx"),
    route("dudas", "routes/admin/dudas.tsx"),
    route("pedidos", "routes/admin/pedidos.tsx"),
    route("pedidos/:id", "routes/admin/pedido.tsx"),
    route("reembolsos", "routes/admin/reembolsos.tsx"),
    route("pagos", "routes/admin/pagos.tsx"),
    route("facturas", "routes/admin/facturas.tsx"),
    route("correos", "routes/admin/correos.tsx"),
    route("accesos", "routes/admin/accesos.tsx"),
    route("diplomas", "routes/admin/diplomas.tsx"),
    route("alumnas", "routes/admin/alumnas.tsx"),
    route("practicas", "routes/admin/practicas.tsx"),
    route("practicas/:id", "routes/admin/practica.tsx"),
    route("cursos-de-regalo", "routes/admin/cursos-de-regalo.tsx"),
    route("aviso", "routes/admin/aviso.tsx"),
    route("productos", "routes/admin/lista.tsx", { id: "admin/productos" }),
    route("productos/:id", "routes/admin/editar.tsx", { id: "admin/productos/:id" }),
    route("categorias", "routes/admin/lista.tsx", { id: "admin/categorias" }),
    route("categorias/:id", "routes/admin/editar.tsx", { id: "admin/categorias/:id" }),
    route("servicios", "routes/admin/lista.tsx", { id: "admin/servicios" }),
    route("servicios/:id", "routes/admin/editar.tsx", { id: "admin/servicios/:id" }),
    route("tratamientos/:id", "routes/admin/editar.tsx", { id: "admin/tratamientos/:id" }),
    route("agenda", "routes/admin/agenda.tsx"),
    route("agenda/nueva", "routes/admin/agenda-nueva.tsx"),
    route("agenda/anticipos", "routes/admin/agenda-anticipos.tsx"),
    route("agenda/espera", "routes/admin/agenda-espera.tsx"),
    route("agenda/:id", "routes/admin/agenda-cita.tsx"),
    route("bloqueos", "routes/admin/lista.tsx", { id: "admin/bloqueos" }),
    route("bloqueos/:id", "routes/admin/editar.tsx", { id: "admin/bloqueos/:id" }),
    route("cursos", "routes/admin/lista.tsx", { id: "admin/cursos" }),
    route("cursos/:id", "routes/admin/editar.tsx", { id: "admin/cursos/:id" }),
    route("unidades/:id", "routes/admin/editar.tsx", { id: "admin/unidades/:id" }),
    route("videos/:id", "routes/admin/editar.tsx", { id: "admin/videos/:id" }),
    route("preguntas/:id", "routes/admin/editar.tsx", { id: "admin/preguntas/:id" }),
    route("visitas", "routes/admin/lista.tsx", { id: "admin/visitas" }),
    route("visitas/:id", "routes/admin/editar.tsx", { id: "admin/visitas/:id" }),
    route("promociones", "routes/admin/lista.tsx", { id: "admin/promociones" }),
    route("promociones/:id", "routes/admin/editar.tsx", { id: "admin/promociones/:id" }),
    route("promociones-cursos", "routes/admin/lista.tsx", { id: "admin/promociones-cursos" }),
    route("promociones-cursos/:id", "routes/admin/editar.tsx", { id: "admin/promociones-cursos/:id" }),
    route("promociones-pedido", "routes/admin/lista.tsx", { id: "admin/promociones-pedido" }),
    route("promociones-pedido/:id", "routes/admin/editar.tsx", { id: "admin/promociones-pedido/:id" }),
    route("envios", "routes/admin/lista.tsx", { id: "admin/envios" }),
    route("envios/:id", "routes/admin/editar.tsx", { id: "admin/envios/:id" }),
  ]),

  // anything else: the Spanish 404 page
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
