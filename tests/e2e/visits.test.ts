import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { visitPath } from "~/server/visits/visits.server";
import { DESKTOP, PHONE } from "../support/browser";
import { sharedBrowser } from "./shared-browser";
import { axeViolations } from "../support/axe";

const baseURL = inject("baseURL");
// The demo visits the server imported at start (seed/demo.json, codigosVisitas).
const demo = JSON.parse(fs.readFileSync("seed/demo.json", "utf8")) as {
  codigosVisitas: { id: string; codigo: string; clienta: string; imagenes: { antes: string[]; despues: string[] } }[];
};
const visita = demo.codigosVisitas[0];
const visitUrl = visitPath(visita);

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser({ reuseContexts: true });
});
afterAll(() => browser?.close());

describe("visit page", () => {
  it("shows the client's name and her Antes and Despues photos, private and unindexed", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const response = await page.goto(`${baseURL}${visitUrl}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toContain("noindex");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.getByTestId("visit-client").textContent()).toBe(visita.clienta.normalize("NFC"));
    expect(await page.getByRole("heading", { name: "Antes", exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Despues", exact: true }).isVisible()).toBe(true);
    const photos = page.getByRole("link", { name: /^Descargar foto / });
    expect(await photos.count()).toBe(visita.imagenes.antes.length + visita.imagenes.despues.length);
    // every photo really loads (decoded by the browser)
    const first = page.getByRole("img", { name: "Foto Antes 1" });
    await first.evaluate((img: HTMLImageElement) => img.decode());
    expect(await first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe(
      "Tu visita con Michel Alvarez",
    );
    // a WhatsApp preview never shows the client's photos
    expect(await page.locator('meta[property="og:image"]').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("downloads a photo as a PNG named after the client and the index", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseURL}${visitUrl}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Descargar foto Despues 2" }).click(),
    ]);
    const slug = visitUrl.split("/")[1].replace("tu-visita-con-", "");
    expect(download.suggestedFilename()).toBe(`${slug}-despues-2.png`);
    // the shared Chromium is another process's (tests/e2e/shared-browser.ts): its download is
    // copied here, not read where it landed
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "visita-")), download.suggestedFilename());
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    await page.close();
  });

  it("says 'No se logro descargar la imagen' when the download fails", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseURL}${visitUrl}`);
    // the network drops the download (the one thing we cannot make our server do on demand)
    await page.route("**/foto/antes/1.png", (route) => route.abort("connectionfailed"));
    await page.getByRole("link", { name: "Descargar foto Antes 1" }).click();
    const alert = page.getByTestId("alert-dialog");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Error!");
    expect(await alert.textContent()).toContain("No se logro descargar la imagen");
    await page.close();
  });

  it("answers 404 to an unknown id and sends a wrong name to the right address", async () => {
    const unknown = await fetch(`${baseURL}/tu-visita-con-alguien/${"A".repeat(22)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("x-robots-tag")).toContain("noindex");
    expect(await unknown.text()).toContain("Página no encontrada");

    const photo = await fetch(`${baseURL}/tu-visita-con-alguien/${"A".repeat(22)}/foto/antes/1.png`);
    expect(photo.status).toBe(404);

    const wrongName = await fetch(`${baseURL}/tu-visita-con-otra-persona/${visita.id}`, { redirect: "manual" });
    expect(wrongName.status).toBe(302);
    expect(wrongName.headers.get("location")).toBe(visitUrl);
  });
});
