/**
 * Better Auth on our own database (users, sessions, accounts, verifications, rate limits):
 * email + password, the password-reset mail, Google and Facebook when their keys are set,
 * the user record's terms flag and lastLogin, and a rate limit on every auth write.
 * Created lazily: the database is opened at start-up, before the first request.
 */
import { acceptCourseInvitations } from "./school/invitations.server";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getOAuthState } from "better-auth/api";
import { type GenericOAuthConfig, genericOAuth } from "better-auth/plugins/generic-oauth";
import { eq, sql } from "drizzle-orm";
import { TEXT_LIMITS, anyControlCharacter, controlCharacters, textTooLong, tooManyAttempts } from "~/domain/limits";
import { MAIL_NOT_QUEUED_CODE, emailVerification, tooManyRequests } from "~/domain/messages";
import { validateProfileName } from "~/domain/profile";
import { TERMINOS_VERSION } from "./account/profile.server";
import { promoteListedAdmin } from "./admin/admin-emails.server";
import { getDb } from "./db/index.server";
import * as schema from "./db/schema";
import { contextual } from "./context.server";
import { env } from "./env.server";
import {
  VERIFICATION_LINK_SECONDS,
  VERIFIED_PATH,
  addressVerified,
  sendVerificationMail,
  verifiedByPasswordReset,
} from "./account/email-verification.server";
import { authLog, logError } from "./log.server";
import { escapeHtml, mailLayout, sendMail } from "./mail.server";
import { currentMode, isLoopbackOrigin } from "./mode.server";
import { throttle } from "./rate-limit.server";
import { serverSecret } from "./secret.server";
import {
  needsFirstPassword,
  offerFirstPassword,
  replaceFirebasePassword,
  sendFirstPasswordMail,
  verifyStoredPassword,
} from "./account/migrated-accounts.server";

/** Where the password-reset mail sends people: our page, which posts the new password. */
export const RESET_PASSWORD_PATH = "/restablecer-contrasena";

/**
 * The only header Better Auth reads the client IP from. We write it ourselves for every
 * request (http/auth.server.ts: `handleAuthRequest`) after dropping any value a client sent.
 */
export const CLIENT_IP_HEADER = "x-ip-cliente";

/**
 * Limits per client IP and path. Better Auth counts requests until a quiet gap as long as
 * the window, then starts again. Generous enough for a class of students on the studio's
 * wifi, tight enough to make guessing passwords pointless.
 */
const RATE_LIMITS = {
  "/sign-in/*": { window: 60, max: 20 },
  "/sign-up/*": { window: 60, max: 10 },
  // 5 reset mails per 15 minutes. Also keeps Better Auth's pruning of rate_limits (rows older
  // than its longest window) from deleting the 10-minute visit-code counters sharing the table.
  "/request-password-reset": { window: 15 * 60, max: 5 },
  "/reset-password": { window: 60, max: 10 },
  "/reset-password/*": { window: 60, max: 10 },
  "/sign-out": { window: 60, max: 30 },
  // the link of the 'Confirma tu correo' mail (its resending is throttled in resendVerificationMail)
  "/verify-email": { window: 60, max: 20 },
};

/** Endpoints Better Auth offers that this site does not use: closed rather than left open. */
const DISABLED_PATHS = [
  "/update-user",
  "/change-email",
  "/change-password",
  "/delete-user",
  "/delete-user/callback",
  "/link-social",
  "/unlink-account",
  "/list-accounts",
  // 'Reenviar enlace' goes through resendVerificationMail (our throttle, Spanish answers), not this.
  "/send-verification-email",
  "/refresh-token",
  "/get-access-token",
  "/account-info",
];

