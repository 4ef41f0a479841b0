/**
 * A deposit paid at OXXO in Chromium on a phone (issue 15 item 2, ADR 024): an appointment
 * well ahead → 'Pagar en OXXO' → the voucher (number, barcode, expiry) on /cita/{token} and in
 * the mail → 'Simular pago recibido' (demo mode: the demo's signed webhook) → '¡Cita confirmada!'.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { PHONE } from "../support/browser";
import { sharedBrowser } from "./shared-browser";
import { fillBookingForm } from "../support/forms";
import { readOutbox } from "../support/outbox";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");
let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
});
afterAll(() => browser?.close());

describe("a deposit paid at OXXO", () => {
  it("voucher on the page and by mail, held; the simulated payment confirms the appointment", async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: "es-MX" });
    const page = await context.newPage();
    const correo = `oxxo-${Date.now()}@example.com`;

    await page.goto(`${baseURL}/agendar/microblading`);
    // The eleventh day with free times (more than 4 days ahead: OXXO/SPEI offered), its last time.
    await page.getByTestId("slot-day").nth(10).click();
    await page.waitForURL(/fecha=/);
    await page.getByTestId("slot-time").last().click();
    const form = page.getByTestId("booking-form");
    await form.waitFor();
    await fillBookingForm(page, correo);
    await page.getByTestId("booking-submit").click();

    await page.waitForURL(/\/cita\//);
    await page.getByTestId("deposit-oxxo").click();
    await page.getByTestId("pending-payment").waitFor();
    expect(await page.getByTestId("voucher-number").textContent()).toMatch(/^9300/);
    await page.getByTestId("voucher-barcode").waitFor();
    expect(await page.getByTestId("voucher-hold").textContent()).toContain("hasta el");
    expect(await axeViolations(page)).toEqual([]);
    await expect
      .poll(() => readOutbox(dataDir).filter((m) => m.to.includes(correo) && m.subject.includes("ficha")).length)
      .toBe(1);

    await page.getByTestId("simulate-payment").click();
    await page.getByRole("heading", { name: "¡Cita confirmada!" }).waitFor();
    await expect
      .poll(() => readOutbox(dataDir).filter((m) => m.to.includes(correo) && m.subject.includes("¡Cita confirmada!")).length)
      .toBe(1);
    await context.close();
  });
});
