/**
 * The real server (production build, `node server.js`) as a TLS reverse proxy reaches it:
 * PUBLIC_URL=https://tienda.example, TRUST_PROXY=1, and requests carrying what the proxy adds
 * (X-Forwarded-Proto/-Host/-For). Before, every form action answered an English 400: React
 * Router compared the browser's https:// Origin with the http:// address it rebuilt from the
 * socket, and Express never trusted the proxy. (`npm run test:deploy` drives a real Caddy.)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionBuild } from "../support/build";
import { type ServerProcess, startServerProcess } from "../support/server-process";

const SITE = "https://tienda.example";
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "behind-proxy-"));
  server = await startServerProcess({
    buildDir: await productionBuild(),
    // The demo on a real address: no SMTP or card provider needed to try the forms.
    env: { PUBLIC_URL: SITE, DEMO_MODE: "1", TRUST_PROXY: "1", DATA_DIR: dataDir },
  });
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const contactForm = () =>
  new URLSearchParams({
    nombre: "Lucía Hernández",
    correo: "lucia@example.com",
    telefono: "3312345678",
    mensaje: "Hola, quisiera informes de microblading.",
  });

/** A POST as the proxy passes it on: `host` is the Host header the proxy sent upstream. */
function viaProxy(pathname: string, options: { origin: string; host?: string; proto?: string; body?: BodyInit }) {
  return fetch(`${server.baseURL}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: options.origin,
      host: options.host ?? "tienda.example",
      "x-forwarded-proto": options.proto ?? "https",
      "x-forwarded-host": "tienda.example",
      "x-forwarded-for": "203.0.113.7",
    },
    body: options.body ?? contactForm(),
  });
}

describe("behind an https reverse proxy (TRUST_PROXY=1)", () => {
  it("a form action from the site's https:// page is served (the contact form sends and redirects)", async () => {
    const answer = await viaProxy("/Contacto", { origin: SITE });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/gracias");
    // HSTS and the page's policy on the https site.
    expect(answer.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("also when the proxy passes its upstream address as Host (PUBLIC_URL is the site's own)", async () => {
    const answer = await viaProxy("/Contacto", { origin: SITE, host: new URL(server.baseURL).host });
    expect(answer.status).toBe(302);
  });

  it("a client-side action (React Router's data request) is served too", async () => {
    const answer = await viaProxy("/Contacto.data", { origin: SITE });
    expect(answer.status).toBeLessThan(400);
  });

  it("a write whose Origin is another site is still refused, in Spanish", async () => {
    const answer = await viaProxy("/Contacto", { origin: "https://otro-sitio.example" });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: "Solicitud rechazada: origen no permitido." });
    // The same site over plain http is another origin.
    expect((await viaProxy("/Contacto", { origin: "http://tienda.example" })).status).toBe(403);
  });

  it("cookies set through the proxy are Secure", async () => {
    const answer = await fetch(`${server.baseURL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: SITE,
        host: "tienda.example",
        "x-forwarded-proto": "https",
        "x-forwarded-for": "203.0.113.8",
      },
      body: JSON.stringify({ name: "Ana Proxy", email: "ana.proxy@example.com", password: "secreta123", aceptaTerminos: true }),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const cookies = answer.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });

  it("/healthz answers for the process and /readyz for the database and storage", async () => {
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.baseURL}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ database: { status: "ok" }, storage: { status: "ok" } });
  });
});
