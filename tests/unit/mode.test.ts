/**
 * The demo and deployment modes (ADR 013, app/server/mode.server.ts): which addresses are this
 * machine, what a deployment needs before it starts, DEMO_MODE=1, and what each mode lets the
 * payment providers and the start-up check do, in a process started with that environment.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createAppContext, useAppContext } from "~/server/context.server";
import { type ModeSettings, decideMode, isLoopbackHost, isLoopbackOrigin } from "~/server/mode.server";
import * as payments from "~/server/payments/index.server";
import { DEVELOPMENT_SECRET } from "~/server/secret.server";
import * as startup from "~/server/startup.server";

const SECRET = "s".repeat(32);

/** Everything a deployment needs, at a real https address. */
const complete: ModeSettings = {
  publicUrlSetting: "https://michelalvarez.mx",
  demoMode: false,
  seedDemoFlag: undefined,
  authSecret: SECRET,
  smtpUrl: "smtps://estudio:clave@smtp.example.com:465",
  stripeSecretKey: "sk_live_x",
  stripePublishableKey: "pk_live_x",
  stripeWebhookSecret: "whsec_x",
  conektaPrivateKey: undefined,
};

const missing = (settings: Partial<ModeSettings>) =>
  decideMode({ ...complete, ...settings }).missing.map((item) => item.setting);

