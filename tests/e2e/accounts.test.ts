/**
 * Accounts in Chromium against the real server: sign-up, log-out, log-in, wrong password,
 * password reset by mail, profile name, favourites across sessions, the visit-code view,
 * the overlay's keyboard behaviour, the guards of every guarded route, the rate limit, and
 * Google log-in end to end against a local OAuth stub (a second server with the stub's keys).
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  createAccount,
  httpRequest,
  linkInMail,
  logIn,
  postAuth,
  randomLoopbackAddress,
  sessionCookies,
} from "../support/accounts";
import { DESKTOP, PHONE, untilHydrated } from "../support/browser";
import { sharedBrowser } from "./shared-browser";
import { axeViolations } from "../support/axe";
import { type OAuthStub, oauthStubEnv, startOAuthStub } from "../support/oauth-stub";
import { acceptLoginPrompt, dismissLoginPrompt } from "../support/login-prompt";
import { notVerification, readOutbox } from "../support/outbox";
import { type ServerProcess, startServerProcess } from "../support/server-process";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");
const demo = JSON.parse(fs.readFileSync("seed/demo.json", "utf8")) as {
  producto: { id: string; nombre: string }[];
  codigosVisitas: { id: string; codigo: string }[];
};

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
});
afterAll(() => browser?.close());

/** The alert dialog's title and text; then its confirm button closes it. */
async function readAlert(page: Page): Promise<{ title: string; text: string }> {
  const dialog = page.getByTestId("alert-dialog");
  await dialog.locator("#alerta-titulo").waitFor();
  const title = (await dialog.locator("#alerta-titulo").textContent()) ?? "";
  const text = (await dialog.locator("#alerta-texto").textContent()) ?? "";
  await dialog.getByRole("button", { name: "OK" }).click();
  return { title, text };
}

/**
 * The page the overlay's sign-up or log-in reloads (reloadPage in login-overlay.tsx), or the
 * log-out's alert leads to: its header comes as the server wrote it, before React hydrates it
 * (ADR 026), and a click on the account menu or the log-in icon then is lost. A visitor waits
 * for the page to be ready; so does the test (`page.goto` waits itself, an app's own reload
 * does not).
 */
async function untilReloaded(page: Page, testId: "account-menu" | "login-icon") {
  await page.getByTestId(testId).waitFor();
  await untilHydrated(page);
}

async function openOverlay(page: Page) {
  await page.getByTestId("login-icon").click();
  const overlay = page.getByTestId("login-overlay");
  await overlay.getByRole("heading", { name: "Iniciar sesión" }).waitFor();
  return overlay;
}

async function logInThroughOverlay(page: Page, email: string, password: string) {
  const overlay = await openOverlay(page);
  await overlay.getByRole("button", { name: "Continuar con correo" }).click();
  await overlay.getByLabel("Correo").fill(email);
  await overlay.getByLabel("Contraseña").fill(password);
  await overlay.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
}

