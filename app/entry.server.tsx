/**
 * The page renderer: React Router's default for Node, plus this request's
 * Content-Security-Policy nonce (app/server/http/security.server.ts, through the load context) on
 * every script React and React Router write (<Scripts>, <ScrollRestoration>, streamed
 * data) and on the inlined stylesheet (components/layout/inline-style.tsx), and errors logged without personal data (app/server/log.server.ts).
 */
import { PassThrough, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { InlineStyleContext } from "./components/layout/inline-style";
import { createHydrateAfterPaint } from "./server/http/hydrate-after-paint.server";
import { FULL_CSS_PATH, PAGE_CSS_MARKER, withPageCss } from "./server/http/page-css.server";
import { logError, pathOf } from "./server/log.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext?.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots wait for the whole page (https://react.dev/reference/react-dom/server/renderToPipeableStream).
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after `streamTimeout`, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <InlineStyleContext.Provider value={{ css: PAGE_CSS_MARKER, nonce }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStyleContext.Provider>,
      {
        nonce,
        // A finished Suspense boundary is written in place, however large: React otherwise
        // moves one over 12,800 bytes (a deferred part, components/site/deferred.tsx) to the
        // end of the page, shown by a script, so a page without JavaScript would hide it. The
        // page is held whole anyway to fill its stylesheet (ADR 027).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          // In production the page's scripts load after its first paint (ADR 026) and it
          // carries the rules of the stylesheet its markup uses (ADR 027).
          const stream = createReadableStreamFromReadable(
            import.meta.env.PROD ? body.pipe(scriptsAfterPaint(nonce)).pipe(withPageCss()) : body,
          );
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell reject and are logged by handleError.
          if (shellRendered) logError(`Error al dibujar ${pathOf(request.url)}`, error);
        },
      },
    );
  });
}

/** The HTML stream through the rewrite of hydrate-after-paint.server.ts. */
function scriptsAfterPaint(nonce: string | undefined): Transform {
  const rewrite = createHydrateAfterPaint(nonce, FULL_CSS_PATH);
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, rewrite.write(decoder.write(chunk)));
    },
    flush(callback) {
      callback(null, rewrite.write(decoder.end()) + rewrite.end());
    },
  });
}

/** Errors of loaders, actions and rendering: the path only (no query string), redacted. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logError(`Error en ${request.method} ${pathOf(request.url)}`, error);
};
