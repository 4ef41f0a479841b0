/**
 * The rendered-page cache (ADR 015): anonymous GETs of the catalogue and content pages (and
 * React Router's `.data` requests for them) are answered from memory, with an ETag (304 when
 * the browser already has it) and a Cache-Control that lets a CDN keep them a minute.
 *
 * - Anonymous means no cookie the server reads for a person (session, cart, checkout, Better
 *   Auth's OAuth state...): any cookie not on a short list of third-party ones makes the
 *   request personal. Personal requests are never served from the cache nor stored in it, and
 *   their pages go out `private, no-store`.
 * - A page is stored only as it was rendered for such a visitor: status 200, no Set-Cookie,
 *   no `private`/`no-store` from the route.
 * - Invalidation: the `cache_version` row, bumped by triggers when a transaction that wrote a
 *   table shown on public pages commits (migration `page_cache_triggers`), whichever instance
 *   or program wrote it. The version is kept in memory by listening for the triggers'
 *   notifications (cache-version.server.ts; on PostgreSQL while that connection is proven
 *   alive, otherwise each request reads the row); a new version empties the cache, so a change
 *   shows on the next request.
 * - A hit costs as little as a static file: `PageCache.hits` answers it before Express's chain
 *   and compression (server.js), with the headers laid out once per page and encoding, and the
 *   gzip and brotli copies made when the page is stored.
 * - Memory is bounded: an LRU by bytes (`maxBytes`), entries also expire after `ttlMs`.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlibConstants } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { PRIVATE } from "./security.server";
import { VersionReader } from "./cache-version.server";
import { logError } from "../log.server";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** What a CDN may do with a cached page: keep it 60 s, serve it stale 5 min while it asks again. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/** Every other page: only the visitor's own browser may keep it, and must ask before reuse. */
/** Pages that are not served from the cache are personal for every cache: one rule (security.server.ts). */
export const PRIVATE_CACHE_CONTROL = PRIVATE;

/** The pages (SPEC section 2) that look the same for every visitor without a session or cart. */
const CACHEABLE_PATHS: RegExp[] = [
  /^\/$/,
  /^\/(nosotros|Contacto|servicios|galeria|cursos|categorias)$/,
  /^\/(servicios|cursos|cursos-presenciales|productos|producto)\/[^/]+$/,
  /^\/(aviso-de-privacidad|terminos-y-condiciones|terminos-y-privacidad)$/,
  /^\/(sitemap\.xml|robots\.txt)$/,
];

/** Third-party cookies (analytics, CDN) that the server never reads: they do not make a visitor personal. */
const IGNORED_COOKIES = /^(_ga(_\w+)?|_gid|_gat(_\w+)?|_fbp|_fbc|__cf_bm|cf_clearance|_cfuvid)$/;

/** Headers of a rendered page that belong to one exchange, not to the page. */
// x-request-id: the id of the request that drew the page (log.server.ts), not of a later one.
const NOT_STORED = new Set([
  "set-cookie",
  "content-length",
  "date",
  "connection",
  "transfer-encoding",
  "keep-alive",
  "etag",
  "x-request-id",
]);

const MAX_URL_LENGTH = 1024;

export type PageCacheOptions = {
  /** total bytes of stored pages (bodies and their compressed copies); default 32 MiB */
  maxBytes?: number;
  /** a page older than this is rendered again even without a write; default 10 min */
  ttlMs?: number;
};

type Entry = {
  version: number;
  headers: [string, string | string[]][];
  body: Buffer;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
  /** `hits`' header lists for writeHead, by answer, laid out on first use */
  raw: Partial<Record<"identity" | "gzip" | "br" | "304", string[]>>;
};

/** The page a request asks for, when it may come from the cache; null otherwise. */
export function cacheablePath(pathname: string): string | null {
  let page = pathname;
  if (page === "/_root.data") page = "/";
  else if (page.endsWith(".data")) page = page.slice(0, -".data".length);
  return CACHEABLE_PATHS.some((re) => re.test(page)) ? page : null;
}

/** Whether the request carries nothing that could make its page personal. */
export function isAnonymous(req: Pick<Request, "headers">): boolean {
  if (req.headers.authorization) return false;
  const cookie = req.headers.cookie;
  if (!cookie) return true;
  for (const part of cookie.split(";")) {
    const name = part.split("=", 1)[0].trim();
    if (name && !IGNORED_COOKIES.test(name)) return false;
  }
  return true;
}

