/**
 * The server's secret, in one place: it signs sessions (Better Auth), the checkout cookie and
 * the exam's answer ids. `BETTER_AUTH_SECRET` in a deployment; a development value, public in
 * this repository, only when none is set (the demo on a laptop).
 */
import { env } from "./env.server";

/** Public in the repository: never acceptable in a deployment. */
export const DEVELOPMENT_SECRET = "desarrollo-local-cambia-este-secreto-en-produccion";

export function serverSecret(): string {
  return env.authSecret ?? DEVELOPMENT_SECRET;
}
