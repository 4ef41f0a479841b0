/**
 * A tiny S3-compatible server for tests (the network edge): path-style PUT/GET/DELETE of
 * objects kept in memory, and ListObjectsV2 (one page). Like S3 it knows the secret key: it recomputes each request's
 * SigV4 signature over the headers the request says it signed (aws4fetch's signer, with the
 * request's own x-amz-date) and refuses a request signed with another key, malformed
 * headers, or an x-amz-content-sha256 that does not match the body.
 */
import { createHash } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type S3Stub = {
  endpoint: string;
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  /**
   * every request's method, path and Authorization header, and how its body was framed
   * (S3 refuses a PUT without Content-Length, e.g. a chunked one)
   */
  requests: {
    method: string;
    path: string;
    authorization: string;
    contentLength: string | undefined;
    transferEncoding: string | undefined;
  }[];
  /** make every request of this method fail with 500 (or stop failing) */
  setFailing: (method: string, failing: boolean) => void;
  close: () => Promise<void>;
};

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/;

/** The Authorization S3 expects for this request, computed with the secret key. */
async function expectedAuthorization(
  req: http.IncomingMessage,
  signedHeaders: string[],
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): Promise<string> {
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) headers[name] = String(req.headers[name] ?? "");
  const signer = new AwsV4Signer({
    ...keys,
    service: "s3",
    method: req.method,
    url: `http://${headers.host}${req.url}`,
    headers,
    datetime: headers["x-amz-date"],
    allHeaders: true,
  });
  return (await signer.sign()).headers.get("authorization") ?? "";
}

/** Problems with a request signed in its Authorization header. */
async function headerProblems(
  req: http.IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): Promise<string[]> {
  const authorization = req.headers.authorization ?? "";
  const match = AUTHORIZATION.exec(authorization);
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  const signed = match?.[4].split(";") ?? [];
  const problems = [
    !match && "Authorization mal formado",
    match && match[1] !== keys.accessKeyId && "otra llave de acceso",
    match && match[3] !== keys.region && "otra región",
    !/^\d{8}T\d{6}Z$/.test(amzDate) && "x-amz-date mal formado",
    match && !amzDate.startsWith(match[2]) && "fecha del alcance distinta de x-amz-date",
    req.headers["x-amz-content-sha256"] !== createHash("sha256").update(body).digest("hex") &&
      "x-amz-content-sha256 no coincide con el cuerpo",
    !["host", "x-amz-date", "x-amz-content-sha256"].every((h) => signed.includes(h)) && "faltan cabeceras firmadas",
  ].filter(Boolean);
  if (problems.length === 0) {
    const expected = await expectedAuthorization(req, signed, keys);
    if (expected !== authorization) problems.push("la firma no coincide");
  }
  return problems as string[];
}

/** Problems with a presigned GET (signature in the query): key, expiry and signature. */
async function presignedProblems(
  req: http.IncomingMessage,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): Promise<string[]> {
  const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
  const query = url.searchParams;
  const amzDate = query.get("X-Amz-Date") ?? "";
  const iso = amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z");
  const expires = Date.parse(iso) + Number(query.get("X-Amz-Expires")) * 1000;
  if (req.method !== "GET") return ["solo GET con firma en la URL"];
  if (!query.get("X-Amz-Credential")?.startsWith(`${keys.accessKeyId}/`)) return ["otra llave de acceso"];
  if (!(expires > Date.now())) return ["la URL firmada expiró"];
  const given = query.get("X-Amz-Signature");
  query.delete("X-Amz-Signature");
  const signer = new AwsV4Signer({
    ...keys,
    service: "s3",
    method: "GET",
    url: url.toString(),
    datetime: amzDate,
    signQuery: true,
  });
  const expected = (await signer.sign()).url.searchParams.get("X-Amz-Signature");
  return expected === given ? [] : ["la firma no coincide"];
}

export async function startS3Stub(accessKeyId: string, secretAccessKey: string, region: string): Promise<S3Stub> {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const requests: S3Stub["requests"] = [];
  const failing = new Set<string>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://stub").pathname);
    const authorization = req.headers.authorization ?? "";
    requests.push({
      method: req.method ?? "",
      path,
      authorization,
      contentLength: req.headers["content-length"],
      transferEncoding: req.headers["transfer-encoding"],
    });

    const keys = { accessKeyId, secretAccessKey, region };
    const presigned = new URL(req.url ?? "/", "http://stub").searchParams.has("X-Amz-Signature");
    const problems = presigned ? await presignedProblems(req, keys) : await headerProblems(req, body, keys);
    if (problems.length > 0) {
      res
        .writeHead(403, { "content-type": "application/xml" })
        .end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${problems.join("; ")}</Message></Error>`);
      return;
    }
    if (req.method && failing.has(req.method)) {
      res.writeHead(500).end("<Error><Code>InternalError</Code></Error>");
      return;
    }
    if (req.method === "PUT") {
      objects.set(path, { bytes: body, contentType: String(req.headers["content-type"] ?? "") });
      res.writeHead(200).end();
    } else if (req.method === "GET" && new URL(req.url ?? "/", "http://stub").searchParams.get("list-type") === "2") {
      // ListObjectsV2 of the bucket (path-style): every key under `prefix`, in one page.
      const prefix = new URL(req.url ?? "/", "http://stub").searchParams.get("prefix") ?? "";
      const bucket = path.replace(/^\/+|\/+$/g, "");
      const contents = [...objects.entries()]
        .filter(([objectPath]) => objectPath.startsWith(`/${bucket}/${prefix}`))
        .map(([objectPath, object]) => ({ key: objectPath.slice(bucket.length + 2), size: object.bytes.length }))
        .sort((a, b) => (a.key < b.key ? -1 : 1))
        .map(({ key, size }) => `<Contents><Key>${key}</Key><Size>${size}</Size></Contents>`)
        .join("");
      res
        .writeHead(200, { "content-type": "application/xml" })
        .end(`<ListBucketResult><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`);
    } else if (req.method === "GET") {
      const object = objects.get(path);
      if (!object) res.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
      else res.writeHead(200, { "content-type": object.contentType }).end(object.bytes);
    } else if (req.method === "DELETE") {
      objects.delete(path);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    setFailing: (method, on) => (on ? failing.add(method) : failing.delete(method)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