/** Google and Facebook through the generic OAuth plugin, so tests can point them at a stub. */
function socialProviders(): GenericOAuthConfig[] {
  const providers: GenericOAuthConfig[] = [];
  if (env.googleClientId && env.googleClientSecret) {
    providers.push({
      providerId: "google",
      name: "Google",
      clientId: env.googleClientId,
      clientSecret: env.googleClientSecret,
      ...env.googleOAuth,
      scopes: ["openid", "email", "profile"],
      // Google's stable id is `sub` (from the id token or the userinfo endpoint).
      accountSubject: ({ profile }) => String(profile.sub ?? profile.id ?? ""),
    });
  }
  if (env.facebookClientId && env.facebookClientSecret) {
    providers.push({
      providerId: "facebook",
      name: "Facebook",
      clientId: env.facebookClientId,
      clientSecret: env.facebookClientSecret,
      ...env.facebookOAuth,
      scopes: ["email", "public_profile"],
      pkce: false,
      accountSubject: ({ profile }) => String(profile.id ?? ""),
      mapProfileToUser: (profile) => {
        const picture = profile.picture as { data?: { url?: string } } | string | undefined;
        return { image: typeof picture === "string" ? picture : picture?.data?.url };
      },
    });
  }
  return providers;
}

/** What the register view sends along with a social sign-up (the terms box was ticked). */
export const SOCIAL_SIGN_UP_INTENT = "registro";

/**
 * SPEC section 4: email or social sign-up stores terminos = true (the register views require
 * the box); a first social log-in through the log-in path stores terminos = false.
 */
async function termsAtSignUp(path: string | undefined): Promise<boolean> {
  if (path === "/sign-up/email") return true;
  if (path?.startsWith("/callback/")) {
    const state = (await getOAuthState()) as { intent?: unknown } | null;
    return state?.intent === SOCIAL_SIGN_UP_INTENT;
  }
  return false;
}

const isEmail = (value: unknown): value is string =>
  typeof value === "string" && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/**
 * Better Auth trusts PUBLIC_URL's origin. The demo on this machine also trusts every loopback
 * origin: a laptop opens it as localhost or 127.0.0.1, on any port, alike (ADR 013).
 */
function loopbackOrigins(request?: Request): string[] {
  const origin = request?.headers.get("origin");
  return origin && isLoopbackOrigin(origin) ? [origin] : [];
}

/**
 * Requests whose reset mail could not be queued (the outbox's insert failed): the after hook
 * answers them MAIL_NOT_QUEUED ("Error al enviar el correo. Intenta más tarde.") instead of
 * Better Auth's "check your email".
 */
const unqueuedResets = new WeakSet<Request>();

