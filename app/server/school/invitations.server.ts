/**
 * Hand grants that mail and invite (issue 31 item 4, ADR 047).
 *
 * - A hand grant mails the student her welcome (the course is in Mis cursos), queued in the
 *   grant's transaction, once per grant (keyed by the grant's id).
 * - A grant to an e-mail with no account is a pending invitation (invitaciones_curso) and a
 *   mail that links to sign-up and log-in. When an account with that address is verified
 *   (account/email-verification.server.ts `addressVerified`, Better Auth's post-verification
 *   path) or a verified account logs in, each pending invitation becomes the enrolment and a
 *   recorded grant (cursos_otorgados, revocable as any other), and the welcome mail goes.
 * - The studio can revoke a pending invitation: nothing is enrolled later.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { cursos, cursosOtorgados, inscripciones, invitacionesCurso, user } from "../db/schema";
import { env } from "../env.server";
import { escapeHtml, mailLayout, queueMail } from "../mail.server";

const origin = () => env.publicUrl.replace(/\/$/, "");

async function courseTitle(db: DbOrTx, cursoId: string): Promise<string> {
  const [c] = await db
    .select({ titulo: cursos.titulo, tituloExterior: cursos.tituloExterior })
    .from(cursos)
    .where(eq(cursos.id, cursoId));
  return c ? c.tituloExterior || c.titulo : "";
}

/** The welcome of a granted course, queued in the grant's transaction, at most once per grant. */
export async function queueGrantWelcome(
  tx: DbOrTx,
  grant: { id: number; to: string; nombre: string; cursoId: string },
): Promise<void> {
  const curso = await courseTitle(tx, grant.cursoId);
  const link = `${origin()}/mis-cursos`;
  await queueMail(tx, {
    to: grant.to,
    subject: `Ya tienes el curso ${curso}`,
    clave: `curso-bienvenida:${grant.id}`,
    text: `Hola ${grant.nombre}:\n\nYa tienes acceso al curso ${curso}. Entra a Mis cursos para empezar: ${link}\n\nMichel Alvarez`,
    html: mailLayout(
      "Bienvenida a tu curso",
      `<p>Hola ${escapeHtml(grant.nombre)}:</p><p>Ya tienes acceso al curso <strong>${escapeHtml(curso)}</strong>.</p><p style="text-align:center;padding:16px 0"><a href="${escapeHtml(link)}" style="background:#4a3630;color:#fbf7f2;text-decoration:none;padding:12px 24px;border-radius:999px;display:inline-block">Ir a Mis cursos</a></p>`,
    ),
  });
}

export type Invitation = { correo: string; cursoId: string; motivo: string; nota: string };

/**
 * A pending invitation and its mail, in the caller's transaction. False when one is already
 * pending for that e-mail and course (nothing written).
 */
export async function inviteToCourse(
  tx: DbOrTx,
  admin: { id: string; email: string },
  invitation: Invitation,
): Promise<boolean> {
  const correo = invitation.correo.trim().toLowerCase();
  const [row] = await tx
    .insert(invitacionesCurso)
    .values({ ...invitation, correo, otorgadoPor: admin.id, otorgadoPorCorreo: admin.email })
    .onConflictDoNothing()
    .returning({ id: invitacionesCurso.id });
  if (!row) return false;
  const curso = await courseTitle(tx, invitation.cursoId);
  // the log-in window (?login=1) also holds 'Crear cuenta'
  const signUp = `${origin()}/?login=1`;
  const logIn = signUp;
  await queueMail(tx, {
    to: correo,
    subject: `Te regalaron el curso ${curso}`,
    clave: `curso-invitacion:${row.id}`,
    text: `Hola:\n\nMichel Alvarez te dio acceso al curso ${curso}. Crea tu cuenta con este mismo correo (${correo}) y confírmalo: el curso aparecerá en Mis cursos.\n\nCrear cuenta: ${signUp}\nSi ya tienes cuenta con este correo, inicia sesión: ${logIn}\n\nMichel Alvarez`,
    html: mailLayout(
      "Tienes un curso esperándote",
      `<p>Hola:</p><p>Michel Alvarez te dio acceso al curso <strong>${escapeHtml(curso)}</strong>.</p><p>Crea tu cuenta con este mismo correo (<strong>${escapeHtml(correo)}</strong>) y confírmalo: el curso aparecerá en Mis cursos.</p><p style="text-align:center;padding:16px 0"><a href="${escapeHtml(signUp)}" style="background:#4a3630;color:#fbf7f2;text-decoration:none;padding:12px 24px;border-radius:999px;display:inline-block">Crear mi cuenta</a></p><p style="font-size:13px;color:#7a6a62">¿Ya tienes cuenta con este correo? <a href="${escapeHtml(logIn)}">Inicia sesión</a>.</p>`,
    ),
  });
  return true;
}

/**
 * A verified account takes its pending invitations: the enrolment, the recorded grant and the
 * welcome mail, all in one transaction. Nothing for an unverified account.
 */
export async function acceptCourseInvitations(db: DbOrTx, userId: string): Promise<number> {
  const [account] = await db
    .select({ id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  if (!account?.emailVerified) return 0;
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(invitacionesCurso)
      .set({ estado: "aceptada", aceptadaEn: new Date() })
      .where(
        and(
          eq(invitacionesCurso.correo, account.email.trim().toLowerCase()),
          eq(invitacionesCurso.estado, "pendiente"),
        ),
      )
      .returning();
    for (const inv of taken) {
      const added = await tx
        .insert(inscripciones)
        .values({ userId: account.id, cursoId: inv.cursoId, compraId: null })
        .onConflictDoNothing()
        .returning({ cursoId: inscripciones.cursoId });
      if (added.length === 0) continue;
      const [grant] = await tx
        .insert(cursosOtorgados)
        .values({
          userId: account.id,
          cursoId: inv.cursoId,
          motivo: inv.motivo,
          nota: inv.nota,
          otorgadoPor: inv.otorgadoPor,
          otorgadoPorCorreo: inv.otorgadoPorCorreo,
        })
        .returning({ id: cursosOtorgados.id });
      await queueGrantWelcome(tx, { id: grant.id, to: account.email, nombre: account.name, cursoId: inv.cursoId });
    }
    return taken.length;
  });
}

/** Revokes a pending invitation; false when it is unknown or no longer pending. */
export async function revokeInvitation(db: DbOrTx, invitationId: unknown): Promise<boolean> {
  const id = Number(invitationId);
  if (!Number.isSafeInteger(id) || id < 1) return false;
  const rows = await db
    .update(invitacionesCurso)
    .set({ estado: "revocada", revocadaEn: new Date() })
    .where(and(eq(invitacionesCurso.id, id), eq(invitacionesCurso.estado, "pendiente")))
    .returning({ id: invitacionesCurso.id });
  return rows.length > 0;
}

/** Invitations for the admin, newest first. */
export async function listInvitations(db: DbOrTx) {
  return db
    .select({
      id: invitacionesCurso.id,
      correo: invitacionesCurso.correo,
      estado: invitacionesCurso.estado,
      fecha: invitacionesCurso.createdAt,
      curso: sql<string>`coalesce(nullif(${cursos.tituloExterior}, ''), ${cursos.titulo})`,
    })
    .from(invitacionesCurso)
    .innerJoin(cursos, eq(cursos.id, invitacionesCurso.cursoId))
    .orderBy(desc(invitacionesCurso.createdAt), desc(invitacionesCurso.id))
    .limit(200);
}
