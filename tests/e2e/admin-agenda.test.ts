/**
 * The studio's agenda in Chromium on a phone, against the production server: a bookable
 * treatment made under a service, a phone booking through the form, the day and week views
 * showing it, its cancellation after the confirmation dialog, and the client's two mails.
 * No serious accessibility problem on the agenda's screens.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { logIn, sessionCookies } from "../support/accounts";
import { axeViolations } from "../support/axe";
import { PHONE } from "../support/browser";
import { sharedBrowser } from "./shared-browser";
import { readOutbox } from "../support/outbox";
import { E2E_ADMIN } from "./global-setup";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
  const cookie = await logIn(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  context = await browser.newContext({ viewport: PHONE });
  await context.addCookies(sessionCookies(baseURL, { cookie }));
  page = await context.newPage();
});
afterAll(() => browser?.close());

const toast = (text: string) => page.getByTestId("toasts").getByText(text).first().waitFor();

describe("the agenda on a phone", () => {
  let citaPath: string;

  it("makes a bookable treatment under a service", async () => {
    await page.goto(`${baseURL}/admin/tratamientos/nuevo`);
    await page.getByLabel("Servicio").selectOption({ index: 1 });
    await page.getByLabel(/^Nombre/).fill("Microblading Agenda E2E");
    await page.getByLabel("Duración de la sesión (minutos)").fill("120");
    await page.getByLabel("Precio (pesos)").fill("3500");
    await page.getByLabel("Anticipo al agendar").fill("500");
    await page.getByLabel("Retoque: desde el día").fill("30");
    await page.getByLabel("Retoque: hasta el día").fill("45");
    await page.getByLabel("Precio del retoque (pesos)").fill("1000");
    await page.getByRole("button", { name: "Crear" }).click();
    await page.waitForURL(/\/admin\/tratamientos\/microblading-agenda-e2e-[0-9a-f]{6}$/);
    await toast("Guardado.");
  });

  it("books an appointment taken by phone, shown in the day and the week", async () => {
    await page.goto(`${baseURL}/admin/agenda`);
    await page.getByRole("link", { name: "Nueva cita" }).click();
    await page.getByRole("heading", { name: "Nueva cita" }).waitFor();
    const option = page.locator("select[name=tratamientoId] option", { hasText: "Microblading Agenda E2E" });
    await page.getByLabel("Tratamiento").selectOption((await option.getAttribute("value"))!);
    await page.getByLabel(/^Día/).fill("2030-12-03");
    await page.getByLabel(/^Hora/).fill("10:00");
    await page.getByLabel("Nombre de la clienta").fill("Carla Agenda");
    await page.getByLabel("WhatsApp").fill("33 1234 5678");
    await page.getByLabel("Correo").fill("carla.agenda@example.com");
    await page.getByLabel("Anticipo recibido en el estudio").check();
    await page.getByRole("button", { name: "Agendar cita" }).click();
    await page.waitForURL(/\/admin\/agenda\/[\w-]{12}$/);
    citaPath = new URL(page.url()).pathname;
    await toast("Guardado.");
    expect(await page.getByTestId("cita-estado").textContent()).toBe("Confirmada");
    expect(await page.getByText("Martes 3 de diciembre, 10:00–12:00").isVisible()).toBe(true);

    await page.goto(`${baseURL}/admin/agenda?fecha=2030-12-03`);
    const day = page.getByTestId("agenda-dia-2030-12-03");
    expect(await day.getByRole("link", { name: "Carla Agenda" }).isVisible()).toBe(true);
    expect(await day.textContent()).toContain("10:00–12:00");
    await page.getByRole("link", { name: "Semana" }).click();
    await page.getByTestId("agenda-semana").waitFor();
    expect(await page.getByTestId("agenda-dia-2030-12-03").getByRole("link", { name: "Carla Agenda" }).count()).toBe(1);
    // the page never scrolls sideways on a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("cancels it after the confirmation, and the client got both mails", async () => {
    await page.goto(`${baseURL}${citaPath}`);
    await page.getByRole("button", { name: "Cancelar cita" }).click();
    const dialog = page.getByTestId("alert-dialog");
    await dialog.getByRole("heading", { name: "¿Cancelar esta cita?" }).waitFor();
    await dialog.getByRole("button", { name: "Cancelar cita" }).click();
    await toast("Cita cancelada. Le avisamos por correo.");
    await page.getByTestId("cita-estado").getByText("Cancelada", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Cancelar cita" }).count()).toBe(0);
    const mails = readOutbox(dataDir).filter((m) => m.to.includes("carla.agenda@example.com"));
    expect(mails.map((m) => m.subject)).toEqual(["¡Cita confirmada!", "Tu cita fue cancelada"]);
  });

  it("has no serious accessibility problems on the agenda's screens", async () => {
    for (const path of [
      "/admin/agenda?fecha=2030-12-03",
      "/admin/agenda?fecha=2030-12-03&vista=semana",
      citaPath,
      "/admin/agenda/nueva",
      "/admin/agenda/anticipos",
      "/admin/bloqueos/nuevo",
    ]) {
      await page.goto(`${baseURL}${path}`);
      expect([path, await axeViolations(page)]).toEqual([path, []]);
    }
  });
});
