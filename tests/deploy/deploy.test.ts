/**
 * The studio's production set-up, started on this machine as deploy/ and the README describe
 * it (npm run test:deploy): Caddy with the repo's own Caddyfile (`tls internal`, a test name
 * and high ports) in front of `node server.js` started as the systemd unit starts it (its
 * ExecStart, its Environment= lines, the environment file's names) with two worker processes
 * on a fresh PostgreSQL database, an S3-compatible server (s3rver) as the bucket, a local SMTP
 * server as the mail provider, and the Stripe and Facturapi stubs as those APIs. Chromium is
 * a client of https://tienda.test:<port> (a non-loopback name: the app is in deployment mode)
 * and the studio: sign-up, contact, card checkout and its mail, an OXXO voucher paid by
 * webhook, a booking with its deposit, a password reset from the mail, an invoice, an 8 MB
 * product photo and a 60 MB lesson video through the admin screens (into the bucket), an
 * order shipped. Every response the browser got is checked: no 4xx/5xx.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, like } from "drizzle-orm";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import {
  bandasEnvio,
  categorias,
  compras,
  cursos,
  pagos,
  productos,
  rateLimit,
  unidadVideos,
  unidades,
} from "~/server/db/schema";
import { linkInMail } from "../support/accounts";
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP, patchPage } from "../support/browser";
import { productionBuild } from "../support/build";
import { createEmptyPostgresDatabase, testDatabaseName } from "../support/db";
import { type FacturapiStub, startFacturapiStub } from "../support/facturapi-stub";
import { makeTreatment } from "../support/fixtures";
import { fillBookingForm, fillCheckoutInformation } from "../support/forms";
import { mailParts, readOutbox } from "../support/outbox";
import { freePort } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { type StripeStub, startStripeStub } from "../support/stripe-stub";

const started = Date.now();
const SITE = "tienda.test";
const BUCKET = "michel-alvarez";
const ADMIN = { email: "estudio@tienda.test", password: "clave-del-estudio-despliegue", name: "Michel" };
const CLIENT = { name: "Ana López", email: `ana-${Date.now()}@example.com`, password: "clave-inicial-1" };
const NEW_PASSWORD = "clave-nueva-2";

let root: string;
let database: Database;
let databaseUrl: string;
let stripe: StripeStub;
let facturapi: FacturapiStub;
let smtp: SmtpSink;
let s3: S3rver;
let app: Child;
let caddy: Child;
let browser: Browser;
let client: BrowserContext;
let publicUrl: string;
let httpsPort: number;
let appPort: number;
let dataDir: string;
let smtpDir: string;
let s3Dir: string;
let caddyRoot: Buffer | undefined;
let productId: string;
let cardOrder: string;
/** every answer the browser got: the page's own requests and everything they loaded */
const responses: { url: string; status: number; type: string }[] = [];
/** the https pages' headers, checked at the end */
const pages: { url: string; headers: Record<string, string> }[] = [];

/** How long the set-up took so far (printed: where the run's time goes). */
const phase = (name: string) => console.log(`test:deploy: ${name} listo a los ${((Date.now() - started) / 1000).toFixed(1)} s`);

type Child = { process: ChildProcess; output: () => string; exited: Promise<number | null> };

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

/** A request to the site as a client on the network makes it: https to tienda.test, through Caddy. */
function viaCaddy(
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: "127.0.0.1",
        port: httpsPort,
        servername: SITE,
        path: pathname,
        method: init.method ?? "GET",
        headers: { host: `${SITE}:${httpsPort}`, ...init.headers },
        // Caddy's local CA once it wrote it (it does before it answers), for the readiness poll none
        ...(caddyRoot ? { ca: caddyRoot } : { rejectUnauthorized: false }),
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}