/** The reset mail (or, for an imported account without a password, the first-password mail). */
async function sendResetMail(user: { id: string; email: string; name: string }, token: string): Promise<void> {
  const link = `${env.publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
  if (await needsFirstPassword(user.id)) return sendFirstPasswordMail(user, link);
  await sendMail({
    to: user.email,
    subject: "Restablece tu contraseña",
    text:
      `Hola ${user.name}:\n\nRecibimos una solicitud para restablecer la contraseña de tu cuenta.\n` +
      `Abre este enlace para elegir una nueva (vence en una hora):\n\n${link}\n\n` +
      "Si no fuiste tú, ignora este correo: tu contraseña no cambia.\n\nMichel Alvarez",
    html: mailLayout(
      "Restablece tu contraseña",
      `<p>Hola ${escapeHtml(user.name)}:</p>
<p>Recibimos una solicitud para restablecer la contraseña de tu cuenta. Elige una nueva con el botón (el enlace vence en una hora).</p>
<p style="text-align:center;padding:16px 0"><a href="${escapeHtml(link)}" style="background:#4a3630;color:#fbf7f2;text-decoration:none;padding:12px 24px;border-radius:999px;display:inline-block">Elegir nueva contraseña</a></p>
<p style="font-size:13px;color:#7a6a62">Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(link)}</p>
<p style="font-size:13px;color:#7a6a62">Si no fuiste tú, ignora este correo: tu contraseña no cambia.</p>`,
    ),
  });
}

function createAuth() {
  const mode = currentMode();
  return betterAuth({
    appName: "Michel Alvarez",
    baseURL: env.publicUrl,
    secret: serverSecret(),
    trustedOrigins: mode.loopback ? loopbackOrigins : [],
    database: drizzleAdapter(getDb(), {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: TEXT_LIMITS.contrasena,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Accounts imported from the old site may hold a Firebase hash (account/migrated-accounts.server.ts).
      password: { verify: verifyStoredPassword },
      // The reset link went to the account's mailbox: using it proves the address (issue 25).
      onPasswordReset: async ({ user }) => verifiedByPasswordReset(getDb(), user.id),
      // Better Auth logs a failure here and answers "revisa tu correo" all the same: a mail
      // that could not even be queued marks the request, and the after hook says so instead.
      sendResetPassword: async ({ user, token }, request) => {
        try {
          await sendResetMail(user, token);
        } catch (error) {
          if (request) unqueuedResets.add(request);
          throw error;
        }
      },
    },
    // Issue 25: sign-up mails a link that verifies the address; the session right after sign-up
    // stays (log-in does not require it), but nothing joins the account through its address
    // until it is verified (account/email-verification.server.ts).
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: sendVerificationMail,
      // The address is verified by now; should this fail, the next /mis-citas attaches the
      // guest appointments and the next log-in promotes ADMIN_EMAILS.
      afterEmailVerification: async (user) =>
        addressVerified(getDb(), user.id).catch((error) => logError("Tras verificar un correo", error)),
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "cliente", input: false },
        terminos: { type: "boolean", required: false, defaultValue: false, input: false },
        terminosAceptadosEn: { type: "date", required: false, input: false },
        terminosVersion: { type: "string", required: false, input: false },
        lastLogin: { type: "date", required: false, input: false },
      },
    },
    plugins: [genericOAuth({ config: socialProviders() })],
    disabledPaths: DISABLED_PATHS,
    // Its messages may carry an address or a failed mail's recipients: written redacted.
    logger: { level: "warn", log: authLog },
    rateLimit: { enabled: true, storage: "database", window: 60, max: 100, customRules: RATE_LIMITS },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: mode.secureCookies,
      // Better Auth skips its origin check under NODE_ENV=test: tests check what production runs.
      disableOriginCheck: false,
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // The same rule as the pages' form gate (http/form-gate.server.ts): PostgreSQL refuses
        // U+0000, and a NUL in a log-in address was a 500.
        if (anyControlCharacter(ctx.body) || anyControlCharacter(ctx.query)) {
          throw new APIError("BAD_REQUEST", { code: "CONTROL_CHARACTERS", message: controlCharacters.text });
        }
        if (ctx.path === "/sign-up/email") {
          if (ctx.body?.aceptaTerminos !== true) {
            // The register form cannot be sent unticked; this refuses anyone skipping it.
            throw new APIError("BAD_REQUEST", {
              code: "TERMS_NOT_ACCEPTED",
              message: "Debes aceptar los términos y condiciones.",
            });
          }
          // SPEC section 5: registration needs a name, by the same rule as the profile's.
          const checked = validateProfileName(ctx.body?.name);
          if ("error" in checked) throw new APIError("BAD_REQUEST", { code: "INVALID_NAME", message: checked.error });
          const email = ctx.body?.email;
          if (typeof email !== "string" || email.length > TEXT_LIMITS.correo) {
            const { text } = textTooLong("correo", TEXT_LIMITS.correo);
            throw new APIError("BAD_REQUEST", { code: "INVALID_EMAIL", message: text });
          }
          // The verification link always ends on our page, whatever the request asked.
          return { context: { body: { ...ctx.body, name: checked.nombre, callbackURL: VERIFIED_PATH } } };
        }
        if (ctx.path === "/request-password-reset") {
          // SPEC section 8 distinguishes an invalid address and an unknown user, so we say so
          // (Better Auth alone would answer the same for both, on purpose).
          const email = ctx.body?.email;
          if (!isEmail(email)) throw new APIError("BAD_REQUEST", { code: "INVALID_EMAIL", message: "Invalid email" });
          const [found] = await getDb()
            .select({ id: schema.user.id })
            .from(schema.user)
            .where(eq(sql`lower(${schema.user.email})`, email.trim().toLowerCase()))
            .limit(1);
          if (!found) throw new APIError("NOT_FOUND", { code: "USER_NOT_FOUND", message: "User not found" });
        }
        if (ctx.path === "/sign-in/email") {
          // An imported account without a password gets the 'Crea tu contraseña' mail instead.
          await offerFirstPassword(ctx.body?.email, (email) => getAuth().api.requestPasswordReset({ body: { email } }));
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/request-password-reset" && ctx.request && unqueuedResets.has(ctx.request)) {
          throw new APIError("SERVICE_UNAVAILABLE", {
            code: MAIL_NOT_QUEUED_CODE,
            message: "No pudimos enviar el correo. Intenta más tarde.",
          });
        }
        // A Firebase hash is used once: after the log-in it verified, the password is re-stored with ours.
        const signedIn = ctx.path === "/sign-in/email" ? ctx.context.newSession : null;
        if (signedIn && typeof ctx.body?.password === "string") {
          await replaceFirebasePassword(signedIn.user.id, () => ctx.context.password.hash(ctx.body.password));
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            const terminos = await termsAtSignUp(ctx?.path);
            return {
              data: {
                ...user,
                role: "cliente",
                terminos,
                terminosAceptadosEn: terminos ? new Date() : null,
                terminosVersion: terminos ? TERMINOS_VERSION : null,
              },
            };
          },
        },
      },
      session: {
        create: {
          // Every log-in (email, social, or the automatic one after sign-up) creates a session.
          after: async (session) => {
            await getDb().update(schema.user).set({ lastLogin: new Date() }).where(eq(schema.user.id, session.userId));
            // ADMIN_EMAILS (a first set-up): listed addresses become admin at log-in, once verified.
            await promoteListedAdmin(getDb(), session.userId);
            // a verified account's pending course invitations (ADR 047)
            await acceptCourseInvitations(getDb(), session.userId).catch((error) =>
              logError("Al aceptar invitaciones a cursos", error),
            );
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const AUTH = Symbol("auth");

/** The application context's auth instance (built once per context from its settings and database). */
export function getAuth(): Auth {
  return contextual(AUTH, createAuth);
}

/** Which social providers are configured (their buttons show 'Próximamente' otherwise). */
export function configuredSocialProviders(): string[] {
  return socialProviders().map((p) => p.providerId);
}

/**
 * Better Auth's answer to a request for /api/auth/* (the HTTP handler: http/auth.server.ts),
 * its 429 in Spanish.
 */
export async function answerAuthRequest(request: Request): Promise<Response> {
  const response = await getAuth().handler(request);
  if (response.status !== 429) return response;
  // Better Auth's own 429 text is English; the site speaks Spanish.
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  const retryAfter = headers.get("X-Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return new Response(JSON.stringify({ code: "TOO_MANY_REQUESTS", message: tooManyRequests.text }), {
    status: 429,
    headers,
  });
}

export type ResendAnswer = { ok: boolean; status: number; message: string; retryAfterSeconds?: number };

/**
 * 'Reenviar enlace': mails the logged-in account a new verification link (Better Auth makes
 * it; our throttle 'verificacion' limits how often, per IP and per account).
 */
export async function resendVerificationMail(
  request: Request,
  who: { ip: string | undefined; user: { id: string; email: string; emailVerified: boolean } },
): Promise<ResendAnswer> {
  if (who.user.emailVerified) return { ok: true, status: 200, message: emailVerification.alreadyVerified };
  const limit = await throttle(getDb(), "verificacion", { ip: who.ip, userId: who.user.id });
  if (!limit.allowed) {
    const { text } = tooManyAttempts(limit.retryAfterSeconds);
    return { ok: false, status: 429, message: text, retryAfterSeconds: limit.retryAfterSeconds };
  }
  try {
    await getAuth().api.sendVerificationEmail({
      body: { email: who.user.email, callbackURL: VERIFIED_PATH },
      headers: request.headers,
    });
  } catch (error) {
    if ((error as { body?: { code?: string } }).body?.code === "EMAIL_ALREADY_VERIFIED") {
      return { ok: true, status: 200, message: emailVerification.alreadyVerified };
    }
    logError("No se pudo enviar el enlace de verificación", error);
    return { ok: false, status: 502, message: emailVerification.sendFailed };
  }
  return { ok: true, status: 200, message: emailVerification.sent(who.user.email) };
}
