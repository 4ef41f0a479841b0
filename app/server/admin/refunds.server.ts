/**
 * Admin: payments that were charged but could not become an order (pagos.estado
 * 'requiere-reembolso', set by the purchase workflow when the stock ran out while the card
 * was charged, or money that arrived after its voucher expired). 'Reembolsar' gives each one
 * back through its provider (payments/refunds.server.ts); once done it is 'reembolsado' and
 * leaves the list.
 */
import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/index.server";
import { citas, pagos, user } from "../db/schema";
import { MOTIVO_SALDO, SALDO_ETIQUETA, saldoOf } from "../payments/cash-balance.server";
import { PAGO_ESTADO } from "../payments/provider.server";
import { REEMBOLSO_ESTADO, type RefundResult, requestRefund } from "../payments/refunds.server";
import type { PaymentDetail } from "../shop/orders.server";

/** pagos.estado of a payment waiting for its refund (PAGO_ESTADO.reembolso). */
export const REQUIERE_REEMBOLSO = "requiere-reembolso";

export type RefundItem = {
  id: string;
  proveedor: string;
  monto: number;
  fecha: Date;
  nombre: string;
  correo: string;
  telefono: string;
  productos: string;
  /** its refund was asked for and the provider has not answered yet (the job retries) */
  enProceso: boolean;
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
      enProceso: sql<boolean>`exists (select 1 from reembolsos r where r.pago_id = ${pagos.id} and r.estado = ${REEMBOLSO_ESTADO.pendiente})`,
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
      fecha: estado === PAGO_ESTADO.reembolsado ? r.updatedAt : r.createdAt,
      nombre: r.nombre,
      enProceso: Boolean(r.enProceso),
      correo: detalle.datosContacto?.correo || r.email,
      telefono: detalle.datosContacto?.telefono ?? "",
      productos: saldoLabel(r.detalle) ??
        detalle.lines?.map((l) => `${l.nombre} × ${l.cantidad}`).join(", ") ??
        ((detalle as { tipo?: string }).tipo === "anticipo" ? "Anticipo de cita" : ""),
    };
  });
}

/** A queue entry of SPEI money left in a cash balance (ADR 033): what it is and of which order. */
function saldoLabel(detalle: unknown): string | null {
  const saldo = saldoOf(detalle);
  if (!saldo) return null;
  return `${SALDO_ETIQUETA[saldo.motivo]}${saldo.compraId ? ` (compra ${saldo.compraId})` : ""}`;
}

/** Payments waiting for a refund (all of them), and the last ones refunded. */
export async function listRefunds(db: Db) {
  const [pendientes, reembolsados] = await Promise.all([
    refundsIn(db, REQUIERE_REEMBOLSO, 500),
    refundsIn(db, PAGO_ESTADO.reembolsado, 20),
  ]);
  return { pendientes, reembolsados };
}

/** How many payments wait for a refund (the admin home's tile). */
export async function pendingRefundsCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pagos).where(eq(pagos.estado, REQUIERE_REEMBOLSO));
  return row?.n ?? 0;
}

/** What the queue's 'Reembolsar' gives back, and why (the client's mail says it). */
export const MOTIVO_COLA =
  "Recibimos tu pago, pero no pudimos completar tu compra (se agotó o la ficha ya había vencido).";

/**
 * 'Reembolsar': gives back a payment of the queue through its provider, in full (the same
 * call as an order's refund, payments/refunds.server.ts). Only a payment in
 * 'requiere-reembolso' with something left to give back changes; two clicks refund once.
 */
export async function payOutRefund(db: Db, pagoId: unknown, solicitadoPor: string): Promise<RefundResult> {
  if (typeof pagoId !== "string" || pagoId.length === 0 || pagoId.length > 200) {
    return { ok: false, message: "Pago desconocido." };
  }
  const [pago] = await db.select({ estado: pagos.estado, detalle: pagos.detalle }).from(pagos).where(eq(pagos.id, pagoId));
  if (pago?.estado !== REQUIERE_REEMBOLSO) return { ok: false, message: "Este pago no está pendiente de reembolso." };
  const saldo = saldoOf(pago.detalle);
  return requestRefund(db, { pagoId, motivo: saldo ? MOTIVO_SALDO[saldo.motivo] : MOTIVO_COLA, solicitadoPor });
}
