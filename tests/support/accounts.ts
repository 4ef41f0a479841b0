/**
 * Accounts for tests against a running server. Auth writes are rate-limited per client IP,
 * and in tests every request comes from 127.0.0.1; these helpers send theirs from another
 * loopback address (127.x.y.z, all local on Linux) so they never use up the limit of the
 * browser tests.
 *
 *   const account = await createAccount(baseURL);              // signed up and logged in
 *   await context.addCookies(sessionCookies(baseURL, account)); // a Playwright context logged in
 */
import { randomBytes, randomInt } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string; setCookies: string[] };

/** A random loopback address other than 127.0.0.1: a rate-limit bucket of its own. */
export function randomLoopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;
}

/** One HTTP request from a chosen local address (Node's fetch cannot choose it). */
export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, localAddress: options.localAddress },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            setCookies: response.headers["set-cookie"] ?? [],
          }),
        );
      },
    );
    request.on("error", reject);
    if (options.body) request.write(options.body);
    request.end();
  });
}

/** POSTs JSON to Better Auth the way our pages do (same Origin). */
export function postAuth(baseURL: string, path: string, body: unknown, localAddress?: string, cookie?: string) {
  return httpRequest(`${baseURL}/api/auth${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: baseURL,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
    localAddress,
  });
}

/** `name=value; name2=value2` from Set-Cookie headers (cookies being deleted left out). */
export function cookieHeader(setCookies: string[]): string {
  return setCookies
    .map((c) => c.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
}

export type TestAccount = { name: string; email: string; password: string; cookie: string };

/** Signs up a new account (terms accepted, as the register form does) and keeps its session. */
export async function createAccount(
  baseURL: string,
  input: Partial<Omit<TestAccount, "cookie">> = {},
): Promise<TestAccount> {
  const suffix = randomBytes(4).toString("hex");
  const account = {
    name: input.name ?? `Prueba ${suffix}`,
    email: input.email ?? `prueba-${suffix}@example.com`,
    password: input.password ?? `clave-${suffix}-segura`,
  };
  const answer = await postAuth(
    baseURL,
    "/sign-up/email",
    { ...account, aceptaTerminos: true },
    randomLoopbackAddress(),
  );
  if (answer.status !== 200) throw new Error(`No se pudo crear la cuenta (${answer.status}): ${answer.body}`);
  return { ...account, cookie: cookieHeader(answer.setCookies) };
}

/** Logs an existing account in again (a new session) from its own loopback address. */
export async function logIn(baseURL: string, email: string, password: string): Promise<string> {
  const answer = await postAuth(baseURL, "/sign-in/email", { email, password }, randomLoopbackAddress());
  if (answer.status !== 200) throw new Error(`No se pudo iniciar sesión (${answer.status}): ${answer.body}`);
  return cookieHeader(answer.setCookies);
}

/** The session cookies of an account, for Playwright's `context.addCookies`. */
export function sessionCookies(baseURL: string, account: { cookie: string }) {
  return account.cookie.split("; ").map((pair) => {
    const index = pair.indexOf("=");
    return { name: pair.slice(0, index), value: pair.slice(index + 1), url: baseURL };
  });
}

/** The first link to `pathname` in a raw .eml (its parts may be quoted-printable). */
export function linkInMail(raw: string, pathname: string): string | null {
  const decoded = Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
  const escaped = pathname.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return decoded.match(new RegExp(`https?://[^\\s"<>]+${escaped}[^\\s"<>]*`))?.[0]?.replace(/&amp;/g, "&") ?? null;
}

/**
 * Signs up inside a Playwright browser context (its cookie jar keeps the session), the way
 * the register view does it. The request comes from 127.0.0.1: use it sparingly (the
 * sign-up limit counts per address) or prefer createAccount + sessionCookies.
 */
export async function signUpInBrowser(
  context: { request: { post: (url: string, options: { data: unknown; headers: Record<string, string> }) => Promise<{ ok(): boolean; text(): Promise<string> }> } },
  baseURL: string,
  input: { name?: string; email?: string; password?: string } = {},
): Promise<{ name: string; email: string; password: string }> {
  const suffix = randomBytes(4).toString("hex");
  const account = {
    name: input.name ?? `Prueba ${suffix}`,
    email: input.email ?? `prueba-${suffix}@example.com`,
    password: input.password ?? "contraseña-segura-1",
  };
  const response = await context.request.post(`${baseURL}/api/auth/sign-up/email`, {
    data: { ...account, aceptaTerminos: true },
    headers: { Origin: baseURL },
  });
  if (!response.ok()) throw new Error(`No se pudo crear la cuenta: ${await response.text()}`);
  return account;
}

/**
 * A Google or Facebook log-in as a browser does it, against the local OAuth stub: our server
 * → the provider → our callback. `intent` is what the register view sends (terms ticked).
 */
export async function socialLogInThroughStub(
  baseURL: string,
  stubURL: string,
  provider: "google" | "facebook",
  intent?: string,
) {
  const start = await postAuth(baseURL, "/sign-in/social", {
    provider,
    callbackURL: "/?sesion=iniciada",
    newUserCallbackURL: "/?sesion=nueva",
    errorCallbackURL: "/?sesion=error",
    disableRedirect: true,
    ...(intent ? { additionalData: { intent } } : {}),
  });
  if (start.status !== 200)
    throw new Error(`No se pudo empezar el acceso con ${provider} (${start.status}): ${start.body}`);
  const { url } = JSON.parse(start.body) as { url: string };
  if (!url.startsWith(`${stubURL}/${provider}/authorize`)) throw new Error(`El acceso no fue al proveedor: ${url}`);
  const atProvider = await httpRequest(url);
  const callback = await httpRequest(String(atProvider.headers.location), {
    headers: { Cookie: cookieHeader(start.setCookies) },
  });
  return {
    status: callback.status,
    location: String(callback.headers.location ?? ""),
    cookie: cookieHeader(callback.setCookies),
  };
}

/** Serves an Express app (the auth mount, say) on a free port of 127.0.0.1: its base URL and how to stop it. */
export async function listenOnLoopback(app: Express): Promise<{ baseURL: string; close: () => Promise<void> }> {
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