describe("loopback addresses", () => {
  it.each([
    "localhost",
    "LOCALHOST",
    "app.localhost",
    "127.0.0.1",
    "127.0.1.1",
    "127.255.255.254",
    "[::1]",
    "::1",
    "[::ffff:7f00:1]",
  ])("%s is this machine", (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(["michelalvarez.mx", "localhost.example.com", "128.0.0.1", "10.0.0.1", "[::2]", "0.0.0.0", "1270.0.0.1"])(
    "%s is not",
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );

  it.each([
    "http://localhost:3000",
    "http://localhost:5173",
    "http://127.0.0.1:3000",
    "http://127.0.0.1:41234",
    "http://127.1:8080",
    "http://[::1]:3000",
    "https://localhost",
  ])("origin %s is loopback", (origin) => {
    expect(isLoopbackOrigin(origin)).toBe(true);
  });

  it.each(["https://michelalvarez.mx", "http://localhost.evil.example", "file://localhost/etc", "no es url", ""])(
    "origin %s is not",
    (origin) => {
      expect(isLoopbackOrigin(origin)).toBe(false);
    },
  );
});

describe("deciding the mode", () => {
  it.each([
    undefined,
    "http://localhost:3000",
    "http://localhost",
    "http://127.0.0.1:3000",
    "http://127.0.0.2:4100",
    "http://[::1]:3000",
  ])("PUBLIC_URL %s is the demo, needing nothing", (publicUrlSetting) => {
    const mode = decideMode({
      publicUrlSetting,
      demoMode: false,
      seedDemoFlag: undefined,
      authSecret: undefined,
      smtpUrl: undefined,
      stripeSecretKey: undefined,
      stripePublishableKey: undefined,
      conektaPrivateKey: undefined,
    });
    expect(mode).toEqual({
      kind: "demo",
      loopback: true,
      forced: false,
      missing: [],
      secureCookies: false,
      seedDemo: true,
    });
  });

  it("a real https address with everything set is a deployment that may start, with Secure cookies and no demo seed", () => {
    expect(decideMode(complete)).toEqual({
      kind: "deployment",
      loopback: false,
      forced: false,
      missing: [],
      secureCookies: true,
      seedDemo: false,
    });
  });

  it("a deployment seeds the demo only when SEED_DEMO=1; the demo skips it with SEED_DEMO=0", () => {
    expect(decideMode({ ...complete, seedDemoFlag: true }).seedDemo).toBe(true);
    expect(decideMode({ ...complete, publicUrlSetting: undefined, seedDemoFlag: false }).seedDemo).toBe(false);
  });

  it("a real address with nothing else set lacks every item, one Spanish / English line each", () => {
    const mode = decideMode({
      publicUrlSetting: "http://michelalvarez.mx",
      demoMode: false,
      seedDemoFlag: undefined,
      authSecret: undefined,
      smtpUrl: undefined,
      stripeSecretKey: undefined,
      stripePublishableKey: undefined,
      conektaPrivateKey: undefined,
    });
    expect(mode.kind).toBe("deployment");
    expect(mode.missing.map((item) => item.line)).toEqual([
      "PUBLIC_URL debe empezar con https:// / PUBLIC_URL must start with https://",
      "Falta BETTER_AUTH_SECRET (≥ 32 caracteres) / BETTER_AUTH_SECRET missing (≥ 32 chars)",
      "Falta SMTP_URL (smtp:// o smtps://) / SMTP_URL missing (smtp:// or smtps://)",
      "Falta un proveedor de pagos real: STRIPE_SECRET_KEY y STRIPE_PUBLISHABLE_KEY, o CONEKTA_PRIVATE_KEY / " +
        "Real payment provider missing: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or CONEKTA_PRIVATE_KEY",
    ]);
  });

  it("PUBLIC_URL must be https and an address at all", () => {
    expect(missing({ publicUrlSetting: "http://michelalvarez.mx" })).toEqual(["PUBLIC_URL"]);
    expect(missing({ publicUrlSetting: "michelalvarez.mx" })).toEqual(["PUBLIC_URL"]);
    expect(decideMode({ ...complete, publicUrlSetting: "michelalvarez.mx" }).missing[0]?.line).toBe(
      "PUBLIC_URL no es una dirección válida / PUBLIC_URL is not a valid URL",
    );
  });

  it("BETTER_AUTH_SECRET must be set, at least 32 characters, and not the repository's development value", () => {
    expect(missing({ authSecret: undefined })).toEqual(["BETTER_AUTH_SECRET"]);
    expect(missing({ authSecret: "s".repeat(31) })).toEqual(["BETTER_AUTH_SECRET"]);
    expect(decideMode({ ...complete, authSecret: "corto" }).missing[0]?.line).toBe(
      "BETTER_AUTH_SECRET es demasiado corto (≥ 32 caracteres) / BETTER_AUTH_SECRET too short (≥ 32 chars)",
    );
    expect(missing({ authSecret: DEVELOPMENT_SECRET })).toEqual(["BETTER_AUTH_SECRET"]);
    expect(decideMode({ ...complete, authSecret: DEVELOPMENT_SECRET }).missing[0]?.line).toContain("desarrollo");
    expect(missing({ authSecret: "s".repeat(32) })).toEqual([]);
  });

  it("SMTP_URL must be an smtp:// or smtps:// address", () => {
    expect(missing({ smtpUrl: undefined })).toEqual(["SMTP_URL"]);
    expect(missing({ smtpUrl: "https://mail.example.com" })).toEqual(["SMTP_URL"]);
    expect(missing({ smtpUrl: "correo" })).toEqual(["SMTP_URL"]);
    expect(missing({ smtpUrl: "smtp://relay.example.com:587" })).toEqual([]);
  });

  it("a real payment provider: both Stripe keys, or Conekta's with its webhook key", () => {
    expect(missing({ stripeSecretKey: undefined })).toEqual(["PAGOS"]);
    expect(missing({ stripePublishableKey: undefined })).toEqual(["PAGOS"]);
    expect(missing({ stripeSecretKey: undefined, stripePublishableKey: undefined })).toEqual(["PAGOS"]);
    expect(
      missing({
        stripeSecretKey: undefined,
        stripePublishableKey: undefined,
        conektaPrivateKey: "key_x",
        conektaWebhookKey: "-----BEGIN PUBLIC KEY-----",
      }),
    ).toEqual([]);
    // Stripe's OXXO / SPEI and a card whose tab was closed become orders only through its signed
    // webhook: without its secret, no start.
    expect(missing({ stripeWebhookSecret: undefined })).toEqual(["PAGOS"]);
    expect(decideMode({ ...complete, stripeWebhookSecret: undefined }).missing[0]?.line).toContain(
      "Falta STRIPE_WEBHOOK_SECRET",
    );
    // Conekta's OXXO / SPEI are confirmed only by its signed webhook: without the key, no start.
    expect(
      missing({ stripeSecretKey: undefined, stripePublishableKey: undefined, conektaPrivateKey: "key_x" }),
    ).toEqual(["PAGOS"]);
  });

  it("DEMO_MODE=1 makes a real address the demo, which needs nothing; cookies follow its https", () => {
    const mode = decideMode({
      publicUrlSetting: "https://demo.michelalvarez.mx",
      demoMode: true,
      seedDemoFlag: undefined,
      authSecret: undefined,
      smtpUrl: undefined,
      stripeSecretKey: undefined,
      stripePublishableKey: undefined,
      conektaPrivateKey: undefined,
    });
    expect(mode).toEqual({
      kind: "demo",
      loopback: false,
      forced: true,
      missing: [],
      secureCookies: true,
      seedDemo: true,
    });
  });
});

/** The modules in the context of a process started with `variables` (they read it when used). */
async function startedWith(variables: Record<string, string>) {
  const environment: Record<string, string | undefined> = { ...process.env };
  for (const name of [
    "PUBLIC_URL",
    "DEMO_MODE",
    "SEED_DEMO",
    "BETTER_AUTH_SECRET",
    "SMTP_URL",
    "STRIPE_SECRET_KEY",
    "STRIPE_PUBLISHABLE_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "CONEKTA_PRIVATE_KEY",
    "CONEKTA_WEBHOOK_KEY",
  ]) {
    environment[name] = variables[name] ?? "";
  }
  useAppContext(createAppContext({ environment }));
  return { payments, startup };
}

describe("what each mode allows", () => {
  afterEach(() => {
    useAppContext(undefined);
  });

  it("the demo pays with the demo provider and starts with one line naming the mode", async () => {
    const { payments, startup } = await startedWith({ PUBLIC_URL: "http://127.0.0.1:3000" });
    // (its payments on the real database: tests/integration/orders.test.ts)
    expect(payments.paymentPanelConfig()).toEqual({ provider: "demo" });
    const check = startup.startupCheck();
    expect(check.ok).toBe(true);
    expect(check.lines).toEqual([
      "Modo demostración (http://127.0.0.1:3000): pagos de prueba, correos en DATA_DIR/outbox / Demo mode: test payments, mail to DATA_DIR/outbox",
    ]);
  });

  it("a deployment missing items may not start: the check lists each one", async () => {
    const { startup } = await startedWith({ PUBLIC_URL: "https://michelalvarez.mx", STRIPE_SECRET_KEY: "sk_live_x" });
    const check = startup.startupCheck();
    expect(check.ok).toBe(false);
    expect(check.lines[0]).toBe(
      "No se puede arrancar el despliegue en https://michelalvarez.mx / Cannot start the deployment at https://michelalvarez.mx:",
    );
    expect(check.lines.slice(1, -1)).toEqual([
      "  - Falta BETTER_AUTH_SECRET (≥ 32 caracteres) / BETTER_AUTH_SECRET missing (≥ 32 chars)",
      "  - Falta SMTP_URL (smtp:// o smtps://) / SMTP_URL missing (smtp:// or smtps://)",
      "  - Falta un proveedor de pagos real: STRIPE_SECRET_KEY y STRIPE_PUBLISHABLE_KEY, o CONEKTA_PRIVATE_KEY / " +
        "Real payment provider missing: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or CONEKTA_PRIVATE_KEY",
    ]);
  });

  it("a deployment never chooses nor confirms with the demo provider", async () => {
    const { payments, startup } = await startedWith({
      PUBLIC_URL: "https://michelalvarez.mx",
      BETTER_AUTH_SECRET: SECRET,
      SMTP_URL: "smtp://relay.example.com",
      CONEKTA_PRIVATE_KEY: "key_x",
      CONEKTA_WEBHOOK_KEY: "-----BEGIN PUBLIC KEY-----",
    });
    expect(startup.startupCheck()).toEqual({ ok: true, lines: ["Modo despliegue en https://michelalvarez.mx / Deployment mode"] });
    // Conekta's API only: no card form at all rather than the demo's, but its OXXO and SPEI
    expect(payments.paymentPanelConfig()).toEqual({ provider: "none" });
    expect(payments.paymentPanelConfig(50_000).oferta?.metodos.map((m) => m.metodo)).toEqual(["oxxo", "spei"]);
    expect(payments.pendingProvider().name).toBe("conekta");
    expect(() => payments.activeProvider()).toThrow(/demo/);
    expect(() => payments.providerNamed("demo")).toThrow(/demo/);
    expect(payments.providerNamed("conekta").name).toBe("conekta");
  });

  it("a deployment with Stripe's keys pays with Stripe", async () => {
    const { payments } = await startedWith({
      PUBLIC_URL: "https://michelalvarez.mx",
      BETTER_AUTH_SECRET: SECRET,
      SMTP_URL: "smtp://relay.example.com",
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_PUBLISHABLE_KEY: "pk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    expect(payments.paymentPanelConfig()).toEqual({ provider: "stripe", publishableKey: "pk_live_x" });
    expect(payments.activeProvider().name).toBe("stripe");
  });

  it("DEMO_MODE=1 on a real address keeps the demo provider", async () => {
    const { payments, startup } = await startedWith({ PUBLIC_URL: "https://demo.michelalvarez.mx", DEMO_MODE: "1" });
    expect(payments.paymentPanelConfig()).toEqual({ provider: "demo" });
    expect(startup.startupCheck().ok).toBe(true);
    expect(startup.startupCheck().lines[0]).toContain("DEMO_MODE=1");
  });
});
