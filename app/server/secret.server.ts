/**
 * The server's secret, in one place: it signs sessions (Better Auth), the checkout cookie and
 * the exam's answer ids. `BETTER_AUTH_SECRET` in a deployment; a development value, public in
 * this repository, only when none is set (the demo on a laptop). A deployment does not start
 * without an acceptable one (mode.server.ts, ADR 013).
 */
import { env } from "./env.server";

/** Public in the repository: never acceptable in a deployment. */
export const DEVELOPMENT_SECRET = "desarrollo-local-cambia-este-secreto-en-produccion";

/** Better Auth's own advice; shorter secrets are guessable offline from one signed cookie. */
export const MIN_SECRET_LENGTH = 32;

/** What makes a secret unfit for a deployment, or null when it is fit. */
export function secretProblem(secret: string | undefined): "missing" | "short" | "development" | null {
  if (!secret) return "missing";
  if (secret === DEVELOPMENT_SECRET) return "development";
  if (secret.length < MIN_SECRET_LENGTH) return "short";
  return null;
}

export function serverSecret(): string {
  return env.authSecret ?? DEVELOPMENT_SECRET;
}
