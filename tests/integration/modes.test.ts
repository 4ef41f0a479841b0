/**
 * The demo mode on the real database (ADR 013). Tests run without PUBLIC_URL: the demo on
 * this machine. Its log-in trusts every loopback origin (opening http://127.0.0.1:3000 when
 * PUBLIC_URL says localhost used to answer 403 'Invalid origin'), and no other; the demo
 * card route exists in the demo and not in a deployment. The deployment itself, started for
 * real: tests/e2e/modes.test.ts.
 */
import type { Database } from "~/server/db/client.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRequest } from "../support/accounts";
import { type TestApp, startTestApp } from "../support/app";
import { signUpUser, useTestDatabase } from "../support/fixtures";

const DEMO_CARD_PATH = "/auth/michel-alvarez/v2/demo/pago";

let database: Database;
let demo: TestApp;
let deployment: TestApp;

beforeAll(async () => {
  database = await useTestDatabase();
  demo = await startTestApp();
  deployment = await startTestApp({ payments: { demo: false } });
});

afterAll(async () => {
  await demo?.close();
  await deployment?.close();
  await database?.close();
});

/** A sign-up sent by a page opened at `origin` (Host and Origin both name it), as a browser does. */
function signUpFrom(app: TestApp, origin: string, email: string) {
  const port = new URL(app.baseURL).port;
  const host = new URL(origin).hostname; // [::1] keeps its brackets
  return httpRequest(`${app.baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Host: `${host}:${port}`,
      Origin: origin,
      Cookie: "carrito=x",
    },
    body: JSON.stringify({ name: "Ana Local", email, password: "clave-segura-123", aceptaTerminos: true }),
  });
}

describe("the demo on this machine", () => {
  it("the log-in trusts the site opened as localhost, 127.x.x.x or [::1], on any port", async () => {
    // Better Auth's own origin is PUBLIC_URL's default, http://localhost:3000: none of these
    const port = new URL(demo.baseURL).port;
    for (const [i, origin] of [
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}`,
      `http://127.0.0.2:${port}`,
      `http://[::1]:${port}`,
    ].entries()) {
      const answer = await signUpFrom(demo, origin, `local-${i}-${Date.now()}@example.com`);
      expect(answer.status, `${origin}: ${answer.body}`).toBe(200);
    }
  });

  it("and no other origin", async () => {
    const port = new URL(demo.baseURL).port;
    const answer = await signUpFrom(demo, `http://estudio.example:${port}`, `ajena-${Date.now()}@example.com`);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).code).toBe("INVALID_ORIGIN");
  });

  it("the demo card route exists in the demo, and not in a deployment", async () => {
    const buyer = await signUpUser();
    const card = { clientSecret: "demo_x", numero: "4242 4242 4242 4242", vencimiento: "12/30", cvc: "123", nombre: "Ana" };
    // the demo: it answers (no such payment of this buyer)
    const inDemo = await demo.post(DEMO_CARD_PATH, card, buyer.cookie);
    expect(inDemo.status).toBe(404);
    expect((await inDemo.json()).error.title).toBe("Error en el proceso de pago");
    expect((await demo.post(DEMO_CARD_PATH, card)).status).toBe(401);
    // a deployment: a bare 404, whoever asks
    for (const cookie of [buyer.cookie, undefined]) {
      const inDeployment = await deployment.post(DEMO_CARD_PATH, card, cookie);
      expect(inDeployment.status).toBe(404);
      expect(inDeployment.headers.get("content-type")).not.toContain("application/json");
    }
  });
});