/**
 * The cache: `hits` answers a request for a stored page straight from memory (server.js runs
 * it before anything else, the app runs it first too); `middleware`, in the app's chain in
 * front of React Router, serves what `hits` could not (the version still to be read, a page
 * being rendered), and stores the pages rendered for anonymous visitors.
 */
export class PageCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly versions = new VersionReader();
  /** the version the cache's entries belong to */
  private cachedVersion = -1;
  /** pages being rendered now, so that a crowd of first requests renders each page once */
  private readonly rendering = new Map<string, Promise<Entry | undefined>>();

  constructor(options: PageCacheOptions = {}) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes ?? 32 * 1024 * 1024,
      sizeCalculation: (e) => e.body.length + (e.gzip?.length ?? 0) + (e.br?.length ?? 0) + 512,
      ttl: options.ttlMs ?? 10 * 60 * 1000,
    });
  }

  /**
   * A stored page, answered with no other work: no Express chain, no compression (the stored
   * copies are already compressed), its headers already laid out. Whatever it cannot answer
   * at once (not a stored page of the version known now) goes on to `next`.
   */
  readonly hits = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    let entry: Entry | undefined;
    try {
      entry = this.stored(req);
    } catch (error) {
      logError("Caché de páginas: no se pudo buscar la página", error);
    }
    if (entry) sendStored(req, res, entry);
    else next();
  };

  /** The stored page for this request, when it is one of the version known now. */
  private stored(req: IncomingMessage): Entry | undefined {
    const url = req.url;
    if (req.method !== "GET" || !url || url.length > MAX_URL_LENGTH || url.charCodeAt(0) !== 47 /* "/" */) return;
    const version = this.versions.current();
    if (version === undefined || version !== this.cachedVersion) return;
    const query = url.indexOf("?");
    if (cacheablePath(query < 0 ? url : url.slice(0, query)) === null || !isAnonymous(req)) return;
    const entry = this.entries.get(url);
    return entry?.version === version ? entry : undefined;
  }

  readonly middleware = async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const cacheable =
      req.method === "GET" &&
      req.originalUrl.length <= MAX_URL_LENGTH &&
      cacheablePath(req.path) !== null &&
      isAnonymous(req);
    if (!cacheable) {
      privateByDefault(res);
      return next();
    }

    let version: number;
    try {
      version = await this.versions.read();
    } catch (error) {
      logError("Caché de páginas: no se pudo leer la versión", error);
      privateByDefault(res);
      return next();
    }
    if (version > this.cachedVersion) {
      // Any write since: nothing stored may be shown again. (An older read, overtaken by a
      // newer one, only misses: entries answer requests of their own version alone.)
      this.entries.clear();
      this.cachedVersion = version;
    }

    const key = req.originalUrl;
    const found = this.entries.get(key) ?? (await this.rendering.get(key));
    if (found && found.version === version) return send(req, res, found, "HIT");

    let finish!: (entry: Entry | undefined) => void;
    const mine = new Promise<Entry | undefined>((resolve) => (finish = resolve));
    const first = !this.rendering.has(key);
    if (first) this.rendering.set(key, mine);
    capture(req, res, (entry) => {
      if (first) this.rendering.delete(key);
      if (entry) {
        entry.version = version;
        // Not when a write committed while it rendered: the next request renders again.
        const announced = this.versions.announced();
        if (version === this.cachedVersion && (announced === undefined || announced === version))
          this.store(key, entry);
      }
      finish(entry);
    });
    next();
  };

  /** Stops listening for new versions (PostgreSQL: before the pool is closed). */
  close(): void {
    this.versions.close();
  }

  /** Stores the page, then its gzip and brotli copies (off the main thread) so that no request compresses. */
  private store(key: string, entry: Entry) {
    this.entries.set(key, entry);
    void Promise.all([
      entry.gzip ?? gzipAsync(entry.body, { level: 9 }),
      entry.br ?? brotliAsync(entry.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
    ]).then(
      ([gzip, br]) => {
        entry.gzip ??= gzip;
        entry.br ??= br;
        // Counted in the cache's size from now on (still the same page of the same version).
        if (this.entries.peek(key) === entry) this.entries.set(key, entry);
      },
      () => undefined,
    );
  }
}

/** Sets `private, no-store` on the page when its route did not choose a Cache-Control. */
function privateByDefault(res: Response) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!this.getHeader("cache-control")) this.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response["writeHead"];
}

