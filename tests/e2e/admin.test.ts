/**
 * The studio's admin area in Chromium against the production server: nobody but an admin
 * finds it (every /admin path of app/routes.ts answers 404), and the studio's round trips
 * work on a phone: a category and a shipping rate, a product with a photo that the shop
 * then shows (and a client buys), a client's visit with before/after photos that the client
 * can open, and the order's shipping state. The tests make their own data, in this order.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import routes from "~/routes";
import { type TestAccount, createAccount, logIn, sessionCookies } from "../support/accounts";
import { DESKTOP, PHONE, asVisitorFrom, launchBrowser } from "../support/browser";
import { VISITOR_ADDRESS } from "./shared-browser";
import { axeViolations } from "../support/axe";
import { E2E_ADMIN } from "./global-setup";

const baseURL = inject("baseURL");
let browser: Browser;
let admin: TestAccount;
let client: TestAccount;
/** made by the first round trips, used by the later ones */
let categoriaId: string;
let productId: string;

beforeAll(async () => {
  // A Chromium of its own, not the shared one (tests/e2e/shared-browser.ts): its uploads of
  // 21 MB and more would travel to that browser over its WebSocket, and on a busy machine
  // did not arrive within the 30 s an action may take.
  browser = asVisitorFrom(await launchBrowser(), VISITOR_ADDRESS);
  admin = { ...E2E_ADMIN, cookie: await logIn(baseURL, E2E_ADMIN.email, E2E_ADMIN.password) };
  client = await createAccount(baseURL);
});
afterAll(() => browser?.close());

/** Every /admin path of the route table, ':id' standing for a new item. */
function adminPaths(): string[] {
  const area = routes.find((r) => r.path === "admin");
  if (!area?.children) throw new Error("app/routes.ts sin /admin");
  return ["/admin", ...area.children.filter((c) => !c.index).map((c) => `/admin/${c.path!.replace(":id", "nuevo")}`)];
}

async function contextAs(
  account: TestAccount | null,
  viewport: { width: number; height: number } = PHONE,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  if (account) await context.addCookies(sessionCookies(baseURL, account));
  return context;
}

/** Confirms the spec's question ('¿Esta seguro de eliminar este campo?') with Continuar. */
async function confirm(page: Page, answer: "Continuar" | "Cancelar" = "Continuar") {
  const dialog = page.getByTestId("alert-dialog");
  await dialog.getByRole("heading", { name: "¿Esta seguro de eliminar este campo?" }).waitFor();
  expect(await dialog.textContent()).toContain("No se podra recuperar!");
  await dialog.getByRole("button", { name: answer }).click();
  await dialog.waitFor({ state: "hidden" });
}

const toast = (page: Page, text: string) => page.getByTestId("toasts").getByText(text).waitFor();