async function logOutThroughMenu(page: Page) {
  // The menu closes on a navigation: one that lands just after the click (the session's
  // revalidation on a busy machine) closes it again, so open it until it stays open.
  const logOut = page.getByRole("button", { name: "Cerrar Sesión" });
  await expect
    .poll(
      async () => {
        if (!(await logOut.isVisible())) {
          await page.getByTestId("account-menu").click();
          await logOut.waitFor({ timeout: 2_000 }).catch(() => undefined);
        }
        return logOut.isVisible();
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  await logOut.click();
  expect(await readAlert(page)).toEqual({ title: "Sesión Cerrada", text: "Te esperamos pronto" });
  await page.waitForURL(`${baseURL}/`);
  await untilReloaded(page, "login-icon");
}

describe("accounts", () => {
  it("signs up, logs out, logs in, refuses a wrong password, and resets the password by mail", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const email = `ana-${Date.now()}@example.com`;
    await page.goto(`${baseURL}/`);

    // sign-up: the submit stays disabled until the terms are ticked
    const overlay = await openOverlay(page);
    await overlay.getByRole("button", { name: "Regístrate" }).click();
    await overlay.getByRole("button", { name: "Registrarme con correo" }).click();
    await overlay.getByLabel("Nombre").fill("Ana Prueba");
    await overlay.getByLabel("Correo").fill(email);
    await overlay.getByLabel("Contraseña").fill("clave-inicial-1");
    const submit = overlay.getByRole("button", { name: "Crear cuenta" });
    expect(await submit.isDisabled()).toBe(true);
    const terms = overlay.getByRole("checkbox", { name: "Acepto los Términos y Condiciones" });
    expect(await overlay.getByRole("link", { name: "Términos y Condiciones" }).getAttribute("href")).toBe(
      "/terminos-y-condiciones",
    );
    expect(await overlay.getByText("al menos 18 años").isVisible()).toBe(true);
    await terms.check();
    await submit.click();
    expect(await readAlert(page)).toEqual({ title: "¡Bienvenido!", text: "Nos da gusto que seas parte de nosotros" });
    await untilReloaded(page, "account-menu");
    // the session cookie is HttpOnly, and email sign-up recorded the terms
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "better-auth.session_token")?.httpOnly).toBe(true);
    expect(await page.evaluate(() => fetch("/api/terminos").then((r) => r.json()))).toEqual({ terminos: true });

    await logOutThroughMenu(page);

    await logInThroughOverlay(page, email, "clave-inicial-1");
    expect(await readAlert(page)).toEqual({ title: "¡Bienvenido!", text: "Nos da gusto verte nuevamente" });
    await untilReloaded(page, "account-menu");
    await logOutThroughMenu(page);

    await logInThroughOverlay(page, email, "no-es-la-clave");
    expect(await readAlert(page)).toEqual({
      title: "Credenciales incorrectas",
      text: "Correo o contraseña incorrecta",
    });

    // forgot password: the spec's three answers, then the mail
    const login = page.getByTestId("login-overlay");
    await login.getByRole("button", { name: "¿Olvidaste tu contraseña?" }).click();
    expect(await login.getByLabel("Correo").inputValue()).toBe(email);
    const send = login.getByRole("button", { name: "Enviar correo" });
    await login.getByLabel("Correo").fill("nadie-registrado@example.com");
    await send.click();
    expect(await readAlert(page)).toEqual({ title: "Error!", text: "No existe ningún usuario con ese correo." });
    await login.getByLabel("Correo").fill("no-es-un-correo");
    await send.click();
    expect(await readAlert(page)).toEqual({ title: "Error!", text: "El formato de correo es inválido." });
    await login.getByLabel("Correo").fill(email);
    await send.click();
    const sent = await readAlert(page);
    expect(sent.title).toBe("Correo enviado");

    const mail = readOutbox(dataDir).filter(notVerification).find((m) => m.to.includes(email));
    expect(mail?.subject).toBe("Restablece tu contraseña");
    const link = linkInMail(mail?.raw ?? "", "/restablecer-contrasena");
    expect(link).toMatch(new RegExp(`^${baseURL}/restablecer-contrasena\\?token=`));

    await page.goto(link ?? "");
    await page.getByLabel("Nueva contraseña").fill("clave-nueva-2");
    await page.getByLabel("Confirma la contraseña").fill("otra-distinta");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Las contraseñas no coinciden.");
    await page.getByLabel("Confirma la contraseña").fill("clave-nueva-2");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    expect(await readAlert(page)).toEqual({
      title: "Contraseña actualizada",
      text: "Ya puedes iniciar sesión con tu nueva contraseña.",
    });
    // back on / with the overlay open (?login=1)
    const again = page.getByTestId("login-overlay");
    await again.getByRole("heading", { name: "Iniciar sesión" }).waitFor();
    await again.getByRole("button", { name: "Continuar con correo" }).click();
    await again.getByLabel("Correo").fill(email);
    await again.getByLabel("Contraseña").fill("clave-nueva-2");
    await again.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    expect(await readAlert(page)).toEqual({ title: "¡Bienvenido!", text: "Nos da gusto verte nuevamente" });
    await untilReloaded(page, "account-menu");
    expect(new URL(page.url()).search).toBe("");
    await page.close();
  });

  it("asks for a name at sign-up: empty or blank is refused in Spanish and nothing is sent", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const signUps: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/sign-up/email")) signUps.push(request.url());
    });
    await page.goto(`${baseURL}/`);
    const overlay = await openOverlay(page);
    await overlay.getByRole("button", { name: "Regístrate" }).click();
    await overlay.getByRole("button", { name: "Registrarme con correo" }).click();
    await overlay.getByLabel("Correo").fill(`lucia-${Date.now()}@example.com`);
    await overlay.getByLabel("Contraseña").fill("clave-de-lucia-1");
    await overlay.getByRole("checkbox", { name: "Acepto los Términos y Condiciones" }).check();
    const name = overlay.getByLabel("Nombre");
    for (const typed of ["", "   "]) {
      await name.fill(typed);
      await overlay.getByRole("button", { name: "Crear cuenta" }).click();
      expect(await overlay.getByRole("alert").textContent()).toBe("El nombre es obligatorio.");
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
    }
    expect(signUps).toEqual([]);
    expect(await page.getByTestId("login-icon").isVisible()).toBe(true);

    // Typing clears the message; a name creates the account, tidied as the profile keeps it.
    await name.fill("  Lucía   Nombre ");
    expect(await overlay.getByRole("alert").count()).toBe(0);
    await overlay.getByRole("button", { name: "Crear cuenta" }).click();
    expect(await readAlert(page)).toEqual({ title: "¡Bienvenido!", text: "Nos da gusto que seas parte de nosotros" });
    // the page reloads with the account: its menu opens once React has hydrated it
    await untilReloaded(page, "account-menu");
    const account = page.getByTestId("account-menu");
    expect(await account.getAttribute("aria-label")).toBe("Mi cuenta (Lucía Nombre)");
    await account.click();
    await page.getByText("Hola, Lucía").waitFor();
    expect(signUps).toHaveLength(1);
    await page.close();
  });

  it("edits the name: empty is refused in Spanish, a valid name is saved", async () => {
    const account = await createAccount(baseURL, { name: "Nombre Viejo" });
    const context = await browser.newContext({ viewport: PHONE });
    await context.addCookies(sessionCookies(baseURL, account));
    const page = await context.newPage();
    await page.goto(`${baseURL}/editar-perfil`);
    const main = page.getByRole("main");
    const field = main.getByLabel("Nombre", { exact: true });
    expect(await field.inputValue()).toBe("Nombre Viejo");
    await field.fill("   ");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("El nombre es obligatorio.").waitFor();
    await page.reload();
    expect(await field.inputValue()).toBe("Nombre Viejo");

    await field.fill("Nombre Nuevo");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByTestId("toasts").getByText("Tu nombre se guardó.").waitFor();
    await page.goto(`${baseURL}/mi-perfil`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Hola, Nombre Nuevo");
    for (const [label, href] of [
      ["Mis cursos", "/mis-cursos"],
      ["Mis compras", "/mis-compras"],
      ["Mis favoritos", "/mis-favoritos"],
      ["Editar perfil", "/editar-perfil"],
    ]) {
      expect(await page.getByRole("link", { name: new RegExp(`^${label}`) }).getAttribute("href")).toBe(href);
    }
    await context.close();
  });

  it("asks to verify the address on Mi perfil, resends the link, and the link confirms it in Spanish (issue 25)", async () => {
    const account = await createAccount(baseURL, { name: "Vera Verifica" });
    const context = await browser.newContext({ viewport: PHONE });
    await context.addCookies(sessionCookies(baseURL, account));
    const page = await context.newPage();
    await page.goto(`${baseURL}/mi-perfil`);
    const notice = page.getByTestId("verificar-correo");
    await notice.getByText("Tu correo aún no está verificado.", { exact: false }).waitFor();
    await notice.getByRole("button", { name: "Reenviar enlace" }).click();
    await notice.getByRole("status").getByText(`Te enviamos un nuevo enlace a ${account.email}.`, { exact: false }).waitFor();
    const links = readOutbox(dataDir).filter((m) => !notVerification(m) && m.to.includes(account.email));
    expect(links).toHaveLength(2);

    await page.goto(linkInMail(links[1]!.raw, "/api/auth/verify-email")!);
    await page.waitForURL(`${baseURL}/verificar-correo`);
    await page.getByRole("heading", { level: 1, name: "Correo verificado" }).waitFor();
    expect(await page.getByTestId("verificacion-mensaje").textContent()).toContain("Tu correo quedó verificado.");
    await page.goto(`${baseURL}/mi-perfil`);
    await page.getByRole("heading", { level: 1, name: "Hola, Vera Verifica" }).waitFor();
    expect(await page.getByTestId("verificar-correo").count()).toBe(0);

    // An altered link says so, in Spanish.
    await page.goto(`${baseURL}/api/auth/verify-email?token=alterado&callbackURL=%2Fverificar-correo`);
    await page.waitForURL(`${baseURL}/verificar-correo?error=INVALID_TOKEN`);
    expect(await page.getByTestId("verificacion-mensaje").textContent()).toBe(
      "El enlace para verificar tu correo no es válido. Pide uno nuevo.",
    );
    await context.close();
  });

  it("keeps favourites across sessions, and asks a visitor to log in first", async () => {
    const product = demo.producto[0];
    if (!product) throw new Error("demo.json sin productos");
    const visitor = await browser.newPage({ viewport: PHONE });
    await visitor.goto(`${baseURL}/producto/${product.id}`);
    // The spec's alert: 'Ahora no' leaves the visitor where she was ...
    await visitor.getByTestId("favorite-button").first().click();
    await dismissLoginPrompt(visitor, "para agregar a favoritos inicia sesion");
    // ... and its button opens the log-in overlay.
    await visitor.getByTestId("favorite-button").first().click();
    await acceptLoginPrompt(visitor, "para agregar a favoritos inicia sesion");
    expect(new URL(visitor.url()).pathname).toBe(`/producto/${product.id}`);
    await visitor.close();

    const account = await createAccount(baseURL);
    const first = await browser.newContext({ viewport: PHONE });
    await first.addCookies(sessionCookies(baseURL, account));
    const page = await first.newPage();
    await page.goto(`${baseURL}/mis-favoritos`);
    await page.getByTestId("favorites-empty").waitFor();
    await page.goto(`${baseURL}/producto/${product.id}`);
    const heart = page.getByTestId("favorite-button").first();
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    await heart.click();
    await page.getByTestId("toasts").getByText("Agregado a favoritos").waitFor();
    expect(await heart.getAttribute("aria-pressed")).toBe("true");
    await first.close();

    // a new session of the same account
    const second = await browser.newContext({ viewport: DESKTOP });
    await second.addCookies(sessionCookies(baseURL, { cookie: await logIn(baseURL, account.email, account.password) }));
    const again = await second.newPage();
    await again.goto(`${baseURL}/mis-favoritos`);
    const card = again.getByTestId("product-card");
    expect(await card.count()).toBe(1);
    expect(await card.getByRole("heading").textContent()).toBe(product.nombre);
    await card.getByTestId("favorite-button").click();
    await again.getByTestId("toasts").getByText("Eliminado de favoritos").waitFor();
    await again.getByTestId("favorites-empty").waitFor();
    await again.reload();
    await again.getByTestId("favorites-empty").waitFor();
    await second.close();
  });

  it("opens the visit page for a known code and answers the spec's two errors", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseURL}/`);
    const overlay = await openOverlay(page);
    await overlay.getByRole("button", { name: "¿Tienes un código?" }).click();
    await overlay.getByRole("heading", { name: "¿Tienes un código?" }).waitFor();
    const discover = overlay.getByRole("button", { name: "Descubrir" });
    await discover.click();
    expect(await readAlert(page)).toEqual({ title: "Codigo Faltante", text: "Favor de insertar un codigo de visita" });
    await overlay.getByLabel("Código de visita").fill("ZZZZ9999");
    await discover.click();
    expect(await readAlert(page)).toEqual({
      title: "Codigo Inexistente",
      text: "El codigo ingresado no existe, favor de insertar otro",
    });
    const visit = demo.codigosVisitas[0];
    if (!visit) throw new Error("demo.json sin visitas");
    await overlay.getByLabel("Código de visita").fill(visit.codigo);
    await discover.click();
    await page.waitForURL(new RegExp(`/tu-visita-con-[a-z0-9-]+/${visit.id}$`));
    await page.waitForFunction(() => !document.querySelector<HTMLDialogElement>("[data-testid=login-overlay]")?.open);
    await page.close();
  });

  it("shows 'Próximamente' for Google and Facebook when their keys are not set", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseURL}/`);
    const overlay = await openOverlay(page);
    for (const name of ["Continuar con Google", "Continuar con Facebook"]) {
      await overlay.getByRole("button", { name }).click();
      expect(await readAlert(page)).toEqual({
        title: "Próximamente",
        text: "Este opción estará disponible dentro de poco. Sentimos la demora.",
      });
    }
    await page.close();
  });

  it("keeps the overlay keyboard-friendly: focus stays inside, Escape and the backdrop close it", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseURL}/?login=1`);
    const overlay = page.getByTestId("login-overlay");
    await overlay.getByRole("heading", { name: "Iniciar sesión" }).waitFor();
    // The page behind is inert: Tab goes round the overlay's controls (and the browser's
    // own UI, where activeElement is the body), never to the page.
    const visited = new Set<string>();
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return "navegador";
        return el.closest("[data-testid=login-overlay]") ? (el.textContent ?? "").trim() || el.tagName : "PAGINA";
      });
      expect(where).not.toBe("PAGINA");
      visited.add(where);
    }
    expect(visited).toContain("Continuar con Google");
    expect(visited).toContain("¿Tienes un código?");
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => !document.querySelector<HTMLDialogElement>("[data-testid=login-overlay]")?.open);
    await page.waitForURL((url) => !url.searchParams.has("login"));

    await openOverlay(page);
    await page.mouse.click(4, 4); // the backdrop
    await page.waitForFunction(() => !document.querySelector<HTMLDialogElement>("[data-testid=login-overlay]")?.open);
    await page.close();
  });

  it("has no serious accessibility problems in any of the overlay's six views", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseURL}/`);
    const views: [string, string[]][] = [
      ["elegir", []],
      ["correo", ["Continuar con correo"]],
      ["olvide", ["Continuar con correo", "¿Olvidaste tu contraseña?"]],
      ["registro", ["Regístrate"]],
      ["registro-correo", ["Regístrate", "Registrarme con correo"]],
      ["codigo", ["¿Tienes un código?"]],
    ];
    for (const [view, clicks] of views) {
      const overlay = await openOverlay(page);
      for (const name of clicks) await overlay.getByRole("button", { name }).click();
      expect([view, await axeViolations(page, '[data-testid="login-overlay"]')]).toEqual([view, []]);
      await page.keyboard.press("Escape");
      await page.waitForFunction(() => !document.querySelector<HTMLDialogElement>("[data-testid=login-overlay]")?.open);
    }
    await page.close();
  });

  it("redirects every guarded route to / on the server without a session", async () => {
    // The nine guarded paths of SPEC section 2. Screens built by other issues are checked
    // once their route is in app/routes.ts (until then they would only answer 404).
    const routes = fs.readFileSync("app/routes.ts", "utf8");
    const guarded = [
      ["mi-perfil", "/mi-perfil"],
      ["mis-cursos", "/mis-cursos"],
      ["mis-compras", "/mis-compras"],
      ["mis-favoritos", "/mis-favoritos"],
      ["editar-perfil", "/editar-perfil"],
      ["examen-michel-alvare/:id", "/examen-michel-alvare/no-existe"],
      ["curso-michel-alvarez/:id", "/curso-michel-alvarez/no-existe"],
      ["pagar", "/pagar"],
      ["pagar-curso/:id", "/pagar-curso/no-existe"],
    ] as const;
    const present = guarded.filter(([pattern]) => routes.includes(`route("${pattern}"`));
    expect(present.map(([p]) => p)).toEqual(expect.arrayContaining(["mi-perfil", "mis-favoritos", "editar-perfil"]));
    for (const [, url] of present) {
      const response = await fetch(`${baseURL}${url}`, { redirect: "manual" });
      expect({ url, status: response.status, location: response.headers.get("location") }).toEqual({
        url,
        status: 302,
        location: "/",
      });
    }
  });

  it("rate-limits log-ins per client IP and answers 429 in Spanish", async () => {
    const address = randomLoopbackAddress();
    let last = { status: 0, body: "" };
    for (let i = 0; i < 21; i++) {
      last = await postAuth(
        baseURL,
        "/sign-in/email",
        { email: "nadie@example.com", password: `intento-${i}` },
        address,
      );
      if (i < 20) expect(last.status).toBe(401);
    }
    expect(last.status).toBe(429);
    expect(JSON.parse(last.body).message).toBe("Espera un minuto antes de volver a intentarlo.");
    // A made-up X-Forwarded-For does not buy a new bucket: the server runs as deployed, behind
    // one proxy (TRUST_PROXY=1), and the proxy appends the address it saw to what the client wrote.
    const spoofed = await httpRequest(`${baseURL}/api/auth/sign-in/email`, {
      method: "POST",
      localAddress: address,
      headers: { "Content-Type": "application/json", Origin: baseURL, "X-Forwarded-For": `203.0.113.9, ${address}` },
      body: JSON.stringify({ email: "nadie@example.com", password: "otra" }),
    });
    expect(spoofed.status).toBe(429);
  });
});

