import http from "node:http";

type Sent = { status: number; bytes: number; encoding: string | undefined };

/**
 * The bytes the server sends for `url` to a browser that accepts gzip only (the body as it
 * travels, before the browser decompresses it): files the build compressed come as they
 * are, anything else as the server compresses it. `fetch` would hide this (it decompresses).
 */
export function gzipBytesSent(url: string): Promise<Sent> {
  return bytesSent(url, "gzip");
}

/** The same for a browser that accepts what Chromium does (Brotli first): what goes over its wire. */
export function browserBytesSent(url: string): Promise<Sent> {
  return bytesSent(url, "gzip, deflate, br, zstd");
}

function bytesSent(url: string, acceptEncoding: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, bytes, encoding: response.headers["content-encoding"] }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}
