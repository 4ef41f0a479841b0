/**
 * Admin: courses granted by hand (a cash or bank-transfer sale, a gift). The studio types
 * the student's e-mail and picks the course; the student then finds it in /mis-cursos. Each
 * grant is recorded (cursos_otorgados) with who granted it, when and why; revoking it takes
 * the course away again and records who, when and why. Only hand grants can be revoked
 * here: a course bought online belongs to its order.
 *
 * A grant for money the studio received (cash, a bank transfer) is also a sale (issue 28): a
 * paid order of the course at the amount received, with its payment (proveedor 'estudio',
 * método efectivo or transferencia), so it counts in every figure, can be invoiced with its
 * payment form (01, 03) or goes into the month's global invoice, and can be refunded.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { FieldErrors, Option } from "~/domain/admin-form";
import type { Db } from "../db/index.server";
import { courseOrderLine, orderTotals } from "~/domain/order";
import { cursos, cursosOtorgados, inscripciones, user } from "../db/schema";
import { markOrderWritten, recordReceivedPayment } from "../payments/ledger.server";
import { writeOrder } from "../shop/orders.server";
import type { SessionUser } from "../session.server";
import { money, parseForm, select, text } from "./fields.server";
import { inviteToCourse, queueGrantWelcome } from "../school/invitations.server";

/** Why a course is granted by hand (cursos_otorgados.motivo). */
export const GRANT_REASONS: Option[] = [
  { value: "efectivo", label: "Pago en efectivo" },
  { value: "transferencia", label: "Transferencia bancaria" },
  { value: "cortesia", label: "Cortesía" },
  { value: "otro", label: "Otro" },
];
const reasonLabel = (value: string) => GRANT_REASONS.find((r) => r.value === value)?.label ?? value;

/** The online courses, as options of a select (titles as the studio knows them). */
export async function courseOptions(db: Db): Promise<Option[]> {
  const rows = await db
    .select({
      id: cursos.id,
      titulo: cursos.titulo,
      tituloExterior: cursos.tituloExterior,
      publicado: cursos.publicado,
    })
    .from(cursos)
    .where(eq(cursos.tipo, "online"))
    .orderBy(asc(cursos.posicion), asc(cursos.titulo));
  return rows.map((c) => ({
    value: c.id,
    label: `${c.tituloExterior || c.titulo}${c.publicado ? "" : " (oculto)"}`,
  }));
}

export function grantFields(courses: Option[]) {
  return {
    correo: text("Correo de la alumna", {
      required: true,
      max: 254,
      placeholder: "nombre@ejemplo.com",
      help: "El correo con el que se registró en el sitio. Si aún no tiene cuenta, le llega una invitación.",
    }),
    cursoId: select("Curso", courses, { required: true }),
    motivo: select("Motivo", GRANT_REASONS, { required: true }),
    monto: money("Monto recibido", {
      help: "Para efectivo o transferencia: lo que recibiste. Queda como una compra pagada, facturable.",
    }),
    nota: text("Nota", { max: 300, placeholder: "Recibo, referencia de la transferencia…" }),
  };
}

export const revokeFields = {
  motivoRevocacion: text("Motivo", { required: true, max: 300 }),
};

export type GrantResult = { ok: true; notice: string } | { ok: false; errors: FieldErrors };

/**
 * Grants a course to the account with that e-mail and records it. Refused (nothing
 * written) when no account has that e-mail, the course is not an online course, or the
 * student already has it.
 */
