/**
 * Verified e-mail addresses (issue 25). Nothing is attached to an account through its
 * address until the account proved it owns that address; this module says what a proof is
 * and what follows from one.
 *
 * Proofs: the link of the 'Confirma tu correo' mail (Better Auth's e-mail verification,
 * sent at sign-up and by 'Reenviar enlace'), a password reset (its link went to the same
 * mailbox), a Google or Facebook log-in (the provider vouches), the create-admin command,
 * and for accounts brought from the old site Firebase's own flag (the importer).
 *
 * What follows (`addressVerified`): guest appointments booked with the address join the
 * account (/mis-citas), and an ADMIN_EMAILS address gets the admin role.
 */
import { eq } from "drizzle-orm";
import { acceptCourseInvitations } from "../school/invitations.server";
import { promoteListedAdmin } from "../admin/admin-emails.server";
import { attachGuestAppointments } from "../booking/appointments.server";
import type { Db } from "../db/client.server";
import { user } from "../db/schema";
import { escapeHtml, mailLayout, sendMail } from "../mail.server";

/** The page the verification link ends on (Better Auth's callbackURL; `?error=CODE` when it failed). */
export const VERIFIED_PATH = "/verificar-correo";

/** How long a verification link works: a day, so a mail read the next morning still works. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

/** Better Auth's `sendVerificationEmail`: the 'Confirma tu correo' mail with the link it made. */
export async function sendVerificationMail({ user: to, url }: { user: { name: string; email: string }; url: string }) {
  const title = "Confirma tu correo";
  await sendMail({
    to: to.email,
    subject: `${title} | Michel Alvarez`,
    text:
      `Hola ${to.name}:\n\nAbre este enlace para confirmar que este correo es tuyo (vence en 24 horas):\n\n${url}\n\n` +
      "Al confirmarlo verás en tu cuenta las citas que agendaste con este correo.\n\n" +
      "Si tú no creaste una cuenta en michelalvarez.mx, no abras el enlace: ignora este correo y nadie podrá usar tu dirección.\n\nMichel Alvarez",
    html: mailLayout(
      title,
      `<p>Hola ${escapeHtml(to.name)}:</p>
<p>Confirma que este correo es tuyo con el botón (el enlace vence en 24 horas). Al confirmarlo verás en tu cuenta las citas que agendaste con este correo.</p>
<p style="text-align:center;padding:16px 0"><a href="${escapeHtml(url)}" style="background:#4a3630;color:#fbf7f2;text-decoration:none;padding:12px 24px;border-radius:999px;display:inline-block">Confirmar mi correo</a></p>
<p style="font-size:13px;color:#7a6a62">Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(url)}</p>
<p style="font-size:13px;color:#7a6a62">Si tú no creaste una cuenta en michelalvarez.mx, no abras el enlace: ignora este correo y nadie podrá usar tu dirección.</p>`,
    ),
  });
}

/** After any proof: what the address brings to the account (its guest appointments, ADMIN_EMAILS). */
export async function addressVerified(db: Db, userId: string): Promise<void> {
  const [account] = await db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  if (!account?.emailVerified) return;
  await attachGuestAppointments(db, account);
  await promoteListedAdmin(db, account.id);
  // courses the studio gave to this address before the account existed (ADR 047)
  await acceptCourseInvitations(db, account.id);
}

/** A password reset proves the address too: the reset link was mailed to it. */
export async function verifiedByPasswordReset(db: Db, userId: string): Promise<void> {
  await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, userId));
  await addressVerified(db, userId);
}
