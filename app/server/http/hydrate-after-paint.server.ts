/**
 * Scripts after the first paint (ADR 026). React Router's <Scripts> writes one
 * `<link rel="modulepreload">` per module of the page and an inline `<script type="module"
 * async>` that imports them and hydrates. On a phone on slow 4G those ~120 KB of JavaScript
 * share the connection with the page's first screen (its LCP image, its fonts) and, when they
 * arrive first, run before the first paint. This rewrite of the HTML (production only):
 *
 * - drops the modulepreload links and keeps their addresses;
 * - replaces the inline module script with a classic one (same nonce) that waits until the
 *   first screen has been presented (startAfterPaint), and only then preloads the modules and
 *   runs React Router's very same code;
 * - starts at once if the visitor touches, clicks or types first, and never waits more than
 *   HYDRATE_MAX_WAIT_MS.
 *
 * The page works before hydration: links are links and forms post (React Router's
 * progressive enhancement), so the wait costs nothing but the order of the downloads.
 *
 * The same moment fetches the whole stylesheet (ADR 027: the page's <style> holds only the
 * rules its own markup uses), as a `media="print"` sheet that applies to nothing; the first
 * time the page shows an element with a class the server's markup did not have (a menu, a
 * dialog, a toast, the next page), the sheet applies, before that element is painted.
 */

export const HYDRATE_MAX_WAIT_MS = 2500;

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const MODULE_START = /<script\b[^>]*\btype="module"[^>]*>/;
const SCRIPT_END = "</script>";

/**
 * Runs in the browser (written into the page as its source text, so it uses nothing from this
 * module): once the first screen has been presented — the first contentful paint, then the
 * page's high-priority image painted as the largest one (or loaded, if it never becomes the
 * largest) — and two more frames, it preloads the modules and runs React Router's `code`.
 */
export function startAfterPaint(code: string, preloads: string[], maxWaitMs: number, stylesheet?: string): void {
  const me = document.currentScript as HTMLScriptElement;
  let done = false;
  /** The whole stylesheet, fetched now and applied once the page shows what its own rules may not cover. */
  const wholeStylesheet = (href: string) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.media = "print";
    document.head.appendChild(link);
    // The classes of the server's markup, read when the page first changes (not while it
    // loads): every element but those just added, with the classes they had before.
    let known: Set<string> | undefined;
    const learn = (records: MutationRecord[]) => {
      const added: Element[] = [];
      const before = new Map<Element, string>();
      for (const record of records) {
        if (record.type === "childList") for (const node of record.addedNodes) node instanceof Element && added.push(node);
        else if (record.target instanceof Element && !before.has(record.target))
          before.set(record.target, record.oldValue ?? "");
      }
      const isNew = (element: Element) => added.some((root) => root.contains(element));
      const names = new Set<string>();
      for (const element of document.querySelectorAll("[class]")) {
        if (isNew(element)) continue;
        const value = before.get(element);
        for (const name of value === undefined ? element.classList : value.split(/\s+/)) if (name) names.add(name);
      }
      for (const [element, value] of before)
        if (!isNew(element)) for (const name of value.split(/\s+/)) if (name) names.add(name);
      return names;
    };
    const isKnown = (element: Element) => {
      for (const name of element.classList) if (!known?.has(name)) return false;
      return true;
    };
    const observer = new MutationObserver((records) => {
      known ??= learn(records);
      for (const record of records) {
        const nodes = record.type === "attributes" ? [record.target] : Array.from(record.addedNodes);
        for (const node of nodes) {
          if (!(node instanceof Element)) continue;
          if (isKnown(node) && Array.from(node.querySelectorAll("[class]")).every(isKnown)) continue;
          link.media = "all";
          observer.disconnect();
          return;
        }
      }
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["class"],
      attributeOldValue: true,
    });
  };
  const go = () => {
    if (done) return;
    done = true;
    // in a task of its own, after the scripts are on their way
    if (stylesheet) setTimeout(() => wholeStylesheet(stylesheet), 0);
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = me.nonce;
    script.textContent = code;
    document.body.appendChild(script);
  };
  for (const type of ["pointerdown", "keydown", "focusin"]) addEventListener(type, go, { once: true, capture: true });
  setTimeout(go, maxWaitMs);

  const afterTwoFrames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, 0)));
  const supported = (typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes) || [];
  /** `then` once an entry of `type` that `accept`s has been presented; at once where unsupported. */
  const whenPresented = (type: string, accept: (entry: PerformanceEntry) => boolean, then: () => void) => {
    if (!supported.includes(type)) return then();
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some(accept)) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type, buffered: true });
  };
  const image = document.querySelector<HTMLImageElement>("img[fetchpriority=high]");
  whenPresented(
    "paint",
    (entry) => entry.name === "first-contentful-paint",
    () => {
      if (!image) return afterTwoFrames();
      whenPresented("largest-contentful-paint", (entry) => (entry as { element?: Element | null }).element === image, afterTwoFrames);
      // Something larger may be painted first: then the image's load (and a moment) will do.
      const loaded = () => setTimeout(afterTwoFrames, 300);
      if (image.complete) loaded();
      else {
        image.addEventListener("load", loaded);
        image.addEventListener("error", loaded);
      }
    },
  );
}