/**
 * Holds the page React Router writes until it is complete, then sends it as the cache would
 * (ETag, Cache-Control) and hands the stored entry to `done` (undefined when it may not be
 * stored: not a 200, a Set-Cookie, a private page).
 */
function capture(req: Request, res: Response, done: (entry: Entry | undefined) => void) {
  const write = res.write;
  const end = res.end;
  const chunks: Buffer[] = [];
  let settled = false;
  const settle = (entry: Entry | undefined) => {
    if (settled) return;
    settled = true;
    done(entry);
  };
  res.once("close", () => settle(undefined));

  const add = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    if (typeof chunk === "string")
      chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else chunks.push(Buffer.from(chunk as Uint8Array));
  };
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    add(chunk, encoding);
    const cb = typeof encoding === "function" ? encoding : callback;
    if (typeof cb === "function") process.nextTick(cb as () => void);
    return true;
  }) as Response["write"];
  (res as Response & { flush?: () => void }).flush = () => {};
  res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    add(chunk, encoding);
    const cb = [chunk, encoding, callback].find((f) => typeof f === "function") as (() => void) | undefined;
    res.write = write;
    res.end = end;
    const body = Buffer.concat(chunks);
    const entry = storable(res) ? toEntry(res, body) : undefined;
    if (!entry) {
      if (!res.getHeader("cache-control")) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
      settle(undefined);
      res.end(body);
    } else {
      settle(entry);
      send(req, res, entry, "MISS");
    }
    if (cb) res.once("finish", cb);
    return res;
  } as Response["end"];
}

function storable(res: Response): boolean {
  if (res.statusCode !== 200 || res.getHeader("set-cookie")) return false;
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return !/private|no-store|no-cache/i.test(cacheControl);
}

function toEntry(res: Response, body: Buffer): Entry {
  const headers: Entry["headers"] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || NOT_STORED.has(name) || name === "vary") continue;
    headers.push([name, typeof value === "number" ? String(value) : value]);
  }
  if (!res.getHeader("cache-control")) headers.push(["cache-control", PUBLIC_CACHE_CONTROL]);
  // A shared cache must not hand this page to a request that carries cookies.
  const vary = res.getHeader("vary");
  headers.push(["vary", [vary, "Accept-Encoding", "Cookie"].filter(Boolean).join(", ")]);
  const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
  return { version: 0, headers, body, etag, raw: {} };
}

function send(req: Request, res: Response, entry: Entry, how: "HIT" | "MISS") {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("ETag", entry.etag);
  res.setHeader("X-Cache", how);
  if (notModified(req.headers["if-none-match"], entry.etag)) {
    res.removeHeader("content-type");
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body = encoded(entry, encoding);
  // Set before compression() looks: an encoded body is sent as it is.
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The same answer as `send(..., "HIT")`, straight on Node's response (GET only). */
function sendStored(req: IncomingMessage, res: ServerResponse, entry: Entry) {
  if (notModified(req.headers["if-none-match"], entry.etag)) {
    entry.raw["304"] ??= rawHeaders(entry, null, null);
    res.writeHead(304, entry.raw["304"]);
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body = encoded(entry, encoding);
  const answer = encoding ?? "identity";
  entry.raw[answer] ??= rawHeaders(entry, encoding, body.length);
  res.writeHead(200, entry.raw[answer]);
  res.end(body);
}

/** The headers `send` sets for a hit, as one flat list [name, value, name, value...]. */
function rawHeaders(entry: Entry, encoding: "br" | "gzip" | null, length: number | null): string[] {
  const raw: string[] = [];
  for (const [name, value] of entry.headers) {
    if (length === null && name === "content-type") continue;
    for (const v of Array.isArray(value) ? value : [value]) raw.push(name, v);
  }
  raw.push("etag", entry.etag, "x-cache", "HIT");
  if (encoding) raw.push("content-encoding", encoding);
  if (length !== null) raw.push("content-length", String(length));
  return raw;
}

/** The stored body in the encoding asked for (compressed now only when its copy is not ready yet). */
function encoded(entry: Entry, encoding: "br" | "gzip" | null): Buffer {
  if (encoding === "br") {
    entry.br ??= brotliCompressSync(entry.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } });
    return entry.br;
  }
  if (encoding === "gzip") {
    entry.gzip ??= gzipSync(entry.body, { level: 9 });
    return entry.gzip;
  }
  return entry.body;
}

function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}

/** The compression a request accepts (its q-values read), Brotli first; null: none. */
export function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return null;
}
