/**
 * Looks at a page as a person would: full-page screenshots at 375 px and 1280 px.
 *   npx tsx scripts/screenshot.ts http://localhost:3000/ .tmp/shots/home
 * writes .tmp/shots/home-375.png and .tmp/shots/home-1280.png
 * COOKIE='better-auth.session_token=…' sends a session cookie (admin screens, personal pages).
 */
import fs from "node:fs";
import path from "node:path";
import { DESKTOP, PHONE, drawWholePage, launchBrowser } from "../tests/support/browser";

const [url, prefix = ".tmp/shots/page"] = process.argv.slice(2);
if (!url) {
  console.error("Uso: tsx scripts/screenshot.ts <url> [prefijo-de-salida]");
  process.exit(1);
}
fs.mkdirSync(path.dirname(prefix), { recursive: true });
const browser = await launchBrowser();
for (const viewport of [PHONE, DESKTOP]) {
  const cookie = process.env.COOKIE;
  const page = await browser.newPage({ viewport, ...(cookie ? { extraHTTPHeaders: { cookie } } : {}) });
  await page.goto(url, { waitUntil: "networkidle" });
  const file = `${prefix}-${viewport.width}.png`;
  // a full-page picture: the parts drawn only near the screen (content-visibility) drawn too
  if (process.env.FULL !== "0") await drawWholePage(page);
  await page.screenshot({ path: file, fullPage: process.env.FULL !== "0" });
  console.log(file);
  await page.close();
}
await browser.close();
