/**
 * S3-compatible storage (AWS S3, Cloudflare R2, MinIO, Spaces...) over fetch, signed with
 * aws4fetch (SigV4, no dependencies). One bucket, path-style URLs (every provider accepts them); public files
 * under `uploads/`, private ones under `private/` (the bucket policy must make only
 * `uploads/` readable). S3_PUBLIC_URL is the bucket's public base URL (a CDN in front of it,
 * say): a public file is at {S3_PUBLIC_URL}/uploads/{key}.
 */
import { createHash } from "node:crypto";
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

export function s3Storage(config: S3Config, prefix: "uploads" | "private"): Storage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
    // A 5xx or a throttle is retried twice (50 ms, 100 ms) before the caller sees it.
    retries: 2,
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
    publicUrl(key) {
      assertValidKey(key);
      if (prefix !== "uploads") throw new Error("Los archivos privados no tienen URL pública.");
      const base = config.publicUrl ?? `${config.endpoint.replace(/\/+$/, "")}/${config.bucket}`;
      return `${base.replace(/\/+$/, "")}/${prefix}/${key}`;
    },
  };
}