export async function grantCourse(db: Db, admin: SessionUser, form: FormData): Promise<GrantResult> {
  const fields = grantFields(await courseOptions(db));
  const parsed = await parseForm(fields, form);
  if (!parsed.ok) return parsed;
  const { correo, cursoId, motivo, nota, monto } = parsed.values;
  // A sale for money received: its amount, or nothing is written.
  const metodo = motivo === "efectivo" || motivo === "transferencia" ? motivo : null;
  if (metodo && !(monto && monto > 0)) return { ok: false, errors: { monto: "Escribe el monto que recibiste." } };
  const [student] = await db
    .select({ id: user.id, name: user.name, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(sql`lower(${user.email})`, correo.toLowerCase()))
    .limit(1);
  if (!student) {
    // No account yet: an invitation (ADR 047). A sale needs the account its order belongs to.
    if (metodo) {
      return { ok: false, errors: { correo: "No hay ninguna cuenta con ese correo." } };
    }
    const invited = await db.transaction((tx) => inviteToCourse(tx, admin, { correo, cursoId, motivo, nota }));
    if (!invited) return { ok: false, errors: { correo: "Ya hay una invitación pendiente de este curso para ese correo." } };
    return {
      ok: true,
      notice: `Invitación enviada a ${correo}: al crear su cuenta y confirmar su correo tendrá el curso en Mis cursos.`,
    };
  }

  const granted = await db.transaction(async (tx) => {
    const added = await tx
      .insert(inscripciones)
      .values({ userId: student.id, cursoId, compraId: null })
      .onConflictDoNothing()
      .returning({ cursoId: inscripciones.cursoId });
    if (added.length === 0) return false;
    if (metodo && monto) {
      // The sale: its payment (already received) and its order, as a course bought online has.
      const [course] = await tx
        .select({
          id: cursos.id,
          titulo: cursos.titulo,
          tituloExterior: cursos.tituloExterior,
          imagenExterior: cursos.imagenExterior,
          precio: cursos.precio,
        })
        .from(cursos)
        .where(eq(cursos.id, cursoId));
      // the list price shown beside what was paid: the course's, or the amount when it paid more
      const line = courseOrderLine(
        { ...course, precio: Math.max(course.precio, monto) },
        { precio: monto, codigo: null, descuento: null },
      );
      const detalle = {
        tipo: "curso" as const,
        carritoId: null,
        lines: [line],
        ...orderTotals([line], 0),
        codigosRechazados: [],
        datosEnvio: null,
        datosContacto: { correo, telefono: "" },
      };
      const paymentId = await recordReceivedPayment(tx, { userId: student.id, monto, metodo, detalle });
      const compraId = await writeOrder(tx, {
        userId: student.id,
        paymentId,
        proveedor: "estudio",
        detalle,
        pago: { metodo, estadoPago: "pagado", meses: null },
      });
      await markOrderWritten(tx, paymentId, compraId, true);
    }
    const [grant] = await tx
      .insert(cursosOtorgados)
      .values({ userId: student.id, cursoId, motivo, nota, otorgadoPor: admin.id, otorgadoPorCorreo: admin.email })
      .returning({ id: cursosOtorgados.id });
    // the welcome mail, with the grant or not at all
    await queueGrantWelcome(tx, { id: grant.id, to: correo, nombre: student.name, cursoId });
    return true;
  });
  if (!granted) return { ok: false, errors: { cursoId: "Esta cuenta ya tiene este curso." } };
  // Anybody can sign up with a client's address (issue 25): the studio hears when nobody proved it.
  const unverified = student.emailVerified
    ? ""
    : " Esa cuenta aún no confirma su correo: si no esperabas este nombre, revisa con la alumna.";
  return { ok: true, notice: `Listo: ${student.name} ya tiene el curso en Mis cursos.${unverified}` };
}

/**
 * Revokes a hand grant: the course leaves the student's list and the grant records who
 * revoked it, when and why. A grant already revoked, or unknown, changes nothing.
 */
export async function revokeGrant(db: Db, admin: SessionUser, grantId: unknown, form: FormData): Promise<GrantResult> {
  const id = Number(grantId);
  if (!Number.isSafeInteger(id) || id < 1) return { ok: false, errors: { motivoRevocacion: "Acceso desconocido." } };
  const parsed = await parseForm(revokeFields, form);
  if (!parsed.ok) return parsed;
  const revoked = await db.transaction(async (tx) => {
    const [grant] = await tx
      .update(cursosOtorgados)
      .set({
        revocadoPor: admin.id,
        revocadoPorCorreo: admin.email,
        revocadoEn: new Date(),
        motivoRevocacion: parsed.values.motivoRevocacion,
      })
      .where(and(eq(cursosOtorgados.id, id), isNull(cursosOtorgados.revocadoEn)))
      .returning({ userId: cursosOtorgados.userId, cursoId: cursosOtorgados.cursoId });
    if (!grant) return false;
    // Only the hand-granted enrolment (no order behind it) is removed.
    await tx
      .delete(inscripciones)
      .where(
        and(
          eq(inscripciones.userId, grant.userId),
          eq(inscripciones.cursoId, grant.cursoId),
          isNull(inscripciones.compraId),
        ),
      );
    return true;
  });
  if (!revoked) return { ok: false, errors: { motivoRevocacion: "Este acceso ya estaba revocado." } };
  return { ok: true, notice: "Acceso revocado: el curso ya no aparece en Mis cursos." };
}

export type GrantItem = {
  id: number;
  alumna: string;
  correo: string;
  curso: string;
  motivo: string;
  nota: string;
  otorgadoPor: string;
  fecha: Date;
  revocado: { por: string; fecha: Date; motivo: string } | null;
};

/** Hand grants, newest first (revoked ones included, with who revoked them); optionally by e-mail. */
export async function listGrants(db: Db, q = ""): Promise<GrantItem[]> {
  const term = q.trim().slice(0, 100);
  const rows = await db
    .select({
      grant: cursosOtorgados,
      alumna: user.name,
      correo: user.email,
      titulo: cursos.titulo,
      tituloExterior: cursos.tituloExterior,
    })
    .from(cursosOtorgados)
    .innerJoin(user, eq(user.id, cursosOtorgados.userId))
    .innerJoin(cursos, eq(cursos.id, cursosOtorgados.cursoId))
    .where(term ? sql`${user.email} ilike ${`%${term.replace(/[\\%_]/g, "\\$&")}%`}` : undefined)
    .orderBy(desc(cursosOtorgados.createdAt), desc(cursosOtorgados.id))
    .limit(200);
  return rows.map(({ grant: g, alumna, correo, titulo, tituloExterior }) => ({
    id: g.id,
    alumna,
    correo,
    curso: tituloExterior || titulo,
    motivo: reasonLabel(g.motivo),
    nota: g.nota,
    otorgadoPor: g.otorgadoPorCorreo,
    fecha: g.createdAt,
    revocado: g.revocadoEn
      ? { por: g.revocadoPorCorreo ?? "", fecha: g.revocadoEn, motivo: g.motivoRevocacion ?? "" }
      : null,
  }));
}
