/**
 * A part of a page below its first screen (a home page's sections, a product's reviews) whose
 * code the browser fetches, and React hydrates, only once the part comes into view or the
 * visitor first acts (touch, key, wheel): not with the page's first load (issue 13, ADR 027).
 *
 * The server renders it whole, so the page is complete without JavaScript and for search
 * engines; until then the browser shows the server's markup as it is (links are links). React
 * keeps that markup and hydrates it in place (a Suspense boundary whose lazy child waits),
 * without drawing it again. The part is memoised on its props' JSON: a page that re-renders
 * with the same data (after adding to the cart, say) leaves it untouched. A router update that
 * reaches it before then waits for its code (a moment, once the visitor acts).
 *
 *   const Reviews = deferred("resenas", () => import("./reviews").then((m) => m.Reviews));
 *
 * A tap on a button of a part whose code has not arrived yet is not lost: it is held, the code
 * is fetched, and the tap is given again once the part is hydrated (links are links meanwhile,
 * but for a link marked `data-hold-tap`, whose click the part handles: a video's poster).
 *
 * The part's module is only ever imported dynamically, so the browser's build makes it a file
 * of its own; the server imports it when this module loads and renders it at once. After a
 * client-side navigation (no server markup) the part renders as soon as its code arrives.
 */
import { type ComponentType, type ReactNode, Suspense, lazy, memo, use, useEffect } from "react";
import { importOrReload } from "./lazy-named";

const ACTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;
let acted = false;
const waiting = new Set<() => void>();
/** parts hydrated, and the controls tapped in the others before their code arrived */
const hydrated = new Set<string>();
const held: Element[] = [];

/** A tap on a control of a part not yet hydrated: held, and given again once it is. */
function holdTap(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  const part = target?.closest<HTMLElement>("[data-deferred]");
  if (!target || !part || hydrated.has(part.dataset.deferred ?? "")) return;
  const control = target.closest("button, input, select, textarea, label, summary, [role=button], a[data-hold-tap]");
  if (!control || !part.contains(control)) return;
  event.preventDefault();
  event.stopPropagation();
  held.push(control);
  act();
}

/** Gives the held taps of a part that has just been hydrated. */
function replayTaps(name: string) {
  hydrated.add(name);
  for (const control of held.splice(0)) {
    if (control.closest<HTMLElement>("[data-deferred]")?.dataset.deferred === name) (control as HTMLElement).click();
    else held.push(control);
  }
}

/** Hydrated: the part's held taps are given again. */
function Hydrated<P extends object>({ name, part: Part, props }: { name: string; part: ComponentType<P>; props: P }) {
  useEffect(() => replayTaps(name), [name]);
  return <Part {...props} />;
}

function act() {
  if (acted) return;
  acted = true;
  for (const resolve of waiting) resolve();
  waiting.clear();
  for (const type of ACTS) removeEventListener(type, act, { capture: true });
}

/** Once a part named `name` in the server's markup is near the screen, or the visitor acts. */
function wanted(name: string): Promise<void> {
  const parts = document.querySelectorAll(`[data-deferred="${name}"]`);
  if (acted || parts.length === 0 || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        seen.disconnect();
        waiting.delete(resolve);
        resolve();
      },
      { rootMargin: "100px 0px" },
    );
    for (const part of parts) seen.observe(part);
    waiting.add(() => {
      seen.disconnect();
      resolve();
    });
    for (const type of ACTS) addEventListener(type, act, { capture: true, passive: true });
    addEventListener("click", holdTap, { capture: true });
  });
}

const sameJson = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

export function deferred<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  if (import.meta.env.SSR) {
    // Imported now, and marked the way React's `use` reads a settled promise: every page
    // rendered once it has arrived (all but a request in the first milliseconds) draws the
    // part at once, inline.
    const module: Promise<ComponentType<P>> & { status?: string; value?: ComponentType<P>; reason?: unknown } = load();
    module.status = "pending";
    module.then(
      (value) => Object.assign(module, { status: "fulfilled", value }),
      (reason) => Object.assign(module, { status: "rejected", reason }),
    );
    // biome-ignore lint/correctness/noComponentHookFactories: called once per part, at module level (like React.lazy)
    return function Deferred(props: P) {
      const Server = use(module as Promise<ComponentType<P>>);
      return (
        <Frame name={name}>
          <Server {...props} />
        </Frame>
      );
    };
  }
  const Part = lazy(async () => {
    await wanted(name);
    const Component = await importOrReload(load);
    return { default: (props: P) => <Hydrated name={name} part={Component} props={props} /> };
  }) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part, at module level (like React.lazy)
  return memo(function Deferred(props: P) {
    return (
      <Frame name={name}>
        <Part {...props} />
      </Frame>
    );
  }, sameJson);
}

/** Where a part stands in the page, the same on the server and in the browser. */
function Frame({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div data-deferred={name}>
      <Suspense fallback={null}>{children}</Suspense>
    </div>
  );
}