async function until(what: string, check: () => Promise<boolean>, log: () => string, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} no respondió a tiempo:\n${log()}`);
}

/** The unit's start command and Environment= lines (deploy/michel-alvarez.service). */
function unit(): { command: string[]; environment: Record<string, string> } {
  const text = fs.readFileSync("deploy/michel-alvarez.service", "utf8");
  const execStart = text.match(/^ExecStart=(.+)$/m)?.[1]?.trim().split(/\s+/) ?? [];
  const environment = Object.fromEntries(
    [...text.matchAll(/^Environment=([A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1], m[2].trim()]),
  );
  return { command: execStart, environment };
}

/** The environment file's names: set (uncommented) and mentioned (commented). */
function envTemplate(): { set: string[]; mentioned: string[] } {
  const lines = fs.readFileSync("deploy/michel-alvarez.env.example", "utf8").split("\n");
  const set = lines.map((l) => l.match(/^([A-Z][A-Z0-9_]*)=/)?.[1]).filter((n): n is string => !!n);
  const mentioned = lines.map((l) => l.match(/^#\s*([A-Z][A-Z0-9_]*)=/)?.[1]).filter((n): n is string => !!n);
  return { set, mentioned };
}

/** Every variable named in the README's configuration table. */
function readmeVariables(): string[] {
  const readme = fs.readFileSync("README.md", "utf8");
  const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("### Modes"));
  const names = new Set<string>();
  for (const line of table.split("\n").filter((l) => l.startsWith("| `"))) {
    const first = line.split("|")[1] ?? "";
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]);
  }
  return [...names];
}

/** Mails the SMTP server received for `to` (newest last). */
const mailsTo = (to: string) => readOutbox(smtpDir).filter((m) => m.to.includes(to));

/** Every file in the bucket (s3rver keeps `key._S3rver_object` beside its metadata). */
function bucketKeys(): string[] {
  const dir = path.join(s3Dir, BUCKET);
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith("._S3rver_object"))
    .map((f) => f.replace(/\._S3rver_object$/, "").split(path.sep).join("/"));
}

/** Every file under a folder, relative. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)));
}

/** The browser, with tienda.test on this machine and everything else but loopback unreachable. */
async function launch(): Promise<Browser> {
  const args = CHROMIUM_ARGS.map((arg) =>
    arg.startsWith("--host-resolver-rules=")
      ? `--host-resolver-rules=MAP ${SITE} 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1`
      : arg,
  );
  return chromium.launch({ executablePath: CHROMIUM_PATH, args, headless: true });
}

/**
 * Stripe.js as the checkout loads it from js.stripe.com (the network edge): the card field,
 * and a confirmation that asks the Stripe stub to authorise the intent, as Stripe does once
 * the bank accepts the card.
 */
const STRIPE_JS = `
window.Stripe = function () {
  return {
    elements: function () {
      return { create: function () { return { mount: function (el) { el.textContent = "4242 4242 4242 4242"; }, destroy: function () {} }; } };
    },
    confirmCardPayment: async function (secret) {
      var status = await window.__stripeConfirma(secret);
      return { paymentIntent: { id: secret.split("_secret")[0], status: status } };
    },
  };
};`;

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: "es-MX", ignoreHTTPSErrors: true });
  context.on("response", (response) => {
    const type = response.request().resourceType();
    responses.push({ url: response.url(), status: response.status(), type });
    if (type === "document" && response.url().startsWith(publicUrl)) {
      void response.allHeaders().then((headers) => pages.push({ url: response.url(), headers }));
    }
  });
  await context.route(/^https:\/\/js\.stripe\.com\/v3\/?$/, (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: STRIPE_JS }),
  );
  await context.exposeBinding("__stripeConfirma", (_source, secret: string) => {
    const id = secret.split("_secret")[0];
    stripe.authorize(id);
    return stripe.intents.get(id)?.status;
  });
  const newPage = context.newPage.bind(context);
  // Pages hydrate after the first paint (ADR 026): wait for React as a visitor waits to click.
  context.newPage = async () => patchPage(await newPage());
  return context;
}

async function readAlert(page: Page): Promise<{ title: string; text: string }> {
  const dialog = page.getByTestId("alert-dialog");
  await dialog.locator("#alerta-titulo").waitFor();
  const title = (await dialog.locator("#alerta-titulo").textContent()) ?? "";
  const text = (await dialog.textContent()) ?? "";
  await dialog.getByRole("button").last().click();
  await dialog.waitFor({ state: "hidden" });
  return { title, text };
}

