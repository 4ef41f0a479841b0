import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { createHydrateAfterPaint, hydrateAfterPaint } from "./hydrate-after-paint.server";

// What React Router's <Scripts> writes at the end of a page (shape of 7.x).
const CODE = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/servicios-B.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"},"x":"a<\\/script>b"};
  import("/assets/entry.client-C.js");`;
const PAGE =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-C.js" nonce="N1"/>' +
  '<link rel="modulepreload" href="/assets/root-A.js" nonce="N1"/></head><body><main><img src="/a.webp" fetchpriority="high"/></main>' +
  '<script nonce="N1">window.__reactRouterContext = {};</script>' +
  `<script nonce="N1" type="module" async="">${CODE}</script>` +
  '<script nonce="N1">window.__reactRouterContext.streamController.close();</script></body></html>';

/** The boot script's own inputs: React Router's code and the modules to preload. */
function bootInputs(html: string) {
  const boot = /<script nonce="N1">(\(function\(\)\{var code=.*?)<\/script>/.exec(html)?.[1];
  if (!boot) throw new Error("no boot script");
  const code = JSON.parse(/var code=(".*?[^\\]"),pre=/.exec(boot)?.[1] ?? "null");
  const pre = JSON.parse(/,pre=(\[.*?\]),me=/.exec(boot)?.[1] ?? "null");
  return { boot, code, pre };
}

describe("scripts after the first paint (ADR 026)", () => {
  it("drops the modulepreload links and the module script, and boots the same code later", () => {
    const html = hydrateAfterPaint(PAGE, "N1");
    expect(html).not.toContain("modulepreload\" href");
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const { code, pre } = bootInputs(html);
    expect(code).toBe(CODE);
    expect(pre).toEqual(["/assets/entry.client-C.js", "/assets/root-A.js"]);
    // the rest of the page is untouched, in order
    expect(html).toContain('<main><img src="/a.webp" fetchpriority="high"/></main><script nonce="N1">window.__reactRouterContext = {};</script><script nonce="N1">(function(){');
    expect(html.endsWith('<script nonce="N1">window.__reactRouterContext.streamController.close();</script></body></html>')).toBe(true);
  });

  it("gives the same page whatever the chunks the stream is cut into", () => {
    const whole = hydrateAfterPaint(PAGE, "N1");
    for (let size = 1; size < 64; size++) {
      const rewrite = createHydrateAfterPaint("N1");
      let out = "";
      for (let i = 0; i < PAGE.length; i += size) out += rewrite.write(PAGE.slice(i, i + size));
      out += rewrite.end();
      expect(out, `chunks of ${size}`).toBe(whole);
    }
  });

  it("cannot be closed early by a </script> in the code", () => {
    const html = hydrateAfterPaint(PAGE, "N1");
    const boot = bootInputs(html).boot;
    expect(boot).not.toContain("</");
  });

  it("leaves a page without React Router's scripts as it was", () => {
    const plain = "<!DOCTYPE html><html><body><p>a < b</p></body></html>";
    expect(hydrateAfterPaint(plain, "N1")).toBe(plain);
  });

  it("runs React Router's code once, after the first screen's image and two frames, or at a first touch", () => {
    const html = hydrateAfterPaint(PAGE, "N1");
    const { boot } = bootInputs(html);
    const appended: { type: string; nonce?: string; textContent?: string; rel?: string; href?: string }[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const listeners: Record<string, () => void> = {};
    const image = { complete: false, on: {} as Record<string, () => void>, addEventListener(e: string, f: () => void) { this.on[e] = f; } };
    const element = (type: string) => ({ type, nonce: undefined as string | undefined });
    const sandbox = {
      document: {
        currentScript: { nonce: "N1" },
        createElement: (tag: string) => element(tag),
        head: { appendChild: (e: { rel?: string; href?: string }) => appended.push({ type: "link", ...e }) },
        body: { appendChild: (e: { type: string; nonce?: string; textContent?: string }) => appended.push(e) },
        querySelector: () => image,
      },
      requestAnimationFrame: (f: () => void) => frames.push(f),
      setTimeout: (f: () => void, ms: number) => (ms === 0 ? timers.push(f) : undefined),
      addEventListener: (e: string, f: () => void) => {
        listeners[e] = f;
      },
    };
    vm.runInNewContext(boot, sandbox);
    expect(appended).toEqual([]);
    image.on.load();
    frames.shift()?.();
    expect(appended).toEqual([]);
    frames.shift()?.();
    timers.shift()?.();
    const script = appended.find((e) => e.type === "module");
    expect(script?.textContent).toBe(CODE);
    expect(script?.nonce).toBe("N1");
    expect(appended.filter((e) => e.rel === "modulepreload").map((e) => e.href)).toEqual([
      "/assets/entry.client-C.js",
      "/assets/root-A.js",
    ]);
    // a touch afterwards does not run it twice
    listeners.pointerdown();
    expect(appended.filter((e) => e.type === "module")).toHaveLength(1);
  });
});
