/**
 * Scripts after the first paint (ADR 026). React Router's <Scripts> writes one
 * `<link rel="modulepreload">` per module of the page and an inline `<script type="module"
 * async>` that imports them and hydrates. On a phone on slow 4G those ~120 KB of JavaScript
 * share the connection with the page's first screen (its LCP image, its fonts) and, when they
 * arrive first, run before the first paint. This rewrite of the HTML (production only):
 *
 * - drops the modulepreload links and keeps their addresses;
 * - replaces the inline module script with a classic one (same nonce) that waits until the
 *   first screen is painted (the page's high-priority image has loaded, or none, then one
 *   frame), and only then preloads the modules and runs React Router's very same code;
 * - starts at once if the visitor touches, clicks or types first, and never waits more than
 *   HYDRATE_MAX_WAIT_MS.
 *
 * The page works before hydration: links are links and forms post (React Router's
 * progressive enhancement), so the wait costs nothing but the order of the downloads.
 */

export const HYDRATE_MAX_WAIT_MS = 2500;

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const MODULE_START = /<script\b[^>]*\btype="module"[^>]*>/;
const SCRIPT_END = "</script>";

/** The classic script that runs `code` (React Router's module script) after the first paint. */
export function bootScript(code: string, preloads: string[], nonce: string | undefined): string {
  const attrs = nonce ? ` nonce="${nonce}"` : "";
  // JSON in a script: `<` escaped so no `</script>` can close it early.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return (
    `<script${attrs}>(function(){` +
    `var code=${json(code)},pre=${json(preloads)},me=document.currentScript,done=false;` +
    "function go(){if(done)return;done=true;" +
    'pre.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});' +
    'var s=document.createElement("script");s.type="module";s.nonce=me.nonce;s.textContent=code;document.body.appendChild(s)}' +
    // Two frames: the first one after the image has loaded is painted before the second begins.
    "function painted(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}" +
    '["pointerdown","keydown","focusin"].forEach(function(e){addEventListener(e,go,{once:true,capture:true})});' +
    `setTimeout(go,${HYDRATE_MAX_WAIT_MS});` +
    'var img=document.querySelector("img[fetchpriority=high]");' +
    'if(img&&!img.complete){img.addEventListener("load",painted);img.addEventListener("error",painted)}else painted()' +
    "})()</script>"
  );
}

/**
 * A streaming rewrite: text goes through as it comes, except a tail that may hold an
 * unfinished tag (from the last `<`) or the module script until its end.
 */
export function createHydrateAfterPaint(nonce: string | undefined) {
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
        text = text.slice(0, start.index) + bootScript(code, preloads, nonce) + text.slice(end + SCRIPT_END.length);
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

/** The whole rewrite at once (tests, cached pages). */
export function hydrateAfterPaint(html: string, nonce: string | undefined): string {
  const rewrite = createHydrateAfterPaint(nonce);
  return rewrite.write(html) + rewrite.end();
}
