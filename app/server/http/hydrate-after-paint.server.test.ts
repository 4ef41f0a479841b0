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
  const boot = /<script nonce="N1">(\(function startAfterPaint.*?)<\/script>/s.exec(html)?.[1];
  if (!boot) throw new Error("no boot script");
  const args = /\)\((".*?[^\\]"),(\[[^\]]*\]),(\d+)\)$/s.exec(boot);
  if (!args) throw new Error("no arguments");
  return { boot, code: JSON.parse(args[1]) as string, pre: JSON.parse(args[2]) as string[], wait: Number(args[3]) };
}

type Appended = { type: string; nonce?: string; textContent?: string; rel?: string; href?: string };

/** A browser just enough for the boot script: what it appends, its frames, timers and observers. */
function fakeBrowser(options: { image: boolean; observers: boolean }) {
  const appended: Appended[] = [];
  const frames: (() => void)[] = [];
  const timers: { f: () => void; ms: number }[] = [];
  const listeners: Record<string, () => void> = {};
  const observers: Record<string, (list: { getEntries: () => unknown[] }) => void> = {};
  const image = {
    complete: false,
    on: {} as Record<string, () => void>,
    addEventListener(e: string, f: () => void) {
      this.on[e] = f;
    },
  };
  class FakeObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"];
    constructor(private readonly callback: (list: { getEntries: () => unknown[] }) => void) {}
    observe({ type }: { type: string }) {
      observers[type] = this.callback;
    }
    disconnect() {}
  }
  const sandbox = {
    document: {
      currentScript: { nonce: "N1" },
      createElement: (tag: string) => ({ type: tag }),
      head: { appendChild: (e: Appended) => appended.push({ ...e, type: "link" }) },
      body: { appendChild: (e: Appended) => appended.push(e) },
      querySelector: () => (options.image ? image : null),
    },
    PerformanceObserver: options.observers ? FakeObserver : undefined,
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void, ms: number) => timers.push({ f, ms }),
    addEventListener: (e: string, f: () => void) => {
      listeners[e] = f;
    },
  };
  const runFrames = () => {
    while (frames.length) frames.shift()?.();
  };
  const runTimers = (ms: number) => {
    for (const t of timers.filter((t) => t.ms === ms)) {
      timers.splice(timers.indexOf(t), 1);
      t.f();
    }
  };
  return { sandbox, appended, image, listeners, observers, runFrames, runTimers };
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
    expect(html).toContain('<main><img src="/a.webp" fetchpriority="high"/></main><script nonce="N1">window.__reactRouterContext = {};</script><script nonce="N1">(function startAfterPaint(');
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

  it("runs React Router's code once, after the first paint and the image painted as the largest, and two frames", () => {
    const { boot, wait } = bootInputs(hydrateAfterPaint(PAGE, "N1"));
    expect(wait).toBe(2500);
    const b = fakeBrowser({ image: true, observers: true });
    vm.runInNewContext(boot, b.sandbox);
    b.runFrames();
    b.runTimers(0);
    expect(b.appended).toEqual([]);
    b.observers.paint({ getEntries: () => [{ name: "first-paint" }] });
    expect(b.observers["largest-contentful-paint"]).toBeUndefined();
    b.observers.paint({ getEntries: () => [{ name: "first-contentful-paint" }] });
    b.observers["largest-contentful-paint"]({ getEntries: () => [{ element: {} }] });
    b.runFrames();
    b.runTimers(0);
    expect(b.appended).toEqual([]);
    b.observers["largest-contentful-paint"]({ getEntries: () => [{ element: b.image }] });
    b.runFrames();
    b.runTimers(0);
    const script = b.appended.find((e) => e.type === "module");
    expect(script?.textContent).toBe(CODE);
    expect(script?.nonce).toBe("N1");
    expect(b.appended.filter((e) => e.rel === "modulepreload").map((e) => e.href)).toEqual([
      "/assets/entry.client-C.js",
      "/assets/root-A.js",
    ]);
    // a touch, the image's load or the longest wait afterwards do not run it twice
    b.listeners.pointerdown();
    b.image.on.load();
    b.runTimers(300);
    b.runTimers(2500);
    b.runFrames();
    b.runTimers(0);
    expect(b.appended.filter((e) => e.type === "module")).toHaveLength(1);
  });

  it("runs it after two frames where the browser cannot tell paints, and at once on a first touch", () => {
    const { boot } = bootInputs(hydrateAfterPaint(PAGE, "N1"));
    const plain = fakeBrowser({ image: false, observers: false });
    vm.runInNewContext(boot, plain.sandbox);
    plain.runFrames();
    plain.runTimers(0);
    expect(plain.appended.filter((e) => e.type === "module")).toHaveLength(1);

    const touched = fakeBrowser({ image: true, observers: true });
    vm.runInNewContext(boot, touched.sandbox);
    touched.listeners.pointerdown();
    expect(touched.appended.filter((e) => e.type === "module")).toHaveLength(1);
  });

  it("never waits longer than 2.5 s", () => {
    const { boot } = bootInputs(hydrateAfterPaint(PAGE, "N1"));
    const b = fakeBrowser({ image: true, observers: true });
    vm.runInNewContext(boot, b.sandbox);
    b.runTimers(2500);
    expect(b.appended.filter((e) => e.type === "module")).toHaveLength(1);
  });
});
