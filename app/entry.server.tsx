/**
 * The page renderer: React Router's default for Node, plus this request's
 * Content-Security-Policy nonce (app/server/security.server.ts, through the load context) on
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
import css from "./app.css?inline";
import { InlineStyleContext } from "./components/layout/inline-style";
import { createHydrateAfterPaint } from "./server/http/hydrate-after-paint.server";
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
      <InlineStyleContext.Provider value={{ css, nonce }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStyleContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          // In production the page's scripts load after its first paint (ADR 026).
          const stream = createReadableStreamFromReadable(
            import.meta.env.PROD ? body.pipe(scriptsAfterPaint(nonce)) : body,
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
  const rewrite = createHydrateAfterPaint(nonce);
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