describe("auth failures are never silent", () => {
  it("signs up on the demo opened under another loopback name (localhost, where PUBLIC_URL says 127.0.0.1)", async () => {
    // Before ADR 013, Better Auth answered 403 'Invalid origin' to anything but PUBLIC_URL's origin.
    const local = baseURL.replace("127.0.0.1", "localhost");
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${local}/`);
    const overlay = await openOverlay(page);
    await overlay.getByRole("button", { name: "Regístrate" }).click();
    await overlay.getByRole("button", { name: "Registrarme con correo" }).click();
    await overlay.getByLabel("Nombre").fill("Ana Local");
    await overlay.getByLabel("Correo").fill(`local-${Date.now()}@example.com`);
    await overlay.getByLabel("Contraseña").fill("clave-local-1");
    await overlay.getByRole("checkbox", { name: "Acepto los Términos y Condiciones" }).check();
    await overlay.getByRole("button", { name: "Crear cuenta" }).click();
    expect(await readAlert(page)).toEqual({ title: "¡Bienvenido!", text: "Nos da gusto que seas parte de nosotros" });
    await page.getByTestId("account-menu").waitFor();
    await page.close();
  });

  it("on 127.0.0.1, a 403 'Invalid origin', a 500, a proxy's 502 page, a network failure and a 429 each show their alert", async () => {
    const serverError = { title: "Error del servidor", text: "Favor de comunicarte con el administrador" };
    const json = (status: number, body: unknown) => ({ status, contentType: "application/json", body: JSON.stringify(body) });
    const failures: [string, Parameters<Page["route"]>[1], { title: string; text: string }][] = [
      ["403", (route) => route.fulfill(json(403, { message: "Invalid origin", code: "INVALID_ORIGIN" })), serverError],
      ["500", (route) => route.fulfill(json(500, { message: "Internal Server Error" })), serverError],
      ["502", (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" }), serverError],
      ["red", (route) => route.abort("connectionrefused"), serverError],
      [
        "429",
        (route) => route.fulfill(json(429, { code: "TOO_MANY_REQUESTS", message: "Too many requests" })),
        { title: "Demasiados intentos", text: "Espera un minuto antes de volver a intentarlo." },
      ],
    ];
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseURL}/`);

    // log-in
    const overlay = await openOverlay(page);
    await overlay.getByRole("button", { name: "Continuar con correo" }).click();
    await overlay.getByLabel("Correo").fill("ana@example.com");
    await overlay.getByLabel("Contraseña").fill("clave-cualquiera");
    for (const [name, answer, alert] of failures) {
      await page.route("**/api/auth/sign-in/email", answer);
      await overlay.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
      expect(await readAlert(page), `inicio de sesión, ${name}`).toEqual(alert);
      await page.unroute("**/api/auth/sign-in/email");
    }

    // sign-up
    await overlay.getByRole("button", { name: "Regístrate" }).click();
    await overlay.getByRole("button", { name: "Registrarme con correo" }).click();
    await overlay.getByLabel("Nombre").fill("Ana Prueba");
    await overlay.getByLabel("Correo").fill("ana@example.com");
    await overlay.getByLabel("Contraseña").fill("clave-cualquiera");
    await overlay.getByRole("checkbox", { name: "Acepto los Términos y Condiciones" }).check();
    for (const [name, answer, alert] of failures) {
      await page.route("**/api/auth/sign-up/email", answer);
      await overlay.getByRole("button", { name: "Crear cuenta" }).click();
      expect(await readAlert(page), `registro, ${name}`).toEqual(alert);
      await page.unroute("**/api/auth/sign-up/email");
    }
    await page.close();
  });
});

