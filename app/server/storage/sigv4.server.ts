/**
 * AWS Signature Version 4 for S3-compatible storage (AWS S3, Cloudflare R2, MinIO,
 * DigitalOcean Spaces, Backblaze B2): plain node:crypto, so that three HTTP verbs do not
 * pull in the whole AWS SDK. Reference: "Signature Version 4 signing process" and
 * "Authenticating Requests: Using the Authorization Header" in the S3 API docs.
 */
import { createHash, createHmac } from "node:crypto";

export type SigV4Credentials = {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** 's3' for object storage */
  service: string;
};

export type SigV4Request = {
  method: string;
  url: URL;
  /** header names in any case; host is taken from the URL */
  headers: Record<string, string>;
  /** hex SHA-256 of the body (sha256Hex(bytes)), or 'UNSIGNED-PAYLOAD' */
  payloadHash: string;
  /** the signing time; `now` by default */
  date?: Date;
};

export function sha256Hex(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

function hmac(key: Uint8Array | string, data: string): Buffer {
  return createHmac("sha256", key).update(data).digest();
}

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** '20130524T000000Z' */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * Returns the headers to send: the given ones plus host, x-amz-date, x-amz-content-sha256
 * and Authorization.
 */
export function signRequest(credentials: SigV4Credentials, request: SigV4Request): Record<string, string> {
  const timestamp = amzDate(request.date ?? new Date());
  const day = timestamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value.trim();
  headers.host = request.url.host;
  headers["x-amz-date"] = timestamp;
  headers["x-amz-content-sha256"] = request.payloadHash;

  const signedNames = Object.keys(headers).sort();
  const canonicalHeaders = signedNames.map((name) => `${name}:${headers[name]}\n`).join("");
  // S3 paths are encoded once, segment by segment (slashes kept).
  const canonicalPath = request.url.pathname
    .split("/")
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join("/");
  const canonicalQuery = [...request.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath || "/",
    canonicalQuery,
    canonicalHeaders,
    signedNames.join(";"),
    request.payloadHash,
  ].join("\n");

  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", timestamp, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), credentials.service),
    "aws4_request",
  );
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");

  return {
    ...headers,
    authorization:
      `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, ` +
      `SignedHeaders=${signedNames.join(";")}, Signature=${signature}`,
  };
}
