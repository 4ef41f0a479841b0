/**
 * The two modes against the real server entry (ADR 013), started from the e2e build:
 * - a deployment missing settings refuses to start, naming each one, before it opens a
 *   database or listens;
 * - a deployment with everything set has no demo notice, no demo card route, no demo
 *   catalogue, Secure cookies, and trusts no loopback origin;
 * - the demo (the e2e server, PUBLIC_URL http://127.0.0.1:port) says on every page that its
 *   payments are not real.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { httpRequest } from "../support/accounts";
import { type ServerProcess, startServerProcess } from "../support/server-process";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");
const root = path.dirname(dataDir);
const demo = JSON.parse(fs.readFileSync("seed/demo.json", "utf8")) as { producto: { id: string; nombre: string }[] };
const demoProduct = demo.producto[0]!;

const NOTICE = "Sitio de demostración: los pagos no son reales";
const DEMO_CARD_PATH = "/auth/michel-alvarez/v2/demo/pago";
const REAL_ADDRESS = "https://michelalvarez.example";

/** Settings of the test run's own environment that would change the mode: cleared. */
const CLEARED = {
  DEMO_MODE: "",
  SEED_DEMO: "",
  BETTER_AUTH_SECRET: "",
  SMTP_URL: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_PUBLISHABLE_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  CONEKTA_PRIVATE_KEY: "",
  CONEKTA_WEBHOOK_KEY: "",
  ADMIN_EMAILS: "",
  DATABASE_URL: "",
};

/** `node server.js` on the e2e build, as production starts it, with these settings. */
function startServer(settings: Record<string, string>, data: string, waitUntilReady = false): Promise<ServerProcess> {
  return startServerProcess({
    buildDir: inject("buildDir"),
    env: { ...CLEARED, PUBLIC_URL: "", ...settings, DATA_DIR: data },
    waitUntilReady,
  });
}

describe("a deployment missing settings", () => {
  it("refuses to start: one Spanish / English line per missing item, a non-zero exit, no database opened", async () => {
    const data = path.join(root, "data-incompleto");
    const server = await startServer({ PUBLIC_URL: REAL_ADDRESS, STRIPE_SECRET_KEY: "sk_test_sin_publicable" }, data);
    const { code } = await server.exited;
    const output = server.log();
    expect(code, output).not.toBe(0);
    expect(code, output).not.toBeNull();
    for (const line of [
      `No se puede arrancar el despliegue en ${REAL_ADDRESS} / Cannot start the deployment at ${REAL_ADDRESS}:`,
      "Falta BETTER_AUTH_SECRET (≥ 32 caracteres) / BETTER_AUTH_SECRET missing (≥ 32 chars)",
      "Falta SMTP_URL (smtp:// o smtps://) / SMTP_URL missing (smtp:// or smtps://)",
      "Falta un proveedor de pagos real: STRIPE_SECRET_KEY y STRIPE_PUBLISHABLE_KEY, o CONEKTA_PRIVATE_KEY",
    ]) {
      expect(output).toContain(line);
    }
    // PUBLIC_URL is https: not named
    expect(output).not.toContain("PUBLIC_URL debe");
    expect(output).not.toContain("escuchando");
    expect(fs.existsSync(data)).toBe(false);
  });
});

describe("a deployment with everything set", () => {
  let server: ServerProcess | undefined;
  let url: string;

  beforeAll(async () => {
    server = await startServer(
      {
        PUBLIC_URL: REAL_ADDRESS,
        BETTER_AUTH_SECRET: "e2e-despliegue-secreto-de-prueba-0123456789",
        // never reached: nothing here sends mail or charges a card
        SMTP_URL: "smtp://127.0.0.1:9",
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
        STRIPE_WEBHOOK_SECRET: "whsec_e2e",
      },
      path.join(root, "data-despliegue"),
      true,
    );
    url = server.baseURL;
  });

  afterAll(() => server?.stop());

  it("says so at start, has no demo notice and no demo catalogue (SEED_DEMO unset)", async () => {
    expect(server?.log()).toContain(`Modo despliegue en ${REAL_ADDRESS}`);
    const home = await (await fetch(`${url}/`)).text();
    expect(home).toContain("Michel Alvarez");
    expect(home).not.toContain(NOTICE);
    expect((await fetch(`${url}/producto/${demoProduct.id}`)).status).toBe(404);
  });

  it("has no demo card route", async () => {
    const answer = await httpRequest(`${url}${DEMO_CARD_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: url },
      body: JSON.stringify({ clientSecret: "demo_x", numero: "4242424242424242" }),
    });
    expect(answer.status).toBe(404);
  });

  it("sets Secure cookies, and trusts only its own origin (no loopback one)", async () => {
    const signUp = (host: string, origin: string) =>
      httpRequest(`${url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Host: host, Origin: origin },
        body: JSON.stringify({
          name: "Clienta Real",
          email: `real-${Date.now()}-${host.length}@example.com`,
          password: "clave-segura-123",
          aceptaTerminos: true,
        }),
      });
    const own = await signUp("michelalvarez.example", REAL_ADDRESS);
    expect(own.status, own.body).toBe(200);
    const session = own.setCookies.find((c) => c.includes("session_token="));
    expect(session).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(session).toMatch(/;\s*Secure/i);

    const loopback = await signUp(`127.0.0.1:${server?.port}`, url);
    expect(loopback.status).toBe(403);
    expect(JSON.parse(loopback.body).code).toBe("INVALID_ORIGIN");
  });
});

describe("the demo (PUBLIC_URL on this machine)", () => {
  it("says on every page that payments are not real, and has its demo card route and catalogue", async () => {
    for (const pathname of ["/", "/productos", "/cursos", "/una-pagina-que-no-existe"]) {
      const html = await (await fetch(`${baseURL}${pathname}`)).text();
      expect(html, pathname).toContain(NOTICE);
    }
    const product = await fetch(`${baseURL}/producto/${demoProduct.id}`);
    expect(product.status).toBe(200);
    expect(await product.text()).toContain(demoProduct.nombre);
    const answer = await httpRequest(`${baseURL}${DEMO_CARD_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL },
      body: "{}",
    });
    // the route is there: it asks for a session
    expect(answer.status).toBe(401);
  });
});
