/**
 * What log-out needs, fetched on the first "Cerrar Sesión" (account-menu.tsx) instead of with
 * every page: the auth client and the messages it shows (ADR 019).
 */
import { signOut } from "~/components/auth/auth-client";
import { type AlertMessage, logout, serverError } from "~/domain/messages";

/** Ends the session; the message to show, and whether it worked. */
export async function logOutMessage(): Promise<{ ok: boolean; message: AlertMessage }> {
  const ok = await signOut();
  return { ok, message: ok ? logout : serverError };
}
