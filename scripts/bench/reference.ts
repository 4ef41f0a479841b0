/**
 * The reference page of the browser benches (bench:longtasks, bench:lighthouse; issue 27): a
 * figure read beside our pages in the same run on the same host, so that a slower or busier
 * host moves both.
 */
import http from "node:http";

export const REFERENCE = "referencia: la portada sin scripts (HTML y CSS estáticos)";

/**
 * The reference page: the home as the server sends it, its scripts removed, on a server of its
 * own that answers that page at / and passes every other request (CSS, fonts, images) through.
 */
export async function startReference(
  appBaseURL: string,
  port: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const html = (await (await fetch(`${appBaseURL}/`)).text())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link[^>]+rel="modulepreload"[^>]*>/gi, "");
  const server = http.createServer(async (req, res) => {
    if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
      return;
    }
    const upstream = await fetch(appBaseURL + req.url);
    res.writeHead(upstream.status, {
      "content-type": upstream.headers.get("content-type") ?? "application/octet-stream",
    });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
