/**
 * S3-compatible storage (AWS S3, Cloudflare R2, MinIO, Spaces...) over fetch, signed with
 * aws4fetch (SigV4, no dependencies). One bucket, path-style URLs (every provider accepts them); public files
 * under `uploads/`, private ones under `private/` (the bucket policy must make only
 * `uploads/` readable). S3_PUBLIC_URL is the bucket's public base URL (a CDN in front of it,
 * say): a public file is at {S3_PUBLIC_URL}/uploads/{key}.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AwsClient } from "aws4fetch";
import { type Storage, type StoredFile, assertValidKey } from "./types";

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** base URL of the bucket as browsers see it, e.g. https://cdn.example.com (public files only) */
  publicUrl: string | undefined;
};

/** A 5xx or a throttle is retried twice (50 ms, 100 ms) before the caller sees it. */
const RETRIES = 2;

/** The SHA-256 of a file on disk, read in chunks (never whole in memory). */
async function fileSha256(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** XML text as written by S3 (ListObjectsV2): the five entities back to characters. */
const xmlText = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

export function s3Storage(config: S3Config, prefix: "uploads" | "private" | "backups"): Storage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
    retries: RETRIES,
  });
  const objectUrl = (key: string) => {
    assertValidKey(key);
    return new URL(`${config.endpoint.replace(/\/+$/, "")}/${config.bucket}/${prefix}/${key}`);
  };

  function send(method: string, key: string, body?: Uint8Array, extraHeaders: Record<string, string> = {}) {
    // The payload's hash is signed (not UNSIGNED-PAYLOAD): the store can refuse a body
    // changed on the way.
    const payloadHash = createHash("sha256")
      .update(body ?? "")
      .digest("hex");
    return client.fetch(objectUrl(key), {
      method,
      headers: { ...extraHeaders, "x-amz-content-sha256": payloadHash },
      body: body ? Buffer.from(body) : undefined,
    });
  }

  return {
    async put(key, bytes, contentType) {
      const response = await send("PUT", key, bytes, { "content-type": contentType });
      if (!response.ok) throw new Error(`S3 PUT ${key}: ${response.status} ${await response.text()}`);
    },
    /**
     * A large file (a video) is sent as a stream read from disk, with its Content-Length (S3
     * refuses a chunked PUT). Its hash is still signed, as put() does: the file is read once
     * more to hash it, which costs disk time, not memory. (Without an x-amz-content-sha256
     * header aws4fetch would sign 'UNSIGNED-PAYLOAD' for s3 and the store could not tell a
     * body changed on the way.) A stream can be sent only once, so the retries are made here
     * with a new stream each time, not by aws4fetch's own loop.
     */
    async putFile(key, filePath, contentType) {
      const { size } = await stat(filePath);
      const payloadHash = await fileSha256(filePath);
      for (let attempt = 0; ; attempt++) {
        const file = createReadStream(filePath);
        try {
          const init: RequestInit & { duplex: "half" } = {
            method: "PUT",
            headers: {
              "content-type": contentType,
              "content-length": String(size),
              "x-amz-content-sha256": payloadHash,
            },
            body: Readable.toWeb(file) as WebReadableStream<Uint8Array> as ReadableStream<Uint8Array>,
            duplex: "half",
          };
          const response = await fetch(await client.sign(objectUrl(key), init));
          if ((response.status >= 500 || response.status === 429) && attempt < RETRIES) {
            await response.body?.cancel();
            await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
            continue;
          }
          if (!response.ok) throw new Error(`S3 PUT ${key}: ${response.status} ${await response.text()}`);
          return;
        } finally {
          file.destroy();
        }
      }
    },
    async get(key): Promise<StoredFile | null> {
      const response = await send("GET", key);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${key}: ${response.status} ${await response.text()}`);
      return {
        bytes: new Uint8Array(await response.arrayBuffer()),
        contentType: response.headers.get("content-type") ?? "application/octet-stream",
      };
    },
    async delete(key) {
      const response = await send("DELETE", key);
      // S3 answers 204 whether or not the object existed; some providers say 404.
      if (!response.ok && response.status !== 404) {
        throw new Error(`S3 DELETE ${key}: ${response.status} ${await response.text()}`);
      }
    },
    async signedUrl(key, expiresInSeconds) {
      const url = objectUrl(key);
      url.searchParams.set("X-Amz-Expires", String(expiresInSeconds));
      const signed = await client.sign(url, { method: "GET", aws: { signQuery: true } });
      return signed.url;
    },
    /** ListObjectsV2, page after page (1,000 keys each). */
    async list(keyPrefix) {
      const found: { key: string; bytes: number }[] = [];
      let token: string | undefined;
      do {
        const url = new URL(`${config.endpoint.replace(/\/+$/, "")}/${config.bucket}`);
        url.searchParams.set("list-type", "2");
        url.searchParams.set("prefix", `${prefix}/${keyPrefix}`);
        if (token) url.searchParams.set("continuation-token", token);
        const response = await client.fetch(url, {
          headers: { "x-amz-content-sha256": createHash("sha256").update("").digest("hex") },
        });
        if (!response.ok) throw new Error(`S3 LIST ${keyPrefix}: ${response.status} ${await response.text()}`);
        const xml = await response.text();
        for (const [, body] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = xmlText(/<Key>([\s\S]*?)<\/Key>/.exec(body)?.[1] ?? "");
          const bytes = Number(/<Size>(\d+)<\/Size>/.exec(body)?.[1] ?? 0);
          if (key.startsWith(`${prefix}/`)) found.push({ key: key.slice(prefix.length + 1), bytes });
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? xmlText(/<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(xml)?.[1] ?? "")
          : undefined;
      } while (token);
      return found;
    },
    publicUrl(key) {
      assertValidKey(key);
      if (prefix !== "uploads") throw new Error("Los archivos privados no tienen URL pública.");
      const base = config.publicUrl ?? `${config.endpoint.replace(/\/+$/, "")}/${config.bucket}`;
      return `${base.replace(/\/+$/, "")}/${prefix}/${key}`;
    },
  };
}