/** Product → cart → the checkout's steps 1 and 2, ready to pay (step 3). */
async function toPayment(page: Page) {
  await page.goto(`${publicUrl}/producto/${productId}`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === "1");
  await page.goto(`${publicUrl}/pagar`, { waitUntil: "networkidle" });
  await fillCheckoutInformation(page, CLIENT.email);
  await page.getByRole("button", { name: "Continuar" }).click();
  // the second time, the shipping chosen before is remembered: straight to step 3
  await page.waitForURL(/\/pagar\?paso=(envio|pagar)$/);
  if (page.url().endsWith("paso=envio")) {
    await page.getByRole("radio", { name: /Envío Express/ }).check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`${publicUrl}/pagar?paso=pagar`);
  }
  await page.getByTestId("payment-panel").waitFor();
}

async function confirmDialog(page: Page) {
  const dialog = page.getByTestId("alert-dialog");
  await dialog.getByRole("button", { name: "Continuar" }).click();
  await dialog.waitFor({ state: "hidden" });
}

beforeAll(async () => {
  fs.mkdirSync(".tmp", { recursive: true });
  root = fs.mkdtempSync(path.join(process.cwd(), ".tmp", "deploy-"));
  dataDir = path.join(root, "data");
  smtpDir = path.join(root, "smtp");
  s3Dir = path.join(root, "s3");
  const buildDir = productionBuild();
  await buildDir;
  phase("compilación");

  // PostgreSQL: a database of its own, migrated, with what the studio would have entered.
  const server = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const name = testDatabaseName();
  database = await createEmptyPostgresDatabase(server, name);
  const url = new URL(server);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  await database.migrate();
  const db = database.db;
  await db.insert(categorias).values({ id: "cuidado", nombre: "Cuidado" });
  productId = "aceite-cuidado-30-ml";
  await db
    .insert(productos)
    .values({ id: productId, nombre: "Aceite de cuidado 30 ml", precio: 34_990, cantidad: 20, peso: 60, categoriaId: "cuidado" });
  await db.insert(bandasEnvio).values({ gramosMinimos: 0, gramosMaximos: 100_000, precios: Array(7).fill(15_000) });
  await makeTreatment({}, db);
  await db.insert(cursos).values({ id: "cejas-online", titulo: "Cejas perfectas", tipo: "online", publicado: true, precio: 250_000 });
  await db.insert(unidades).values({ id: "cejas-online-1", cursoId: "cejas-online", nombre: "Diseño", posicion: 1 });

  phase("base de datos");
  // The studio's account, as the README says: the create-admin command on the same database
  // (while the rest starts).
  const adminCreated = promisify(execFile)(
    "node_modules/.bin/tsx",
    ["scripts/create-admin.ts", ADMIN.email, "--password", ADMIN.password, "--nombre", ADMIN.name],
    { env: { ...process.env, DATABASE_URL: databaseUrl } },
  );

  // The network edge: Stripe, Facturapi, the mail provider, the bucket. The bucket speaks https
  // as S3 and R2 do, with a certificate of its own that the app trusts (NODE_EXTRA_CA_CERTS)
  // and Chromium accepts (ignoreHTTPSErrors): product photos load over https in the pages.
  fs.mkdirSync(s3Dir, { recursive: true });
  const [s3Key, s3Cert] = [path.join(root, "s3-key.pem"), path.join(root, "s3-cert.pem")];
  execFileSync("openssl", [
    ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"],
    ...["-addext", "subjectAltName=IP:127.0.0.1", "-keyout", s3Key, "-out", s3Cert],
  ], { stdio: "ignore" });
  s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
    key: fs.readFileSync(s3Key),
    cert: fs.readFileSync(s3Cert),
  });
  let s3Address: AddressInfo;
  [stripe, facturapi, smtp, s3Address] = await Promise.all([
    startStripeStub(),
    startFacturapiStub(),
    startSmtpSink(smtpDir),
    s3.run(),
  ]);
  const s3Url = `https://127.0.0.1:${s3Address.port}`;

  [appPort, httpsPort] = [await freePort(), await freePort()];
  const [httpPort, adminPort] = [await freePort(), await freePort()];
  publicUrl = `https://${SITE}:${httpsPort}`;

  // The app as the unit starts it: its command and Environment=, and the environment file's
  // names (every one it sets, with this test's values), nothing inherited but PATH and HOME.
  const { command, environment } = unit();
  expect(command).toEqual(["/usr/bin/node", "server.js"]);
  const settings: Record<string, string> = {
    PUBLIC_URL: publicUrl,
    PORT: String(appPort),
    HOST: "127.0.0.1",
    TRUST_PROXY: "1",
    WEB_CONCURRENCY: "2",
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
    DATABASE_URL: databaseUrl,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3Url,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_PUBLIC_URL: `${s3Url}/${BUCKET}`,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: `Michel Alvarez <no-responder@${SITE}>`,
    STUDIO_INBOX: `contacto@${SITE}`,
    STRIPE_SECRET_KEY: "sk_test_despliegue",
    STRIPE_PUBLISHABLE_KEY: "pk_test_despliegue",
    STRIPE_WEBHOOK_SECRET: "whsec_despliegue",
    FACTURAPI_KEY: "sk_test_facturapi_despliegue",
  };
  const testOnly = { STRIPE_API_URL: `http://127.0.0.1:${stripe.port}`, FACTURAPI_API_URL: facturapi.url };
  const template = envTemplate();
  expect(Object.keys(settings).sort()).toEqual([...template.set].sort());
  for (const name of Object.keys(testOnly)) expect(template.mentioned).toContain(name);
  app = run(process.execPath, command.slice(1), {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...environment,
    ...settings,
    ...testOnly,
    // the bucket's certificate (a real bucket's is signed by a public authority)
    NODE_EXTRA_CA_CERTS: s3Cert,
    // the tests' production build instead of build/
    BUILD_DIR: path.relative(process.cwd(), await buildDir),
  });
  const buildReady = Date.now();
  await until("La aplicación", async () => (await fetch(`http://127.0.0.1:${appPort}/healthz`)).ok, app.output);
  phase(`aplicación (${((Date.now() - buildReady) / 1000).toFixed(1)} s)`);

  // Caddy with the repo's Caddyfile; its CA and state in the test's folder.
  caddy = run("caddy", ["run", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"], {
    PATH: process.env.PATH,
    HOME: root,
    XDG_DATA_HOME: path.join(root, "caddy-data"),
    XDG_CONFIG_HOME: path.join(root, "caddy-config"),
    CADDY_ADMIN: `127.0.0.1:${adminPort}`,
    CADDY_HTTP_PORT: String(httpPort),
    CADDY_HTTPS_PORT: String(httpsPort),
    SITE_ADDRESS: SITE,
    CADDY_TLS: "internal",
    APP_UPSTREAMS: `127.0.0.1:${appPort}`,
  });
  await until("Caddy", async () => (await viaCaddy("/readyz")).status === 200, () => caddy.output() + app.output());
  phase("Caddy");
  caddyRoot = fs.readFileSync(path.join(root, "caddy-data", "caddy", "pki", "authorities", "local", "root.crt"));

  browser = await launch();
  client = await newContext();
  await adminCreated;
  phase("navegador y cuenta del estudio");
});