describe("Google log-in against a local OAuth stub", () => {
  let stub: OAuthStub;
  let server: ServerProcess | undefined;
  let socialURL: string;

  beforeAll(async () => {
    // A second server from the same build, with Google and Facebook pointed at the stub.
    stub = await startOAuthStub();
    const root = path.dirname(dataDir);
    server = await startServerProcess({
      buildDir: inject("buildDir"),
      env: { ...oauthStubEnv(stub), DATA_DIR: path.join(root, "data-social") },
    });
    socialURL = server.baseURL;
  });

  afterAll(async () => {
    await server?.stop();
    await stub?.close();
  });

  it("a first log-in through the log-in path welcomes the user and asks for the terms until accepted", async () => {
    stub.next = { id: "g-e2e-1", email: `social-${Date.now()}@gmail.example`, name: "Sofía Social" };
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${socialURL}/`);
    await page.getByTestId("login-icon").click();
    await page.getByTestId("login-overlay").getByRole("button", { name: "Continuar con Google" }).click();
    expect(await readAlert(page)).toEqual({ title: "¡Bienvenido!", text: "Nos da gusto que seas parte de nosotros" });
    await page.waitForURL((url) => !url.searchParams.has("sesion"));
    await page.getByTestId("account-menu").waitFor();

    const dialog = page.getByTestId("terms-dialog");
    await dialog.getByRole("heading", { name: "Términos y condiciones" }).waitFor();
    const accept = dialog.getByRole("button", { name: "Aceptar." });
    expect(await accept.isDisabled()).toBe(true);
    expect(await dialog.getByRole("link", { name: "Términos y Condiciones" }).getAttribute("href")).toBe(
      "/terminos-y-condiciones",
    );
    expect(await page.evaluate(() => fetch("/api/terminos").then((r) => r.json()))).toEqual({ terminos: false });
    await dialog.getByRole("checkbox", { name: "Acepto los Términos y Condiciones" }).check();
    await accept.click();
    await page.getByTestId("toasts").getByText("Aceptaste los Términos y Condiciones").waitFor();
    expect(await page.evaluate(() => fetch("/api/terminos").then((r) => r.json()))).toEqual({ terminos: true });
    await page.close();
  });

  it("a sign-up from the register view records the terms at once; cancelling at Google is silent", async () => {
    stub.next = { id: "g-e2e-2", email: `registro-${Date.now()}@gmail.example`, name: "Regina Registro" };
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${socialURL}/`);
    await page.getByTestId("login-icon").click();
    const overlay = page.getByTestId("login-overlay");
    await overlay.getByRole("button", { name: "Regístrate" }).click();
    const google = overlay.getByRole("button", { name: "Registrarme con Google" });
    expect(await google.isDisabled()).toBe(true);
    await overlay.getByRole("checkbox", { name: "Acepto los Términos y Condiciones" }).check();
    await google.click();
    expect(await readAlert(page)).toEqual({ title: "¡Bienvenido!", text: "Nos da gusto que seas parte de nosotros" });
    await page.getByTestId("account-menu").waitFor();
    expect(await page.evaluate(() => fetch("/api/terminos").then((r) => r.json()))).toEqual({ terminos: true });
    expect(await page.getByTestId("terms-dialog").isVisible()).toBe(false);
    await page.close();

    stub.next = null; // the person cancels at the provider
    const other = await browser.newPage({ viewport: DESKTOP });
    await other.goto(`${socialURL}/`);
    await other.getByTestId("login-icon").click();
    // back from Google with ?sesion=error&error=access_denied, which the page then takes out of
    // its address: an alert would come before that (SocialLoginResult awaits it first)
    const back = other.waitForURL(/[?&]sesion=error/, { waitUntil: "commit" });
    await other.getByTestId("login-overlay").getByRole("button", { name: "Continuar con Google" }).click();
    await back;
    await other.waitForURL(`${socialURL}/`);
    await other.getByTestId("login-icon").waitFor();
    expect(await other.getByTestId("alert-dialog").isVisible()).toBe(false);
    await other.close();
  });
});
