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
import { type ComponentType, type ReactNode, Suspense, lazy, memo, use, useEffect, useState } from "react";
import { importOrReload } from "./lazy-named";

const ACTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;
let acted = false;
const waiting = new Set<() => void>();
/** parts hydrated, and the controls tapped in the others before their code arrived */
const hydrated = new Set<string>();
/** a held tap: the part's name and the control's place among the part's controls */
const held: { name: string; index: number }[] = [];
const CONTROLS = "button, input, select, textarea, label, summary, [role=button], a[data-hold-tap]";

const frameOf = (name: string) => document.querySelector<HTMLElement>(`[data-deferred="${name}"]`);

/** A tap on a control of a part not yet hydrated: held, and given again once it is. */
function holdTap(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  const part = target?.closest<HTMLElement>("[data-deferred]");
  const name = part?.dataset.deferred ?? "";
  if (!target || !part || hydrated.has(name)) return;
  const control = target.closest(CONTROLS);
  if (!control || !part.contains(control)) return;
  event.preventDefault();
  event.stopPropagation();
  // Its place, not the element: the part drawn afresh (its markup dropped) has new elements.
  held.push({ name, index: Array.from(part.querySelectorAll(CONTROLS)).indexOf(control) });
  act();
}

/** Gives the held taps of a part that has just been hydrated (or drawn). */
function replayTaps(name: string) {
  hydrated.add(name);
  for (const tap of held.splice(0)) {
    if (tap.name !== name) held.push(tap);
    else frameOf(name)?.querySelectorAll<HTMLElement>(CONTROLS)[tap.index]?.click();
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
  const part = (wait: boolean) =>
    lazy(async () => {
      if (wait) await wanted(name);
      const Component = await importOrReload(load);
      return { default: (props: P) => <Hydrated name={name} part={Component} props={props} /> };
    }) as unknown as ComponentType<P>;
  /** the server's markup: its code when the part is wanted */
  const Waiting = part(true);
  /** a part new to the page (a client-side navigation): its code at once */
  const Now = part(false);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part, at module level (like React.lazy)
  function Part({ fromServer, props }: { fromServer: boolean; props: P }) {
    // Chosen when the part is first drawn and kept: a part is never swapped for the other.
    const [wait] = useState(fromServer);
    return wait ? <Waiting {...props} /> : <Now {...props} />;
  }
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part, at module level (like React.lazy)
  return memo(function Deferred(props: P) {
    const json = JSON.stringify(props);
    // The props of the server's markup (the page's first render). While the part shows those,
    // its stand-in is a copy of that markup, and it waits until it is wanted.
    const [server] = useState(firstRender ? json : null);
    useEffect(() => {
      firstRender = false;
    }, []);
    const fromServer = server === json;
    return (
      <Frame name={name} standIn={fromServer ? <ServerCopy name={name} /> : null}>
        <Part fromServer={fromServer} props={props} />
      </Frame>
    );
  }, sameJson);
}

/** True until the page's first render (React hydrating the server's markup) is committed. */
let firstRender = true;

/**
 * The server's markup of a part, as it stands in the page when React drops it (read before
 * React removes it), shown in its place until the part is wanted and drawn. React drops a
 * part's markup when an update reaches it before its code has (a navigation the visitor did
 * not start with a touch or a key: the query of a cancelled social log-in cleaned up); without
 * this the part would vanish until the visitor's first act.
 */
function ServerCopy({ name }: { name: string }) {
  const [html] = useState(() => frameOf(name)?.innerHTML ?? "");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own markup, as React drew it on the server
  return <div style={{ display: "contents" }} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Where a part stands in the page, the same on the server and in the browser. */
function Frame({ name, standIn = null, children }: { name: string; standIn?: ReactNode; children: ReactNode }) {
  return (
    <div data-deferred={name}>
      <Suspense fallback={standIn}>{children}</Suspense>
    </div>
  );
}