afterAll(async () => {
  await browser?.close();
  // the processes' logs, for a failure's reader (the run's folder is removed)
  fs.mkdirSync(".tmp/deploy-logs", { recursive: true });
  if (app) fs.writeFileSync(".tmp/deploy-logs/app.log", app.output());
  if (caddy) fs.writeFileSync(".tmp/deploy-logs/caddy.log", caddy.output());
  if (app && app.process.exitCode === null) {
    // systemd's KillMode=mixed: SIGTERM to the main process, which passes it on to its workers
    app.process.kill("SIGTERM");
    const code = await app.exited;
    if (code !== 0) console.error(`La aplicación terminó con ${code}:\n${app.output()}`);
  }
  if (caddy && caddy.process.exitCode === null) {
    caddy.process.kill("SIGTERM");
    await caddy.exited;
  }
  await Promise.allSettled([stripe?.close(), facturapi?.close(), smtp?.close(), s3?.close()]);
  await database?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
  console.log(`test:deploy: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

describe("the production set-up on one machine", () => {
  it("runs the files in deploy/: the environment file lists every setting of the README", () => {
    const template = envTemplate();
    const named = new Set([...template.set, ...template.mentioned]);
    expect(readmeVariables().filter((name) => !named.has(name))).toEqual([]);
    expect(app.output()).toContain(`Modo despliegue en ${publicUrl}`);
  });

  it("answers over https through Caddy: HSTS, CSP, and the readiness of database and bucket", async () => {
    const home = await viaCaddy("/");
    expect(home.status).toBe(200);
    expect(home.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(home.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(home.body).not.toContain("Sitio de demostración");
    expect((await viaCaddy("/readyz")).status).toBe(200);
  });

  it("a client signs up over https, confirms her address from the mail, and gets Secure cookies", async () => {
    const page = await client.newPage();
    await page.goto(`${publicUrl}/`);
    await page.getByTestId("login-icon").click();
    const overlay = page.getByTestId("login-overlay");
    await overlay.getByRole("button", { name: "Regístrate" }).click();
    await overlay.getByRole("button", { name: "Registrarme con correo" }).click();
    await overlay.getByLabel("Nombre").fill(CLIENT.name);
    await overlay.getByLabel("Correo").fill(CLIENT.email);
    await overlay.getByLabel("Contraseña").fill(CLIENT.password);
    await overlay.getByRole("checkbox", { name: "Acepto los Términos y Condiciones" }).check();
    await overlay.getByRole("button", { name: "Crear cuenta" }).click();
    expect((await readAlert(page)).title).toBe("¡Bienvenido!");
    await page.getByTestId("account-menu").waitFor();
    // The address is confirmed from the mail's link (Better Auth's e-mail verification), to the https site.
    const verifyLink = () => mailsTo(CLIENT.email).map((m) => linkInMail(m.raw, "/api/auth/verify-email")).find(Boolean) ?? "";
    await expect.poll(verifyLink).not.toBe("");
    expect(verifyLink().startsWith(`${publicUrl}/api/auth/verify-email?token=`)).toBe(true);
    await page.goto(verifyLink());
    await page.waitForURL(`${publicUrl}/verificar-correo`);
    await page.getByRole("heading", { level: 1, name: "Correo verificado" }).waitFor();
    const cookies = await client.cookies();
    expect(cookies.find((c) => c.name === "__Secure-better-auth.session_token")?.httpOnly).toBe(true);
    expect(cookies.filter((c) => !c.secure)).toEqual([]);
    await page.close();
  });

  it("the contact form mails the studio; its limit counts the client's address as Caddy saw it", async () => {
    const page = await client.newPage();
    await page.goto(`${publicUrl}/Contacto`);
    const fields = {
      Nombre: "Lucía Hernández",
      "Correo electrónico": "lucia@example.com",
      Teléfono: "33-1234-5678",
      Mensaje: "Hola, quisiera información para una cita de microblading el próximo sábado.",
    };
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await page.waitForURL(`${publicUrl}/gracias`);
    await expect.poll(() => mailsTo(`contacto@${SITE}`).map((m) => m.subject)).toEqual([
      "Nuevo mensaje de contacto de Lucía Hernández",
    ]);
    await page.close();

    // A client who sends X-Forwarded-For through Caddy is still counted by the address Caddy
    // saw (Caddy replaces the header; the app trusts that one hop only).
    const form = new URLSearchParams({
      nombre: "Otra Persona",
      correo: "otra@example.com",
      telefono: "3312345678",
      mensaje: "Un mensaje con una dirección falsa en X-Forwarded-For.",
    });
    const spoofed = await viaCaddy("/Contacto", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: publicUrl,
        "x-forwarded-for": "203.0.113.9",
      },
      body: form.toString(),
    });
    expect(spoofed.status).toBeLessThan(400);
    const buckets = await database.db
      .select({ key: rateLimit.key, count: rateLimit.count })
      .from(rateLimit)
      .where(like(rateLimit.key, "contacto|%"));
    expect(buckets).toEqual([{ key: "contacto|ip|127.0.0.1", count: 2 }]);

    // The app listens on 127.0.0.1 only (HOST): nobody else can reach it and forge that hop.
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && a.family === "IPv4" && !a.internal)
      .map((a) => a?.address as string);
    for (const address of outside) {
      const refused = await new Promise<boolean>((resolve) => {
        const socket = net.connect(appPort, address);
        socket.once("connect", () => {
          socket.destroy();
          resolve(false);
        });
        socket.once("error", () => resolve(true));
      });
      expect(refused, address).toBe(true);
    }
  });

  it("cart → checkout with a card (Stripe) → the order and its mail", async () => {
    const page = await client.newPage();
    await toPayment(page);
    const card = page.getByTestId("stripe-card-form");
    await card.getByLabel("Nombre en la tarjeta").fill("Ana López");
    await card.getByRole("button", { name: /^Pagar \$/ }).click();
    const success = await readAlert(page);
    expect(success.title).toBe("Compra exitosa!");
    cardOrder = success.text.match(/MA-[2-9A-HJ-NP-Z]{6}/)?.[0] ?? "";
    expect(cardOrder).toMatch(/^MA-/);
    expect(stripe.captures).toHaveLength(1);
    await expect
      .poll(() => mailsTo(CLIENT.email).map((m) => m.subject))
      .toContain(`Confirmación de tu compra ${cardOrder}`);
    await page.close();
  });

  it("an OXXO voucher from Stripe, paid at the store: Stripe's signed webhook through Caddy confirms it", async () => {
    const page = await client.newPage();
    await toPayment(page);
    await page.getByTestId("payment-methods").getByRole("radio", { name: /OXXO/ }).check();
    await page.getByRole("button", { name: "Generar ficha OXXO" }).click();
    const voucher = await readAlert(page);
    expect(voucher.title).toBe("Ficha de pago generada");
    const compraId = voucher.text.match(/MA-[2-9A-HJ-NP-Z]{6}/)?.[0] ?? "";
    await page.waitForURL(/\/mis-compras/);
    const order = page.locator(`#compra-${compraId}`);
    expect(await order.getByTestId("order-payment-state").textContent()).toBe("Pendiente de pago");
    await expect
      .poll(() => mailsTo(CLIENT.email).map((m) => m.subject))
      .toContain(`Tu ficha de pago OXXO: compra ${compraId}`);

    const intent = [...stripe.intents.values()].find((i) => i.payment_method_types.includes("oxxo"));
    stripe.succeed(intent?.id ?? "");
    const { default: Stripe } = await import("stripe");
    const payload = JSON.stringify({
      id: "evt_oxxo_pagado",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: intent?.id, object: "payment_intent" } },
    });
    const webhook = await viaCaddy("/webhooks/stripe", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_despliegue" }),
      },
      body: payload,
    });
    expect(webhook.status).toBe(200);
    const [paid] = await database.db
      .select({ estado: pagos.estado })
      .from(compras)
      .innerJoin(pagos, eq(pagos.id, compras.pagoId))
      .where(eq(compras.id, compraId));
    expect(paid?.estado).toBe("pagado");
    await page.reload({ waitUntil: "networkidle" });
    expect(await order.getByTestId("order-pending").count()).toBe(0);
    await page.close();
  });

  it("a booking with its deposit paid by card, and the mail with its calendar file", async () => {
    const page = await client.newPage();
    await page.goto(`${publicUrl}/agendar/microblading`, { waitUntil: "networkidle" });
    await page.getByTestId("slot-day").nth(3).click();
    await page.waitForURL(/fecha=/);
    await page.getByTestId("slot-time").first().click();
    await page.getByTestId("booking-form").waitFor();
    await fillBookingForm(page, CLIENT.email);
    await page.getByTestId("booking-submit").click();
    await page.waitForURL(/\/cita\//);
    const deposit = page.getByTestId("stripe-deposit");
    await deposit.getByLabel("Nombre en la tarjeta").fill("Ana López");
    await deposit.getByRole("button").click();
    await page.getByRole("heading", { name: "¡Cita confirmada!" }).waitFor();
    await expect.poll(() => mailsTo(CLIENT.email).filter((m) => m.subject.includes("Cita confirmada")).length).toBe(1);
    const mail = mailsTo(CLIENT.email).find((m) => m.subject.includes("Cita confirmada"));
    expect(mailParts(mail?.raw ?? "", "text/calendar")[0]).toContain("BEGIN:VEVENT");
    await page.close();
  });

  it("an invoice (CFDI) for the card order, through Facturapi, mailed", async () => {
    const page = await client.newPage();
    const [paid] = await database.db
      .select({ estado: pagos.estado })
      .from(compras)
      .innerJoin(pagos, eq(pagos.id, compras.pagoId))
      .where(eq(compras.id, cardOrder));
    expect(paid?.estado).toBe("pagado");
    await page.goto(`${publicUrl}/mis-compras`, { waitUntil: "networkidle" });
    await page.locator(`#compra-${cardOrder}`).getByTestId("order-factura").click();
    await page.waitForURL(`${publicUrl}/mis-compras/factura/${cardOrder}`);
    const form = page.getByTestId("factura-form");
    await form.getByLabel("RFC").fill("CACX7605101P8");
    await form.getByLabel("Régimen fiscal").selectOption("612");
    await form.getByLabel("Uso del CFDI").selectOption("G03");
    await form.getByLabel("Nombre o razón social").fill("Xochitl Casas Chavez");
    await form.getByLabel("Código postal fiscal").fill("44160");
    await form.getByRole("button", { name: "Generar factura" }).click();
    // the invoice, or the reason it was refused (shown in the failure)
    await expect
      .poll(async () =>
        (await page.getByTestId("factura-emitida").count()) > 0
          ? "emitida"
          : (await page.getByRole("alert").allTextContents()).join(" | "),
      )
      .toBe("emitida");
    expect(facturapi.created()).toBe(1);
    await expect
      .poll(() => mailsTo(CLIENT.email).some((m) => m.subject === `Tu factura de la compra ${cardOrder}`))
      .toBe(true);
    await page.close();
  });

  it("a password reset (last: it ends the client's other sessions): the mail's link (to the https site) sets a new password", async () => {
    const visitor = await newContext();
    const page = await visitor.newPage();
    await page.goto(`${publicUrl}/`);
    await page.getByTestId("login-icon").click();
    const overlay = page.getByTestId("login-overlay");
    await overlay.getByRole("button", { name: "Continuar con correo" }).click();
    await overlay.getByRole("button", { name: "¿Olvidaste tu contraseña?" }).click();
    await overlay.getByLabel("Correo").fill(CLIENT.email);
    await overlay.getByRole("button", { name: "Enviar correo" }).click();
    expect((await readAlert(page)).title).toBe("Correo enviado");
    await expect.poll(() => mailsTo(CLIENT.email).some((m) => m.subject === "Restablece tu contraseña")).toBe(true);
    const mail = mailsTo(CLIENT.email).find((m) => m.subject === "Restablece tu contraseña");
    const link = linkInMail(mail?.raw ?? "", "/restablecer-contrasena") ?? "";
    expect(link.startsWith(`${publicUrl}/restablecer-contrasena?token=`)).toBe(true);
    await page.goto(link);
    await page.getByLabel("Nueva contraseña").fill(NEW_PASSWORD);
    await page.getByLabel("Confirma la contraseña").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    expect((await readAlert(page)).title).toBe("Contraseña actualizada");
    const again = page.getByTestId("login-overlay");
    await again.getByRole("button", { name: "Continuar con correo" }).click();
    await again.getByLabel("Correo").fill(CLIENT.email);
    await again.getByLabel("Contraseña").fill(NEW_PASSWORD);
    await again.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    expect((await readAlert(page)).title).toBe("¡Bienvenido!");
    await visitor.close();
  });

  describe("the studio", () => {
    let studio: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      studio = await newContext();
      page = await studio.newPage();
      await page.goto(`${publicUrl}/`);
      const status = await page.evaluate(
        async (account) =>
          (
            await fetch("/api/auth/sign-in/email", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(account),
            })
          ).status,
        { email: ADMIN.email, password: ADMIN.password },
      );
      expect(status).toBe(200);
    });
    afterAll(() => studio?.close());

    it("uploads an 8 MB product photo: it lands in the bucket, not on the server's disk", async () => {
      const width = 3000;
      const height = 2100;
      const photo = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 100 })
        .toBuffer();
      expect(photo.length).toBeGreaterThan(8 * 1024 * 1024);
      const file = path.join(root, "foto-producto.jpg");
      fs.writeFileSync(file, photo);
      await page.goto(`${publicUrl}/admin/productos/${productId}`, { waitUntil: "networkidle" });
      await page.getByLabel("Fotos").setInputFiles(file);
      await page.getByRole("button", { name: "Guardar cambios" }).click();
      await confirmDialog(page);
      await page.getByTestId("toasts").getByText("Cambios guardados.").waitFor();
      expect(bucketKeys().filter((k) => k.startsWith("uploads/productos/")).length).toBeGreaterThan(0);
      const [row] = await database.db.select().from(productos).where(eq(productos.id, productId));
      expect(JSON.stringify(row)).toContain(`/${BUCKET}/uploads/productos/`);
      // the shop shows it, read by the browser from the bucket's public address
      const shop = await client.newPage();
      await shop.goto(`${publicUrl}/producto/${productId}`, { waitUntil: "networkidle" });
      const image = shop.locator(`img[src*="/${BUCKET}/uploads/productos/"]`).first();
      await image.evaluate((img: HTMLImageElement) => img.decode());
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await shop.close();
    });

    it("uploads a 60 MB lesson video: private, in the bucket", async () => {
      const file = path.join(root, "clase.webm");
      const video = fs.readFileSync("seed/video/clase.webm");
      fs.writeFileSync(file, Buffer.concat([video, Buffer.alloc(60 * 1024 * 1024 - video.length)]));
      await page.goto(`${publicUrl}/admin/videos/nuevo`, { waitUntil: "networkidle" });
      await page.getByLabel("Unidad").selectOption({ label: "Cejas perfectas · Diseño" });
      await page.getByLabel(/^Título/).fill("Diseño de cejas");
      await page.getByLabel("Archivo de video").setInputFiles(file);
      await page.getByRole("button", { name: "Crear" }).click();
      // 60 MB through Caddy into the bucket: 27 s on a quiet 2-core machine, more while CI runs beside it
      await page.waitForURL(/\/admin\/videos\/\d+$/, { timeout: 100_000 });
      const [row] = await database.db.select().from(unidadVideos).where(eq(unidadVideos.unidadId, "cejas-online-1"));
      expect(row?.video).toMatch(/^private:videos\//);
      expect(bucketKeys().filter((k) => k.startsWith("private/videos/")).length).toBe(1);
      // nothing uploaded stayed on the server's disk (DATA_DIR/tmp is only the spool)
      expect(filesUnder(dataDir).filter((f) => !f.startsWith(`tmp${path.sep}`))).toEqual([]);
      expect(filesUnder(path.join(dataDir, "tmp"))).toEqual([]);
    });

    it("ships the card order: the client is told by mail", async () => {
      await page.goto(`${publicUrl}/admin/pedidos/${cardOrder}`, { waitUntil: "networkidle" });
      await page.getByLabel("Estado del envío").selectOption({ label: "Enviado" });
      await page.getByRole("button", { name: "Guardar estado" }).click();
      await confirmDialog(page);
      await page.getByTestId("toasts").getByText(/Estado del envío actualizado/).waitFor();
      const [order] = await database.db.select().from(compras).where(eq(compras.id, cardOrder));
      expect(order?.estadoEnvio).toBe(2);
      await expect.poll(() => mailsTo(CLIENT.email).some((m) => m.subject === `Tu pedido ${cardOrder}: Enviado`)).toBe(true);
    });
  });

  it("no step got a 4xx or 5xx; every page had HSTS and a CSP; every cookie was Secure", async () => {
    const failures = responses.filter((r) => r.status >= 400).map((r) => `${r.status} ${r.type} ${r.url}`);
    expect(failures).toEqual([]);
    expect(responses.length).toBeGreaterThan(50);
    const pageHeaders = pages.filter((p) => !new URL(p.url).pathname.startsWith("/api/"));
    expect(pageHeaders.length).toBeGreaterThan(10);
    for (const { url, headers } of pageHeaders) {
      expect(headers["strict-transport-security"], url).toMatch(/max-age=\d+/);
      expect(headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
    }
    expect((await client.cookies()).filter((c) => !c.secure)).toEqual([]);
  });
});
