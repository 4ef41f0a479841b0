/**
 * The one place where the text of every posted page form is read before its action runs:
 * a form (urlencoded or multipart) whose field names or text values carry a control
 * character (U+0000 and the rest of C0, DEL; tab and line breaks are allowed, multi-line
 * fields have them) is refused whole with a Spanish 400, before the action, and so before
 * anything touches the database (PostgreSQL refuses U+0000 in text: that was a 500, and
 * its error carried the form's values into the log). The rule is `hasControlCharacter` in
 * app/domain/limits.ts.
 *
 * The gate reads a copy of the body (`request.clone()`; page bodies are at most 1 MB,
 * body-limit.server.ts), so the action reads the request as it always did, as FormData or
 * as text. Files are not looked into: their bytes are theirs. The one body allowed past 1 MB,
 * an admin's form with files (up to a 2 GB video), is never copied: the streaming reader
 * that spools its files applies the same rule to its text fields (multipart.server.ts).
 *
 *   server/app.ts:  withDatabaseFaults(withFormGate(build))
 *   tests:          callAction (tests/support/actions.ts) runs every action through `gateForm`
 */
import { type ServerBuild, data } from "react-router";
import { BODY_LIMIT_BYTES, controlCharacters, hasControlCharacter } from "~/domain/limits";

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/** Throws a 400 with the Spanish refusal when the request's form carries control characters. */
export async function refuseControlCharacters(request: Request): Promise<void> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return;
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) return;
  // An admin's upload form past the default limit: its reader checks its fields as they stream.
  if (Number(request.headers.get("content-length")) > BODY_LIMIT_BYTES) return;
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    // Not a readable form: the action answers it as it answers any malformed body.
    return;
  }
  for (const [name, value] of form.entries()) {
    const textual = typeof value === "string" ? value : "";
    if (hasControlCharacter(name) || hasControlCharacter(textual, { multiline: true })) {
      throw data(controlCharacters, { status: 400, headers: { "Cache-Control": "no-store" } });
    }
  }
}

/** An action behind the gate. */
// biome-ignore lint/suspicious/noExplicitAny: any action's arguments (they carry the request)
export function gateForm<A extends (args: any, ...rest: any[]) => unknown>(action: A): A {
  const run = action as unknown as (...params: unknown[]) => unknown;
  const gated = async (...params: unknown[]) => {
    await refuseControlCharacters((params[0] as { request: Request }).request);
    return run(...params);
  };
  return gated as unknown as A;
}

const gatedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/** The server build with every route's action behind the gate (loaders read no bodies). */
export function withFormGate(build: ServerBuild): ServerBuild {
  let gated = gatedBuilds.get(build);
  if (!gated) {
    const routes: ServerBuild["routes"] = {};
    for (const [id, route] of Object.entries(build.routes)) {
      if (!route) continue;
      const { action } = route.module;
      routes[id] = action ? { ...route, module: { ...route.module, action: gateForm(action) } } : route;
    }
    gated = { ...build, routes };
    gatedBuilds.set(build, gated);
  }
  return gated;
}
