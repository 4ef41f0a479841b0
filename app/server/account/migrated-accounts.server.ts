/**
 * Accounts brought from the original site (Firebase Authentication + the `user` collection)
 * by the importer, and the two things they need at log-in:
 *
 * 1. **Their old password works once.** The importer stores Firebase's password hash as the
 *    credential account's password, self-contained: `firebase-scrypt$memCost$rounds$
 *    saltSeparator$signerKey$salt$hash` (all base64 but the two numbers). Better Auth's
 *    `password.verify` (auth.server.ts) sends such a hash to `firebase-scrypt`'s verifier
 *    (Firebase's modified scrypt: scrypt of password + salt + separator, then AES-256-CTR of
 *    the signer key) and any other to Better Auth's own. After a successful email log-in the
 *    sign-in hook re-stores the password with our own hashing, so the Firebase hash is used
 *    once and never again.
 * 2. **No password yet → 'Crea tu contraseña'.** An account that arrived without a hash
 *    (Google/Facebook only, or a `user` document without an Authentication entry) answers
 *    its first email log-in attempt with a mail to create a password (Better Auth's reset
 *    flow, so the link opens /restablecer-contrasena) and the code FIRST_PASSWORD_CODE, which
 *    the log-in overlay shows as 'Crea tu contraseña'. One mail per link lifetime: later
 *    attempts within the hour only repeat the notice.
 */
import { verifyPassword as verifyOwnPassword } from "better-auth/crypto";
import { APIError } from "better-auth/api";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { FIRST_PASSWORD_CODE } from "~/domain/messages";
import { FirebaseScrypt } from "firebase-scrypt";
import { getDb } from "../db/index.server";
import { account, cuentasImportadas, user } from "../db/schema";
import { escapeHtml, mailLayout, sendMail } from "../mail.server";

// ---------------------------------------------------------------- Firebase password hashes

/** The project's hash parameters (Firebase console → Authentication → Password hash parameters). */
export type FirebaseHashParams = { signerKey: string; saltSeparator: string; rounds: number; memCost: number };

const FIREBASE_PREFIX = "firebase-scrypt";

/** The credential password the importer stores for a Firebase user with a password. */
export function firebasePasswordHash(params: FirebaseHashParams, salt: string, hash: string): string {
  return [FIREBASE_PREFIX, params.memCost, params.rounds, params.saltSeparator, params.signerKey, salt, hash].join("$");
}

export function isFirebasePasswordHash(stored: string): boolean {
  return stored.startsWith(`${FIREBASE_PREFIX}$`);
}

function parseFirebaseHash(stored: string) {
  const parts = stored.split("$");
  if (parts.length !== 7 || parts[0] !== FIREBASE_PREFIX) return null;
  const [, memCost, rounds, saltSeparator, signerKey, salt, hash] = parts as [string, ...string[]];
  const params = { memCost: Number(memCost), rounds: Number(rounds), saltSeparator, signerKey };
  if (!Number.isInteger(params.memCost) || !Number.isInteger(params.rounds) || !salt || !hash) return null;
  return { params, salt, hash };
}

/** Better Auth's `password.verify`: a Firebase hash with Firebase's scrypt, anything else with ours. */
export async function verifyStoredPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  if (!isFirebasePasswordHash(hash)) return verifyOwnPassword({ hash, password });
  const firebase = parseFirebaseHash(hash);
  if (!firebase || !password) return false;
  try {
    return await new FirebaseScrypt(firebase.params).verify(password, firebase.salt, firebase.hash);
  } catch {
    return false;
  }
}

/**
 * After a successful email log-in: when the user's credential still holds a Firebase hash,
 * replace it with `ownHash` (Better Auth's hashing of the password just verified). Answers
 * whether it did.
 */
export async function replaceFirebasePassword(userId: string, ownHash: () => Promise<string>): Promise<boolean> {
  const db = getDb();
  const [credential] = await db
    .select({ id: account.id, password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  if (!credential?.password || !isFirebasePasswordHash(credential.password)) return false;
  const replaced = await db
    .update(account)
    .set({ password: await ownHash(), updatedAt: new Date() })
    .where(and(eq(account.id, credential.id), eq(account.password, credential.password)))
    .returning({ id: account.id });
  return replaced.length > 0;
}

// ---------------------------------------------------------------- first password

/** How long the mail's link works (Better Auth's resetPasswordTokenExpiresIn): one mail per link. */
const FIRST_PASSWORD_MAIL_EVERY_MS = 60 * 60 * 1000;

/** An imported account without a password of its own (no credential, or one without a password). */
async function waitingForPassword(userId: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ userId: cuentasImportadas.userId, password: account.password })
    .from(cuentasImportadas)
    .leftJoin(account, and(eq(account.userId, cuentasImportadas.userId), eq(account.providerId, "credential")))
    .where(eq(cuentasImportadas.userId, userId))
    .limit(1);
  return Boolean(row && !row.password);
}

