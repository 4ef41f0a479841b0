/**
 * POST from the login overlay's '¿Tienes un código?' view: a known code goes to the
 * client's visit page; otherwise the spec's alert (missing, unknown) or too many tries.
 */
import { data, redirect } from "react-router";
import { getDb } from "~/server/db/index.server";
import { lookupVisitCode } from "~/server/visits/visits.server";
import type { Route } from "./+types/api.codigo-visita";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await lookupVisitCode(getDb(), String(form.get("codigo") ?? ""), context.clientIp);
  if (result.ok) return redirect(result.url);
  const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
  return data({ message: result.message }, { status: result.status, headers });
}
