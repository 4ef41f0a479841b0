/**
 * Online booking in Chromium on a phone (issue 15), against the production server and the
 * demo catalogue's treatments: home 'Agenda tu cita' → /agendar → Microblading → a day and a
 * time → contact, health form, policy → the deposit with the demo card (a declined card
 * first) → '¡Cita confirmada!' → the mail with its .ics in the outbox → reschedule from the
 * mail's link → cancel.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { PHONE } from "../support/browser";
import { sharedBrowser } from "./shared-browser";
import { fillBookingForm } from "../support/forms";
import { mailParts, readOutbox } from "../support/outbox";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");
let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
});
afterAll(() => browser?.close());

async function payDeposit(page: Page, numero: string) {
  const form = page.getByTestId("deposit-form");
  await form.getByLabel("Número de tarjeta").fill(numero);
  await form.getByLabel("Vencimiento (MM/AA)").fill("12/34");
  await form.getByLabel("CVC").fill("123");
  await form.getByTestId("deposit-submit").click();
}

describe("a contraindication (issue 30)", () => {
  it("'embarazada: sí' holds no slot and takes no deposit: the valoración and WhatsApp instead", async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: "es-MX" });
    const page = await context.newPage();
    const correo = `embarazo-${Date.now()}@example.com`;
    await page.goto(`${baseURL}/agendar/microblading`);
    await page.getByTestId("slot-day").nth(4).click();
    await page.waitForURL(/fecha=/);
    await page.getByTestId("slot-time").first().click();
    await page.getByTestId("booking-form").waitFor();
    await fillBookingForm(page, correo);
    await page
      .getByRole("radiogroup", { name: /embarazada/ })
      .getByLabel("Sí")
      .check();
    await page.getByTestId("booking-submit").click();

    const offer = page.getByTestId("valoracion-offer");
    await offer.waitFor();
    expect(page.url()).not.toMatch(/\/cita\//); // no hold, no deposit page
    expect(await page.getByTestId("deposit-form").count()).toBe(0);
    expect(await offer.getByTestId("valoracion-link").getAttribute("href")).toBe("/agendar/valoracion");
    expect(await offer.locator('a[href*="wa.me"]').count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    // nothing was booked for her: no mail in the outbox
    expect(readOutbox(dataDir).filter((m) => m.to.includes(correo))).toEqual([]);
    await context.close();
  });
});

describe("booking a treatment", () => {
  it("from the home page to a confirmed, paid appointment, then reschedule and cancel", async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: "es-MX" });
    const page = await context.newPage();
    const correo = `cita-${Date.now()}@example.com`;

    await page.goto(`${baseURL}/`);
    await page.getByTestId("hero-book").click();
    await page.waitForURL(/\/agendar$/);
    // the demo's Microblading (other e2e files add treatments of their own to the same server)
    await page.locator('[data-testid="booking-treatment"][href="/agendar/microblading"]').click();
    await page.waitForURL(/\/agendar\/microblading/);

    // The fourth day with free times (always 48 h or more ahead: changeable online), its first time.
    await page.getByTestId("slot-day").nth(3).click();
    await page.waitForURL(/fecha=/);
    await page.getByTestId("slot-time").first().click();
    const form = page.getByTestId("booking-form");
    await form.waitFor();
    const chosen = (await page.getByTestId("booking-chosen").textContent()) ?? "";

    expect(await axeViolations(page)).toEqual([]);
    await fillBookingForm(page, correo);
    await page.getByTestId("booking-submit").click();

    await page.waitForURL(/\/cita\//);
    await page.getByTestId("deposit-form").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await payDeposit(page, "4000 0000 0000 0002");
    await expect.poll(() => page.getByTestId("cita-error").textContent()).toContain("rechazada");
    await payDeposit(page, "4242 4242 4242 4242");
    await page.getByRole("heading", { name: "¡Cita confirmada!" }).waitFor();
    expect(await page.getByTestId("cita-cuando").textContent()).toBe(chosen.split(": ").pop());
    expect(await page.getByTestId("cita-mapa").getAttribute("href")).toContain("google.com/maps");
    expect(await axeViolations(page)).toEqual([]);

    // The mail, with its calendar file and the appointment's own link.
    const mail = readOutbox(dataDir).find((m) => m.to.includes(correo));
    expect(mail?.subject).toContain("Cita confirmada");
    const ics = mailParts(mail?.raw ?? "", "text/calendar");
    expect(ics).toHaveLength(1);
    expect(ics[0]).toContain("BEGIN:VEVENT");
    const text = [...mailParts(mail?.raw ?? "", "text/plain"), ...mailParts(mail?.raw ?? "", "text/html")].join("\n");
    const link = /\/cita\/[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(link).toBe(new URL(page.url()).pathname);

    // Reschedule from the mail's link (a fresh visit, no session).
    await page.goto(`${baseURL}${link}`);
    await page.getByTestId("reschedule-start").click();
    await page.getByTestId("reschedule").waitFor();
    await page.getByTestId("slot-day").nth(4).click();
    await page.waitForURL(/fecha=/);
    await page.getByTestId("slot-time").first().click();
    await page.getByTestId("reschedule-submit").click();
    await page.waitForURL(/cambiada=1/);
    // (the redirect's URL can show before the new data renders)
    await expect.poll(() => page.getByTestId("cita-cuando").textContent()).not.toBe(chosen.split(": ").pop());
    // the confirmation and the change (the signed consent's copy is a job of its own, sent
    // whenever the runner gets to it: counted apart, once)
    const appointmentMails = () =>
      readOutbox(dataDir).filter((m) => m.to.includes(correo) && !m.subject.startsWith("Tu consentimiento firmado"));
    await expect.poll(() => appointmentMails().length).toBe(2);

    // Cancel.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByTestId("cancel-submit").click();
    await page.getByRole("heading", { name: "Tu cita fue cancelada" }).waitFor();
    await expect
      .poll(() => readOutbox(dataDir).some((m) => m.to.includes(correo) && m.subject.includes("cancelada")))
      .toBe(true);
    await context.close();
  });
});

describe("bookable service pages", () => {
  it("link to the booking page and carry the price range and a ReserveAction in their structured data", async () => {
    const html = await (await fetch(`${baseURL}/servicios/cejas`)).text();
    expect(html).toContain('href="/agendar?servicio=cejas"');
    const data = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as Record<string, unknown>,
    );
    const service = data.find((d) => d["@type"] === "Service") as Record<string, Record<string, unknown>> | undefined;
    expect(service?.offers).toMatchObject({
      "@type": "AggregateOffer",
      priceCurrency: "MXN",
      lowPrice: "3500.00",
      highPrice: "4000.00",
    });
    expect(service?.potentialAction).toMatchObject({ "@type": "ReserveAction" });
  });
});
