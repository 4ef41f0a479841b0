/**
 * Headers and privacy (issue 11) on the production Express stack (app/server/http/app.server.ts)
 * with a page handler of the test's own: the Content-Security-Policy and its nonce per request,
 * HSTS over https, Stripe's hosts only while Stripe is on, the headers on public media too;
 * `private, no-store` on every personal path of app/routes.ts (each listed here) and on every
 * answer that depends on or sets a cookie; and logs without personal data.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RequestHandler } from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import routes from "~/routes";
import { handleError } from "~/entry.server";
import type { Database } from "~/server/db/client.server";
import { loadContext } from "~/server/http/request.server";
import { authLog, captureLogs, logError, redact } from "~/server/log.server";
import { contentSecurityPolicy, isPersonalPath } from "~/server/http/security.server";
import { type TestApp, startTestApp } from "../support/app";
import { configure, useTestDatabase } from "../support/fixtures";

let database: Database;
let app: TestApp;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "security-headers-"));
let undo: (() => void) | undefined;

/** The pages: 200 with the nonce the load context handed over; a cookie or a public cache on request. */
const pages: RequestHandler = (req, res) => {
  if (req.get("x-prueba") === "cookie") res.cookie("carrito", "abc");
  if (req.get("x-prueba") === "publica") res.setHeader("Cache-Control", "public, max-age=3600");
  if (req.get("x-prueba") === "falla") return void res.status(500).send("error");
  res.type("html").send(`<p data-nonce="${loadContext(req, res).cspNonce ?? ""}">ok</p>`);
};

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir } });
  fs.mkdirSync(path.join(dataDir, "uploads", "productos"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads", "productos", "labial.jpg"), "jpg");
  app = await startTestApp({ pages });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  undo?.();
  undo = undefined;
  vi.restoreAllMocks();
});

const directives = (csp: string | null) =>
  new Map((csp ?? "").split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)] as const));

// ---------------------------------------------------------------- headers

