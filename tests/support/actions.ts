/**
 * Calls a route module's action (or loader) the way React Router does, with a form body,
 * cookies and the load context's client IP, and reads back what it answered, whether it
 * returned data(), a plain object or a Response, or threw one.
 *
 *   const answer = await callAction(productAction, "/producto/serum", { intent: "add", cantidad: "2" },
 *     { params: { id: "serum" }, cookie, ip: "203.0.113.9" });
 *   answer.status; answer.body; answer.headers
 *
 * Actions run behind the form gate production puts in front of every action
 * (app/server/http/form-gate.server.ts): a form with control characters never reaches them.
 */
import { gateForm } from "~/server/http/form-gate.server";

export type ActionAnswer = { status: number; body: Record<string, unknown>; headers: Headers };

export async function callAction(
  action: unknown,
  path: string,
  fields: Record<string, string | Blob> | FormData,
  {
    ip = "198.51.100.1",
    cookie = "",
    params = {},
  }: { ip?: string; cookie?: string; params?: Record<string, string> } = {},
): Promise<ActionAnswer> {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  let body: FormData | URLSearchParams;
  if (fields instanceof FormData) body = fields;
  else if (Object.values(fields).some((v) => typeof v !== "string")) {
    body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
  } else body = new URLSearchParams(fields as Record<string, string>);
  const request = new Request(`http://localhost${path}`, { method: "POST", headers, body });
  let result: unknown;
  try {
    const gated = gateForm(action as (args: { request: Request }) => Promise<unknown>);
    result = await (gated as (args: unknown) => Promise<unknown>)({ request, params, context: { clientIp: ip } });
  } catch (thrown) {
    result = thrown;
  }
  return readAnswer(result);
}

/** Calls a route module's loader with a GET of `path` (cookies, params) and reads its answer like callAction. */
export async function callLoader(
  loader: unknown,
  path: string,
  { cookie = "", params = {} }: { cookie?: string; params?: Record<string, string> } = {},
): Promise<ActionAnswer> {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`http://localhost${path}`, { headers });
  let result: unknown;
  try {
    result = await (loader as (args: unknown) => Promise<unknown>)({ request, params, context: {} });
  } catch (thrown) {
    result = thrown;
  }
  return readAnswer(result);
}

function readAnswer(result: unknown): ActionAnswer {
  if (result instanceof Response) return { status: result.status, body: {}, headers: result.headers };
  const r = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (r?.type === "DataWithResponseInit") {
    return {
      status: r.init?.status ?? 200,
      body: (r.data ?? {}) as Record<string, unknown>,
      headers: new Headers(r.init?.headers),
    };
  }
  if (result instanceof Error) throw result;
  return { status: 200, body: result as Record<string, unknown>, headers: new Headers() };
}