/** startAfterPaint's source, read once (not on every page). */
const START_AFTER_PAINT = startAfterPaint.toString();

/** The classic script (with the request's nonce) that calls startAfterPaint for this page. */
function bootScript(code: string, preloads: string[], nonce: string | undefined, stylesheet: string | undefined): string {
  const attrs = nonce ? ` nonce="${nonce}"` : "";
  // JSON in a script: `<` escaped so no `</script>` can close it early.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  const sheet = stylesheet ? `,${json(stylesheet)}` : "";
  return `<script${attrs}>(${START_AFTER_PAINT})(${json(code)},${json(preloads)},${HYDRATE_MAX_WAIT_MS}${sheet})</script>`;
}

/**
 * A streaming rewrite: text goes through as it comes, except a tail that may hold an
 * unfinished tag (from the last `<`) or the module script until its end.
 */
export function createHydrateAfterPaint(nonce: string | undefined, stylesheet?: string) {
  let pending = "";
  const preloads: string[] = [];
  let rewritten = false;

  function take(final: boolean): string {
    let text = pending.replace(PRELOAD, (_tag, href: string) => {
      preloads.push(href);
      return "";
    });
    if (!rewritten) {
      const start = MODULE_START.exec(text);
      if (start) {
        const end = text.indexOf(SCRIPT_END, start.index + start[0].length);
        if (end === -1) {
          // The script is not over yet: send what comes before it, keep the rest.
          pending = text.slice(start.index);
          return text.slice(0, start.index);
        }
        const code = text.slice(start.index + start[0].length, end);
        text = text.slice(0, start.index) + bootScript(code, preloads, nonce, stylesheet) + text.slice(end + SCRIPT_END.length);
        rewritten = true;
      }
    }
    if (final) {
      pending = "";
      return text;
    }
    // Hold back a tag that may be cut in two.
    const lastOpen = text.lastIndexOf("<");
    const keep = lastOpen !== -1 && text.indexOf(">", lastOpen) === -1 ? lastOpen : text.length;
    pending = text.slice(keep);
    return text.slice(0, keep);
  }

  return {
    /** Feeds a chunk; returns what can be sent now. */
    write(chunk: string): string {
      pending += chunk;
      return take(false);
    },
    /** The end of the page: whatever is left. */
    end(): string {
      return take(true);
    },
  };
}

/** The whole rewrite at once, for a page held in memory (the tests). */
export function hydrateAfterPaint(html: string, nonce: string | undefined, stylesheet?: string): string {
  const rewrite = createHydrateAfterPaint(nonce, stylesheet);
  return rewrite.write(html) + rewrite.end();
}
