/**
 * The browser's side of the auth endpoints (/api/auth/*, Better Auth behind our rate limit):
 * plain fetch calls that answer which of the spec's messages to show (SPEC section 8).
 */
import {
  type AlertMessage,
  comingSoon,
  FIRST_PASSWORD_CODE,
  MAIL_NOT_QUEUED_CODE,
  firstPasswordSent,
  loginFailed,
  registerFailed,
  resetFailed,
  resetInvalidEmail,
  resetSent,
  resetUserNotFound,
  serverError,
  tooManyRequests,
} from "~/domain/messages";

/**
 * `json`: the answer was Better Auth's JSON. A proxy's HTML page, a network failure (status
 * 0) and the like are never read as the user's mistake.
 */
type AuthAnswer<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: string; message: string; json: boolean };

async function post<T>(path: string, body: unknown): Promise<AuthAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, code: "NETWORK", message: "", json: false };
  }
  const payload = (await response.json().catch(() => null)) as (T & { code?: string; message?: string }) | null;
  if (response.ok) return { ok: true, data: payload as T };
  return {
    ok: false,
    status: response.status,
    code: payload?.code ?? "",
    message: payload?.message ?? "",
    json: payload !== null,
  };
}

/** What Better Auth answers for what the person typed: bad input, wrong credentials, a taken address. */
const INPUT_STATUSES = new Set([400, 401, 422]);

/**
 * A failure answer as the alert to show, never nothing: 429 speaks of the limit; what the
 * person typed gets `otherwise` (the spec's 'Credenciales incorrectas'); anything else (a 403
 * 'Invalid origin', a 5xx, a network failure, a proxy's page) is the spec's 'Error del servidor'.
 */
function failure(answer: { status: number; json?: boolean }, otherwise: AlertMessage): AlertMessage {
  if (answer.status === 429) return tooManyRequests;
  if (INPUT_STATUSES.has(answer.status) && answer.json !== false) return otherwise;
  return serverError;
}

/** Logs in with email and password: null on success, else the alert to show. */
export async function signInWithEmail(email: string, password: string): Promise<AlertMessage | null> {
  const answer = await post("/sign-in/email", { email: email.trim(), password, rememberMe: true });
  return answer.ok ? null : signInFailure(answer);
}

/**
 * The alert for a refused log-in: the spec's 'Credenciales incorrectas', or for an account
 * brought from the old site without a password, 'Crea tu contraseña' (the mail is on its way).
 */
export function signInFailure(answer: { status: number; code: string; json?: boolean }): AlertMessage {
  if (answer.code === FIRST_PASSWORD_CODE) return firstPasswordSent;
  return failure(answer, loginFailed);
}

/**
 * Creates the account (the form only sends it with the terms ticked and a name) and logs in:
 * null on success, the server's Spanish words about the name when it refuses it, else the
 * alert to show.
 */
export async function signUpWithEmail(input: {
  name: string;
  email: string;
  password: string;
}): Promise<AlertMessage | { nameError: string } | null> {
  const answer = await post("/sign-up/email", {
    name: input.name.trim(),
    email: input.email.trim(),
    password: input.password,
    aceptaTerminos: true,
  });
  if (answer.ok) return null;
  if (answer.code === "INVALID_NAME" && answer.message) return { nameError: answer.message };
  return failure(answer, registerFailed);
}

export async function signOut(): Promise<boolean> {
  return (await post("/sign-out", {})).ok;
}

/** Sends the reset mail: the spec's success or one of its three failures. */
export async function requestPasswordReset(email: string): Promise<AlertMessage> {
  const answer = await post("/request-password-reset", { email: email.trim(), redirectTo: "/restablecer-contrasena" });
  if (answer.ok) return resetSent;
  if (answer.status === 429) return tooManyRequests;
  if (answer.code === "USER_NOT_FOUND") return resetUserNotFound;
  if (answer.code === MAIL_NOT_QUEUED_CODE) return resetFailed;
  if (answer.code === "INVALID_EMAIL" || answer.code === "VALIDATION_ERROR") return resetInvalidEmail;
  return resetFailed;
}

export type ResetAnswer = "ok" | "invalid-token" | "too-short" | "too-many" | "error";

/** Sets the new password with the token from the mail's link. */
export async function resetPassword(token: string, newPassword: string): Promise<ResetAnswer> {
  const answer = await post("/reset-password", { token, newPassword });
  if (answer.ok) return "ok";
  if (answer.status === 429) return "too-many";
  if (answer.code === "INVALID_TOKEN") return "invalid-token";
  if (answer.code === "PASSWORD_TOO_SHORT") return "too-short";
  return "error";
}

export type SocialProvider = "google" | "facebook";

/**
 * Starts a Google or Facebook log-in: the browser leaves for the provider and comes back to
 * this page with `?sesion=nueva|iniciada|error`. `registro` marks a sign-up from the
 * register view (terms ticked). Answers an alert when it cannot start: a provider without
 * keys is the spec's 'Próximamente'.
 */
export async function startSocialSignIn(provider: SocialProvider, registro: boolean): Promise<AlertMessage | null> {
  const here = returnPath();
  const answer = await post<{ url?: string }>("/sign-in/social", {
    provider,
    callbackURL: withParam(here, "iniciada"),
    newUserCallbackURL: withParam(here, "nueva"),
    errorCallbackURL: withParam(here, "error"),
    disableRedirect: true,
    ...(registro ? { additionalData: { intent: "registro" } } : {}),
  });
  if (answer.ok && answer.data.url) {
    window.location.assign(answer.data.url);
    return null;
  }
  if (!answer.ok && answer.status === 404) return comingSoon;
  return failure(answer.ok ? { status: 500 } : answer, serverError);
}

/** The current page without the overlay's and the auth result's own parameters. */
export function returnPath(): string {
  const url = new URL(window.location.href);
  for (const name of ["login", "sesion", "error", "error_description"]) url.searchParams.delete(name);
  return `${url.pathname}${url.search}`;
}

function withParam(path: string, sesion: string): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set("sesion", sesion);
  return `${url.pathname}${url.search}`;
}