/** Whether the reset mail for this user should be the 'Crea tu contraseña' one. */
export const needsFirstPassword = waitingForPassword;

/**
 * The sign-in hook's part (before the password is checked): an imported account without a
 * password gets the 'Crea tu contraseña' mail through `requestReset` (Better Auth's reset
 * flow) unless one went out within the link's hour, and the attempt is answered with
 * FIRST_PASSWORD_CODE. Any other account goes on to the normal log-in.
 */
export async function offerFirstPassword(email: unknown, requestReset: (email: string) => Promise<unknown>) {
  if (typeof email !== "string" || !email.trim()) return;
  const db = getDb();
  const [found] = await db
    .select({ userId: user.id })
    .from(user)
    .innerJoin(cuentasImportadas, eq(cuentasImportadas.userId, user.id))
    // Better Auth and the importer store e-mails in lower case: the unique index answers.
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  if (!found || !(await waitingForPassword(found.userId))) return;

  // Claim the mail atomically: two attempts at once send one mail.
  const claimed = await db
    .update(cuentasImportadas)
    .set({ correoContrasenaEn: new Date() })
    .where(
      and(
        eq(cuentasImportadas.userId, found.userId),
        or(
          isNull(cuentasImportadas.correoContrasenaEn),
          lt(cuentasImportadas.correoContrasenaEn, new Date(Date.now() - FIRST_PASSWORD_MAIL_EVERY_MS)),
        ),
      ),
    )
    .returning({ userId: cuentasImportadas.userId });
  if (claimed.length) {
    await requestReset(email.trim());
    // Better Auth logs a failed mail and carries on; sendFirstPasswordMail then gave the claim back.
    const [after] = await db
      .select({ sent: cuentasImportadas.correoContrasenaEn })
      .from(cuentasImportadas)
      .where(eq(cuentasImportadas.userId, found.userId));
    if (!after?.sent) {
      throw new APIError("INTERNAL_SERVER_ERROR", { message: "No se pudo enviar el correo para crear tu contraseña." });
    }
  }
  throw new APIError("FORBIDDEN", {
    code: FIRST_PASSWORD_CODE,
    message: "Tu cuenta aún no tiene contraseña en el sitio nuevo: te enviamos un correo para crearla.",
  });
}

/**
 * The mail: same link as a reset (it opens /restablecer-contrasena), worded for a first
 * password. When it cannot be sent (mail server down), the claim is given back so that the
 * next attempt sends it instead of waiting for the hour to pass.
 */
export async function sendFirstPasswordMail(to: { id: string; email: string; name: string }, link: string) {
  try {
    await firstPasswordMail(to, link);
  } catch (error) {
    await getDb()
      .update(cuentasImportadas)
      .set({ correoContrasenaEn: null })
      .where(eq(cuentasImportadas.userId, to.id));
    throw error;
  }
}

function firstPasswordMail(to: { email: string; name: string }, link: string): Promise<void> {
  return sendMail({
    to: to.email,
    subject: "Crea tu contraseña",
    text:
      `Hola ${to.name}:\n\nEstrenamos sitio y tu cuenta ya está aquí, con tus cursos y tus compras.\n` +
      `Para entrar con tu correo, crea tu contraseña en este enlace (vence en una hora):\n\n${link}\n\n` +
      "Si no fuiste tú, ignora este correo.\n\nMichel Alvarez",
    html: mailLayout(
      "Crea tu contraseña",
      `<p>Hola ${escapeHtml(to.name)}:</p>
<p>Estrenamos sitio y tu cuenta ya está aquí, con tus cursos y tus compras. Para entrar con tu correo, crea tu contraseña con el botón (el enlace vence en una hora).</p>
<p style="text-align:center;padding:16px 0"><a href="${escapeHtml(link)}" style="background:#4a3630;color:#fbf7f2;text-decoration:none;padding:12px 24px;border-radius:999px;display:inline-block">Crear mi contraseña</a></p>
<p style="font-size:13px;color:#7a6a62">Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(link)}</p>
<p style="font-size:13px;color:#7a6a62">Si no fuiste tú, ignora este correo.</p>`,
    ),
  });
}