async function photo(name: string, color: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 900, height: 1200, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

describe("who finds /admin", () => {
  it("shows 'Administración' in the account menu to the admin only, leading to /admin", async () => {
    for (const [account, shown] of [
      [client, false],
      [admin, true],
    ] as const) {
      const context = await contextAs(account);
      const page = await context.newPage();
      await page.goto(`${baseURL}/`);
      await page.getByTestId("account-menu").click();
      await page.getByRole("link", { name: "Mi perfil" }).waitFor();
      const link = page.getByRole("link", { name: "Administración" });
      expect(await link.count()).toBe(shown ? 1 : 0);
      if (shown) {
        expect(await page.getByTestId("whatsapp-button").count()).toBe(1);
        await link.click();
        await page.waitForURL(`${baseURL}/admin`);
        // The clients' floating WhatsApp link is not part of the studio's own area.
        await page.getByRole("heading", { name: "Hola, Michel" }).waitFor();
        expect(await page.getByTestId("whatsapp-button").count()).toBe(0);
      }
      await context.close();
    }
  });

  it("answers 404 on every /admin path, read or write, to a visitor and to a client", async () => {
    const paths = adminPaths();
    expect(paths.length).toBeGreaterThan(20);
    for (const cookie of ["", client.cookie]) {
      for (const path of paths) {
        const page = await fetch(`${baseURL}${path}`, { headers: { cookie } });
        expect([path, page.status]).toEqual([path, 404]);
        expect(await page.text()).toContain("Página no encontrada");
        const write = await fetch(`${baseURL}${path}`, {
          method: "POST",
          headers: { cookie, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
          body: "intent=eliminar",
        });
        expect([path, write.status]).toEqual([path, 404]);
      }
    }
  });

  it("opens every path for the admin (an unknown order, appointment or client is still a 404)", async () => {
    const unknown = ["/admin/pedidos/nuevo", "/admin/agenda/nuevo", "/admin/clientas/nuevo", "/admin/practicas/nuevo"];
    for (const path of adminPaths()) {
      const response = await fetch(`${baseURL}${path}`, { headers: { cookie: admin.cookie } });
      expect([path, response.status]).toEqual([path, unknown.includes(path) ? 404 : 200]);
    }
  });
});

describe("the studio on a phone", () => {
  it("has no serious accessibility problems on the home, a list and the longest form", async () => {
    const context = await contextAs(admin);
    const page = await context.newPage();
    for (const path of ["/admin", "/admin/promociones", "/admin/cursos/nuevo"]) {
      await page.goto(`${baseURL}${path}`);
      expect([path, await axeViolations(page)]).toEqual([path, []]);
    }
    await context.close();
  });

  it("creates a category and a shipping rate with its 7 prices", async () => {
    const context = await contextAs(admin);
    const page = await context.newPage();
    await page.goto(`${baseURL}/admin/categorias/nuevo`);
    await page.getByRole("textbox", { name: "Nombre", exact: true }).fill("Cuidado Prueba");
    await page.getByRole("button", { name: "Crear" }).click();
    await page.waitForURL(/\/admin\/categorias\/cuidado-prueba-[0-9a-f]{6}$/);
    categoriaId = new URL(page.url()).pathname.split("/").pop()!;

    await page.goto(`${baseURL}/admin/envios`);
    await page.getByRole("link", { name: "Nueva tarifa" }).click();
    await page.getByRole("heading", { name: "Nueva tarifa" }).waitFor();
    await page.getByLabel("Desde (gramos)").fill("0");
    await page.getByLabel("Hasta (gramos)").fill("100000");
    for (const bracket of ["1 a 9", "10 a 19", "20 a 49", "50 a 100", "101 a 250", "251 a 500", "501 a 1000"]) {
      await page.getByLabel(`${bracket} artículos (pesos)`).fill("150");
    }
    await page.getByRole("button", { name: "Crear" }).click();
    await page.waitForURL(/\/admin\/envios\/\d+$/);
    await page.getByRole("link", { name: "Envíos" }).first().click();
    expect(await page.getByTestId("admin-list").textContent()).toContain("0 g a 100,000 g");
    await context.close();
  });

  it("creates a product with a photo, edits it after confirming, and the shop shows it", async () => {
    const context = await contextAs(admin);
    const page = await context.newPage();
    await page.goto(`${baseURL}/admin/productos`);
    await page.getByRole("link", { name: "Nuevo producto" }).click();
    await page.getByRole("heading", { name: "Nuevo producto" }).waitFor();

    await page.getByRole("textbox", { name: "Nombre", exact: true }).fill("Aceite Prueba Admin 30 ml");
    await page.getByLabel("Marca").fill("Studio");
    await page.getByLabel("Precio (pesos)").fill("349.90");
    await page.getByLabel("Existencias (piezas)").fill("5");
    await page.getByLabel("Peso (gramos)").fill("60");
    await page.getByLabel("Categoría").selectOption({ label: "Cuidado Prueba" });
    await page.getByLabel("Especificación").fill("Aceite ligero para después del tratamiento.");
    expect(await page.getByLabel("Publicado en la tienda").isChecked()).toBe(true);
    // the limit is shown, and a photo past it is refused before it is sent (the server checks again)
    expect(await page.getByText("Hasta 20 MB.").first().isVisible()).toBe(true);
    const huge = Buffer.alloc(21 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    await page.getByLabel("Fotos").setInputFiles([{ name: "enorme.jpg", mimeType: "image/jpeg", buffer: huge }]);
    expect(await page.getByTestId("demasiado-grande-galeria").textContent()).toBe(
      "La imagen pasa de 20 MB. («enorme.jpg»)",
    );
    // a phone's photo over 1 MB (the limit of other forms) is stored; small in pixels, so that
    // a busy machine resizes it quickly
    const phonePhoto = await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(phonePhoto.length).toBeGreaterThan(1024 * 1024);
    await page.getByLabel("Fotos").setInputFiles([{ name: "aceite.jpg", mimeType: "image/jpeg", buffer: phonePhoto }]);
    expect(await page.getByTestId("demasiado-grande-galeria").count()).toBe(0);
    await page.getByRole("button", { name: "Crear" }).click();

    await page.waitForURL(/\/admin\/productos\/aceite-prueba-admin-30-ml-[0-9a-f]{6}$/);
    await toast(page, "Guardado.");
    productId = new URL(page.url()).pathname.split("/").pop()!;
    expect(await page.getByTestId("galeria-galeria").getByRole("img").count()).toBe(1);

    // the shop: the listing of its category and the product page, with its photo
    const shop = await context.newPage();
    await shop.goto(`${baseURL}/productos/${categoriaId}`);
    expect(await shop.getByRole("link", { name: /Aceite Prueba Admin 30 ml/ }).count()).toBeGreaterThan(0);
    await shop.goto(`${baseURL}/producto/${productId}`);
    expect(await shop.getByRole("heading", { name: "Aceite Prueba Admin 30 ml" }).isVisible()).toBe(true);
    expect(await shop.content()).toContain("$349.90 MXN");
    const image = shop.locator(`img[src^="/media/productos/aceite-"]`).first();
    await image.evaluate((img: HTMLImageElement) => img.decode());
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // an edit asks first: Cancelar changes nothing, Continuar saves
    await page.getByLabel("Precio (pesos)").fill("299");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await confirm(page, "Cancelar");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await confirm(page);
    await toast(page, "Cambios guardados.");
    await shop.reload();
    expect(await shop.content()).toContain("$299.00 MXN");

    // bad input: a Spanish error under the field, nothing saved
    await page.getByLabel("Precio (pesos)").fill("gratis");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await confirm(page);
    expect(await page.getByTestId("error-precio").textContent()).toBe("Escribe el precio en pesos, por ejemplo 249.50");
    await shop.reload();
    expect(await shop.content()).toContain("$299.00 MXN");
    await context.close();
  });

  it("creates a client's visit with photos, shows the code and link to send, and the client opens it", async () => {
    const context = await contextAs(admin);
    const page = await context.newPage();
    await page.goto(`${baseURL}/admin/visitas/nuevo`);
    await page.getByLabel("Nombre de la clienta").fill("Lucía Prueba");
    await page.getByLabel("Fotos de antes").setInputFiles([await photo("antes.jpg", { r: 120, g: 90, b: 80 })]);
    await page
      .getByLabel("Fotos de después")
      .setInputFiles([
        await photo("despues-1.jpg", { r: 200, g: 160, b: 140 }),
        await photo("despues-2.jpg", { r: 210, g: 170, b: 150 }),
      ]);
    await page.getByRole("button", { name: "Crear" }).click();
    await page.waitForURL(/\/admin\/visitas\/[A-Za-z0-9_-]{22}$/);

    const codigo = (await page.getByTestId("visit-code").textContent())!;
    expect(codigo).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const link = (await page.getByTestId("visit-link").textContent())!;
    expect(link).toMatch(new RegExp(`^${baseURL}/tu-visita-con-lucia-prueba/[A-Za-z0-9_-]{22}$`));
    const whatsapp = (await page.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href"))!;
    expect(whatsapp.startsWith("https://wa.me/?text=")).toBe(true);
    expect(decodeURIComponent(whatsapp)).toContain(link);
    expect(decodeURIComponent(whatsapp)).toContain(codigo);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.getByRole("button", { name: "Copiar" }).click();
    await toast(page, "Enlace copiado.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await page.getByTestId("galeria-despues").getByRole("img").count()).toBe(2);

    // the client, logged out, opens her link and finds her photos
    const visitor = await contextAs(null);
    const clientPage = await visitor.newPage();
    await clientPage.goto(link);
    expect(await clientPage.getByTestId("visit-client").textContent()).toBe("Lucía Prueba");
    expect(await clientPage.getByRole("link", { name: /^Descargar foto / }).count()).toBe(3);
    const first = clientPage.getByRole("img", { name: "Foto Despues 2" });
    await first.evaluate((img: HTMLImageElement) => img.decode());
    expect(await first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // ... and with her code, through '¿Tienes un código?'
    await clientPage.goto(`${baseURL}/`);
    await clientPage.getByTestId("login-icon").click();
    const overlay = clientPage.getByTestId("login-overlay");
    await overlay.getByRole("button", { name: "¿Tienes un código?" }).click();
    await overlay.getByLabel("Código de visita").fill(codigo.toLowerCase());
    await overlay.getByRole("button", { name: "Descubrir" }).click();
    await clientPage.waitForURL(link);

    // removing a photo asks first, then the client sees one less
    await page.getByRole("button", { name: "Quitar foto 2 (Fotos de después)" }).click();
    await confirm(page);
    await toast(page, "Foto eliminada.");
    await clientPage.reload();
    expect(await clientPage.getByRole("link", { name: /^Descargar foto / }).count()).toBe(2);
    await visitor.close();
    await context.close();
  });
});

describe("orders", () => {
  it("finds a new order and changes its shipping state after confirming", async () => {
    // a client buys the product made above with the demo card
    const buyer = await createAccount(baseURL);
    const shopper = await contextAs(buyer, DESKTOP);
    const shop = await shopper.newPage();
    await shop.goto(`${baseURL}/producto/${productId}`);
    await shop.getByRole("button", { name: "Agregar al carrito" }).click();
    await shop.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === "1");
    await shop.goto(`${baseURL}/carrito`);
    await shop.getByRole("button", { name: "Pagar" }).click();
    await shop.waitForURL(`${baseURL}/pagar`);
    const info = shop.getByTestId("checkout-information");
    const fields: [string, string][] = [
      ["Correo", buyer.email],
      ["Teléfono", "33-1234-5678"],
      ["Apellido", "Prueba"],
      ["Dirección (calle, número, interior)", "Av. Vallarta 100"],
      ["Colonia", "Centro"],
      ["Código postal", "44100"],
      ["Ciudad", "Guadalajara"],
      ["País", "México"],
    ];
    await info.getByLabel("Nombre", { exact: true }).fill("Rosa");
    for (const [label, value] of fields) await info.getByLabel(label).fill(value);
    await info.getByLabel("Estado").selectOption("Jalisco");
    await shop.getByRole("button", { name: "Continuar" }).click();
    await shop.getByRole("radio", { name: /Envío Express/ }).check();
    await shop.getByRole("button", { name: "Continuar" }).click();
    const card = shop.getByTestId("demo-card-form");
    await card.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
    await card.getByLabel("Vencimiento (MM/AA)").fill("12/34");
    await card.getByLabel("CVC").fill("123");
    await card.getByLabel("Nombre en la tarjeta").fill("Rosa Prueba");
    await card.getByRole("button", { name: /^Pagar \$/ }).click();
    const success = shop.getByTestId("alert-dialog");
    await success.getByRole("heading", { name: "Compra exitosa!" }).waitFor();
    const compraId = (await success.textContent())!.match(/MA-[0-9A-Z]{6}/)![0];
    await shopper.close();

    // the studio finds it by the buyer's e-mail, newest first, 'Pendiente'
    const context = await contextAs(admin);
    const page = await context.newPage();
    await page.goto(`${baseURL}/admin/pedidos`);
    await page.getByPlaceholder("Número, nombre, correo o teléfono").fill(buyer.email);
    await page.getByRole("button", { name: "Buscar" }).click();
    const card1 = page.getByTestId("admin-list").getByRole("link").first();
    await page.waitForURL(/q=/);
    expect(await card1.textContent()).toContain(compraId);
    expect(await card1.textContent()).toContain("Pendiente");
    await card1.click();
    await page.waitForURL(`${baseURL}/admin/pedidos/${compraId}`);
    expect(await page.getByTestId("order-lines").textContent()).toContain("1 ×");
    expect(await page.getByTestId("order-shipping").textContent()).toContain("Av. Vallarta 100");
    expect(await page.content()).toContain("3312345678");

    await page.getByLabel("Estado del envío").selectOption({ label: "Enviado" });
    await page.getByRole("button", { name: "Guardar estado" }).click();
    await confirm(page);
    await toast(page, "Estado del envío actualizado.");

    // the filter 'Enviado' now lists it
    await page.goto(`${baseURL}/admin/pedidos?estado=2`);
    expect(await page.getByTestId("admin-list").textContent()).toContain(compraId);
    await page.goto(`${baseURL}/admin/pedidos?estado=0&q=${encodeURIComponent(compraId)}`);
    expect(await page.getByText("No hay pedidos con estos filtros.").isVisible()).toBe(true);
    await context.close();
  });
});
