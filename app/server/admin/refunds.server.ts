/**
 * Admin: payments that were charged but could not become an order (pagos.estado
 * 'requiere-reembolso', set by the purchase workflow when the stock ran out while the card
 * was charged). The studio refunds them in the payment provider's panel and marks them here
 * 'Reembolsado' (estado 'reembolsado'), which takes them off the list.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/index.server";
import { citas, pagos, user } from "../db/schema";
import type { PaymentDetail } from "../shop/orders.server";

/** pagos.estado of a payment waiting for its refund (PAGO_ESTADO.reembolso). */
export const REQUIERE_REEMBOLSO = "requiere-reembolso";
/** pagos.estado once the studio refunded it. */
export const REEMBOLSADO = "reembolsado";

export type RefundItem = {
  id: string;
  proveedor: string;
  monto: number;
  fecha: Date;
  nombre: string;
  correo: string;
  telefono: string;
  productos: string;
};

async function refundsIn(db: Db, estado: string, limit: number): Promise<RefundItem[]> {
  const rows = await db
    .select({
      id: pagos.id,
      proveedor: pagos.proveedor,
      monto: pagos.monto,
      detalle: pagos.detalle,
      createdAt: pagos.createdAt,
      updatedAt: pagos.updatedAt,
      nombre: sql<string>`coalesce(${user.name}, ${citas.nombre}, '')`,
      email: sql<string>`coalesce(${user.email}, ${citas.correo}, '')`,
    })
    .from(pagos)
    .leftJoin(user, eq(user.id, pagos.userId))
    // an appointment's deposit may have no account: its appointment's name and email
    .leftJoin(citas, sql`${citas.id} = ${pagos.detalle}->>'citaId'`)
    .where(eq(pagos.estado, estado))
    .orderBy(desc(pagos.updatedAt), desc(pagos.id))
    .limit(limit);
  return rows.map((r) => {
    const detalle = r.detalle as Partial<PaymentDetail>;
    return {
      id: r.id,
      proveedor: r.proveedor,
      monto: r.monto,
      fecha: estado === REEMBOLSADO ? r.updatedAt : r.createdAt,
      nombre: r.nombre,
      correo: detalle.datosContacto?.correo || r.email,
      telefono: detalle.datosContacto?.telefono ?? "",
      productos: detalle.lines?.map((l) => `${l.nombre} × ${l.cantidad}`).join(", ") ??
        ((detalle as { tipo?: string }).tipo === "anticipo" ? "Anticipo de cita" : ""),
    };
  });
}

/** Payments waiting for a refund (all of them), and the last ones refunded. */
export async function listRefunds(db: Db) {
  const [pendientes, reembolsados] = await Promise.all([
    refundsIn(db, REQUIERE_REEMBOLSO, 500),
    refundsIn(db, REEMBOLSADO, 20),
  ]);
  return { pendientes, reembolsados };
}

/** How many payments wait for a refund (the admin home's tile). */
export async function pendingRefundsCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pagos).where(eq(pagos.estado, REQUIERE_REEMBOLSO));
  return row?.n ?? 0;
}

/**
 * 'Reembolsado': marks a payment waiting for its refund as refunded. Only a payment in
 * 'requiere-reembolso' changes (a paid order's payment, an unknown id or one already
 * marked is refused), so two clicks mark it once.
 */
export async function markRefunded(db: Db, pagoId: unknown): Promise<{ ok: true } | { ok: false; message: string }> {
  if (typeof pagoId !== "string" || pagoId.length === 0 || pagoId.length > 200) {
    return { ok: false, message: "Pago desconocido." };
  }
  const updated = await db
    .update(pagos)
    .set({ estado: REEMBOLSADO, updatedAt: new Date() })
    .where(and(eq(pagos.id, pagoId), eq(pagos.estado, REQUIERE_REEMBOLSO)))
    .returning({ id: pagos.id });
  return updated.length > 0 ? { ok: true } : { ok: false, message: "Este pago no está pendiente de reembolso." };
}