describe("security headers", () => {
  it("sends a Content-Security-Policy with a new nonce per request, the one the renderer gets", async () => {
    const [first, second] = [await app.get("/"), await app.get("/")];
    const nonces = [];
    for (const response of [first, second]) {
      const csp = directives(response.headers.get("content-security-policy"));
      const nonce = csp
        .get("script-src")
        ?.find((s) => s.startsWith("'nonce-"))
        ?.slice(7, -1);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(await response.text()).toContain(`data-nonce="${nonce}"`);
      expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(csp.get("style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'self'"]);
      expect(csp.get("frame-src")).toEqual(["https://www.openstreetmap.org"]);
      expect(csp.get("connect-src")).toEqual(["'self'"]);
      expect(csp.has("upgrade-insecure-requests")).toBe(false);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=()");
    // served over http (the tests' PUBLIC_URL): no HSTS
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });

  it("adds HSTS and upgrade-insecure-requests when the public URL is https", async () => {
    undo = configure({ config: { publicUrl: "https://michelalvarez.mx" } });
    const response = await app.get("/");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(directives(response.headers.get("content-security-policy")).has("upgrade-insecure-requests")).toBe(true);
  });

  it("allows Stripe's hosts only while Stripe is on", async () => {
    undo = configure({ config: { stripeSecretKey: "sk_test_x", stripePublishableKey: "pk_test_x" } });
    const csp = directives((await app.get("/pagar")).headers.get("content-security-policy"));
    expect(csp.get("script-src")).toEqual(expect.arrayContaining(["https://js.stripe.com"]));
    expect(csp.get("connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
    expect(csp.get("frame-src")).toEqual(expect.arrayContaining(["https://js.stripe.com", "https://hooks.stripe.com"]));
  });

  it("loosens the policy for Vite's dev server only", () => {
    const dev = directives(contentSecurityPolicy("n", { development: true }));
    expect(dev.get("script-src")).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
    expect(dev.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    expect(dev.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives(contentSecurityPolicy("n")).get("script-src")).toEqual(["'self'", "'nonce-n'"]);
  });

  it("puts them on public media, found or not", async () => {
    for (const [pathname, status] of [
      ["/media/productos/labial.jpg", 200],
      ["/media/productos/no-existe.jpg", 404],
    ] as const) {
      const response = await app.get(pathname, "better-auth.session_token=abc");
      expect([pathname, response.status]).toEqual([pathname, status]);
      // (Express's own 404 page narrows the policy to default-src 'none')
      if (status === 200) expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      // public files stay cacheable, cookies or not
      expect(response.headers.get("cache-control") ?? "").not.toContain("no-store");
    }
  });
});

// ---------------------------------------------------------------- personal answers

/** A URL of every personal route of app/routes.ts (and the other personal endpoints). */
const PERSONAL = [
  "/mis-compras",
  // booking (issue 15): free times change by the minute; forms and appointments are personal
  "/agendar",
  "/agendar/microblading",
  "/cita/t0k3n-de-la-cita-abcdef",
  "/cita/t0k3n-de-la-cita-abcdef/pago",
  "/agendar/microblading/lista-de-espera",
  "/lista-de-espera/t0k3n-de-la-oferta-abcdef",
  "/cuidados/cita-1.7.firma-que-no-verifica-00000000000",
  "/cuidados/cita-1.7.firma-que-no-verifica-00000000000/foto/1",
  "/mis-citas",
  // the admin agenda (issue 15, branch agenda)
  "/admin/agenda",
  "/admin/agenda/nueva",
  "/admin/agenda/anticipos",
  "/admin/agenda/espera",
  "/admin/agenda/cita-1",
  "/admin/tratamientos/microblading",
  "/admin/bloqueos",
  "/admin/bloqueos/1",
  "/mis-compras/factura/MA-1",
  "/mis-compras/facturas/fac_1/pdf",
  "/mis-compras/notas-credito/reem_1/pdf",
  "/mi-perfil",
  "/editar-perfil",
  "/mis-cursos",
  "/mis-favoritos",
  "/pagar",
  "/pagar-curso/cejas",
  "/carrito",
  "/gracias",
  "/restablecer-contrasena",
  // where the e-mail verification link ends (issue 25)
  "/verificar-correo",
  // the one-click unsubscribe of marketing mail (ADR 036)
  "/correos/baja",
  // search (issue 29): not kept by shared caches
  "/buscar",
  "/curso-michel-alvarez/cejas",
  "/curso-michel-alvarez/cejas/certificado",
  "/curso-michel-alvarez/cejas/manual",
  "/curso-michel-alvarez/cejas/practicas/1",
  "/examen-michel-alvare/cejas",
  "/tu-visita-con-ana/V1StGXR8Z5jdHi6B",
  "/tu-visita-con-ana/V1StGXR8Z5jdHi6B/foto/antes/1-mediana.jpg",
  "/api/favoritos",
  "/api/terminos",
  "/api/codigo-visita",
  "/admin",
  "/admin/correos",
  "/admin/pedidos",
  "/admin/pedidos/MA-1",
  "/admin/pedidos/MA-1/guia",
  "/admin/reembolsos",
  "/admin/facturas",
  "/admin/facturas-globales/1/xml",
  // the owner's CSV exports (issue 29)
  "/admin/exportar/pedidos",
  "/admin/pagos",
  "/admin/alumnas",
  "/admin/practicas",
  "/admin/practicas/1",
  "/admin/accesos",
  "/admin/diplomas",
  "/admin/cursos-de-regalo",
  "/admin/aviso",
  "/admin/buscar",
  "/admin/clientas",
  "/admin/clientas/u-prueba",
  "/admin/clientas/u-prueba/datos/json",
  "/admin/resenas",
  "/admin/dudas",
  ...[
    "productos",
    "categorias",
    "servicios",
    "cursos",
    "visitas",
    "promociones",
    "promociones-cursos",
    "promociones-pedido",
    "envios",
  ].flatMap((s) => [`/admin/${s}`, `/admin/${s}/nuevo`]),
  "/admin/unidades/u1",
  "/admin/videos/v1",
  "/admin/preguntas/p1",
];
/** Endpoints outside the route table: auth, course videos, the upload and payment calls. */
const PERSONAL_ENDPOINTS = [
  "/api/auth/get-session",
  "/curso-video/5",
  "/auth/michel-alvarez/v2/firebase-upload",
  "/auth/michel-alvarez/v2/stripe",
];
/** Public pages: the same for every visitor without cookies. */
const PUBLIC = [
  "/",
  "/nosotros",
  "/Contacto",
  "/servicios",
  "/servicios/cejas",
  "/galeria",
  "/cursos",
  "/cursos/cejas",
  "/cursos-presenciales/cejas",
  "/aviso-de-privacidad",
  "/terminos-y-condiciones",
  "/terminos-y-privacidad",
  "/categorias",
  "/productos/maquillaje",
  "/producto/labial",
  "/diploma/ABCD2345",
  "/sitemap.xml",
  "/robots.txt",
  "/no-existe",
];

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

function routePatterns(entries: RouteEntry[], parent = ""): { path: string; re: RegExp }[] {
  return entries.flatMap((r) => {
    const full = r.index ? parent || "/" : `${parent}/${r.path ?? ""}`.replace(/\/+/g, "/");
    const source = full
      .split("/")
      .map((s) => (s.startsWith(":") ? "[^/]+" : s === "*" ? ".*" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    return [{ path: full, re: new RegExp(`^${source}$`) }, ...routePatterns(r.children ?? [], full)];
  });
}

describe("Cache-Control: private, no-store", () => {
  it("every route of app/routes.ts has a URL in this file's personal or public list", () => {
    const samples = [...PERSONAL, ...PUBLIC];
    const missing = routePatterns(routes as RouteEntry[]).filter((r) => !samples.some((s) => r.re.test(s)));
    expect(missing.map((r) => r.path)).toEqual([]);
  });

  it("on every personal page and its data request, without any cookie", async () => {
    for (const pathname of [...PERSONAL, ...PERSONAL.map((p) => `${p}.data`), ...PERSONAL_ENDPOINTS]) {
      const response = await app.get(pathname);
      expect([pathname, response.headers.get("cache-control")]).toEqual([pathname, "private, no-store"]);
      expect(isPersonalPath(pathname)).toBe(true);
    }
    // a trailing slash, another case (React Router ignores it), an encoded letter
    for (const pathname of ["/mis-compras/", "/MIS-Compras", "/Admin/Productos", "/mis-compr%61s"]) {
      expect([pathname, (await app.get(pathname)).headers.get("cache-control")]).toEqual([
        pathname,
        "private, no-store",
      ]);
    }
  });

  it("never on a public page asked without cookies (shared caches may keep it, per cookie)", async () => {
    for (const pathname of PUBLIC) {
      const response = await app.get(pathname);
      expect([pathname, response.headers.get("cache-control")]).toEqual([pathname, null]);
      expect(response.headers.get("vary")).toMatch(/Cookie/);
      expect(isPersonalPath(pathname)).toBe(false);
    }
    const sitemap = await app.get("/sitemap.xml", undefined, { "x-prueba": "publica" });
    expect(sitemap.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("on any answer to a request with cookies: the header shows the account and the cart", async () => {
    for (const pathname of ["/", "/producto/labial", "/_root.data", "/cursos/cejas.data"]) {
      const response = await app.get(pathname, "better-auth.session_token=abc; carrito=xyz");
      expect([pathname, response.headers.get("cache-control")]).toEqual([pathname, "private, no-store"]);
    }
    // even where the page chose a public cache
    const sitemap = await app.get("/sitemap.xml", "carrito=xyz", { "x-prueba": "publica" });
    expect(sitemap.headers.get("cache-control")).toBe("private, no-store");
  });

  it("on any answer that sets a cookie", async () => {
    const response = await app.get("/producto/labial", undefined, { "x-prueba": "cookie" });
    expect(response.headers.get("set-cookie")).toContain("carrito=abc");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

// ---------------------------------------------------------------- logs

describe("logs without personal data", () => {
  /** The JSON lines written from now until the test ends (app/server/log.server.ts). */
  let capture: ReturnType<typeof captureLogs> | undefined;
  afterEach(() => capture?.stop());
  const logged = () => {
    capture = captureLogs("info");
    const lines = capture;
    return () =>
      lines
        .records()
        .map((r) => [r.msg, r.error].filter(Boolean).join(": "))
        .join("\n");
  };

  it("every answer is one JSON line: request id, method, path without query string or a visit's name and key, status, time", async () => {
    const lines = logged();
    const failed = await app.get("/producto/labial?correo=ana%40example.com&telefono=3312345678", undefined, {
      "x-prueba": "falla",
    });
    await app.get("/tu-visita-con-ana-perez/V1StGXR8Z5jdHi6B?codigo=ABC123", undefined, { "x-prueba": "falla" });
    await app.get("/cita/tok_secreto_abcdef123456");
    const text = lines();
    expect(text).toContain("GET /producto/labial → 500");
    expect(text).toContain("GET /tu-visita-con-…/… → 500");
    expect(text).toContain("GET /cita/… →");
    for (const secret of ["correo", "ana", "3312345678", "V1StGXR8Z5jdHi6B", "ABC123", "tok_secreto"]) {
      expect(capture?.text()).not.toContain(secret);
    }
    const [first] = capture?.records() ?? [];
    expect(first).toMatchObject({
      level: "error",
      reqId: failed.headers.get("x-request-id"),
      req: { method: "GET", path: "/producto/labial" },
      res: { status: 500 },
    });
    expect(typeof first.responseTime).toBe("number");
    expect(typeof first.time).toBe("string");
  });

  it("errors of pages are logged with the path only, and without the e-mails and phones inside them", () => {
    const lines = logged();
    const request = new Request("http://localhost/restablecer-contrasena?token=secreto-123&email=ana@example.com");
    const error = new Error("Can't send mail - all recipients were rejected: 550 <ana.perez@example.com>", {
      cause: new Error("SMTP: buzón 33 1234 5678 lleno; ver https://correo.example/x?usuario=ana"),
    });
    handleError(error, { request, params: {}, context: {} } as never);
    const text = lines();
    expect(text).toContain("Error en GET /restablecer-contrasena:");
    expect(text).toContain("all recipients were rejected: 550 <[correo]>");
    expect(text).toContain("[teléfono]");
    for (const secret of ["secreto-123", "ana@example.com", "ana.perez", "1234 5678", "usuario=ana"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("our own messages go through the same filter; order and payment numbers stay readable", () => {
    const lines = logged();
    logError("No se pudo enviar el correo del pago 12 a ana@example.com", new Error("timeout"));
    expect(lines()).toMatch(/^No se pudo enviar el correo del pago 12 a \[correo\]: Error: timeout/);
    expect(lines()).not.toContain("ana@example.com");
    expect(redact("Pago pi_3Nq 35050 centavos, compra MA-12345678")).toBe(
      "Pago pi_3Nq 35050 centavos, compra MA-12345678",
    );
    expect(redact("GET /buscar?q=maria")).toBe("GET /buscar?…");
  });

  it("a failed query's values and named fields are taken out of error messages", () => {
    const lines = logged();
    const query = new Error(
      'Failed query: insert into "citas" ("nombre", "token", "consentimiento") values ($1, $2, $3)\nparams: Ana López,tok_abc123,{"respuestas":[{"pregunta":"¿Embarazo?","respuesta":"si","detalle":"12 semanas"}],"firma":"Ana López"}',
      {
        cause: new Error(
          "duplicate key value violates unique constraint; Key (correo)=(ana@example.com) already exists",
        ),
      },
    );
    logError("Error en POST /agendar/cejas", query);
    logError('Better Auth pasó {"password":"secreta123","name":"Ana López","token":"abc"}');
    const text = capture?.text() ?? "";
    expect(lines()).toContain('insert into "citas"');
    for (const secret of [
      "Ana López",
      "tok_abc123",
      "12 semanas",
      "Embarazo",
      "ana@example.com",
      "secreta123",
      '"abc"',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("Better Auth's own messages are written through the filter too", () => {
    const lines = logged();
    authLog("error", "Failed to send reset to ana@example.com", new Error("550 <ana@example.com> rejected"), {
      email: "ana@example.com",
    });
    expect(lines()).toMatch(/^Better Auth: Failed to send reset to \[correo\] Error: 550 <\[correo\]> rejected/);
    expect(lines()).not.toContain("ana@example.com");
  });
});
