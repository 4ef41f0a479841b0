/**
 * Admin: payments by method and state (issue 14): how many card, OXXO and SPEI payments are
 * waiting, paid or expired, the list of one method and state, and the studio's two actions on
 * a waiting voucher: send its mail again, and in demo mode 'Simular pago recibido' (the same
 * signed webhook the buyer's button sends).
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { type MetodoPago, isMetodoPago } from "~/domain/payment-methods";
import type { InstruccionesPago } from "~/domain/payment-methods";
import type { Db } from "../db/index.server";
import { citas, pagos, user } from "../db/schema";
import { PAGO_ESTADO } from "../payments/provider.server";
import type { PaymentDetail } from "../shop/orders.server";
import { mailOf } from "../payments/settle.server";

/** The three columns the studio reads, and which payment states each one gathers. */
export const ESTADOS_ADMIN = {
  pendiente: { label: "Pendientes", estados: [PAGO_ESTADO.esperandoPago] },
  pagado: { label: "Pagados", estados: [PAGO_ESTADO.pagado, PAGO_ESTADO.porCapturar] },
  vencido: { label: "Vencidos", estados: [PAGO_ESTADO.vencido] },
} as const;
export type EstadoAdmin = keyof typeof ESTADOS_ADMIN;
const isEstadoAdmin = (v: unknown): v is EstadoAdmin => typeof v === "string" && v in ESTADOS_ADMIN;

export type PaymentRow = {
  id: string;
  proveedor: string;
  metodo: string;
  estado: string;
  monto: number;
  compraId: string | null;
  fecha: Date;
  vence: Date | null;
  nombre: string;
  correo: string;
  productos: string;
  instrucciones: InstruccionesPago | null;
};

export async function paymentsOverview(db: Db, filter: { metodo?: unknown; estado?: unknown }, limit = 100) {
  const counts = await db
    .select({ metodo: pagos.metodo, estado: pagos.estado, n: count() })
    .from(pagos)
    .groupBy(pagos.metodo, pagos.estado);
  const tabla: Record<string, Record<EstadoAdmin, number>> = {};
  for (const metodo of ["tarjeta", "oxxo", "spei"]) tabla[metodo] = { pendiente: 0, pagado: 0, vencido: 0 };
  for (const row of counts) {
    for (const [key, col] of Object.entries(ESTADOS_ADMIN) as [EstadoAdmin, (typeof ESTADOS_ADMIN)[EstadoAdmin]][]) {
      if ((col.estados as readonly string[]).includes(row.estado) && tabla[row.metodo]) tabla[row.metodo][key] += row.n;
    }
  }

  const metodo: MetodoPago | null = isMetodoPago(filter.metodo) ? filter.metodo : null;
  const estado: EstadoAdmin = isEstadoAdmin(filter.estado) ? filter.estado : "pendiente";
  const rows = await db
    .select({
      pago: pagos,
      nombre: sql<string>`coalesce(${user.name}, ${citas.nombre}, '')`,
      email: sql<string>`coalesce(${user.email}, ${citas.correo}, '')`,
    })
    .from(pagos)
    .leftJoin(user, eq(user.id, pagos.userId))
    // an appointment's deposit may have no account: its appointment's name and email
    .leftJoin(citas, sql`${citas.id} = ${pagos.detalle}->>'citaId'`)
    .where(
      and(inArray(pagos.estado, [...ESTADOS_ADMIN[estado].estados]), ...(metodo ? [eq(pagos.metodo, metodo)] : [])),
    )
    .orderBy(desc(pagos.updatedAt), desc(pagos.id))
    .limit(limit);
  const lista: PaymentRow[] = rows.map(({ pago, nombre, email }) => {
    const detalle = pago.detalle as Partial<PaymentDetail>;
    return {
      id: pago.id,
      proveedor: pago.proveedor,
      metodo: pago.metodo,
      estado: pago.estado,
      monto: pago.monto,
      compraId: pago.compraId,
      fecha: pago.createdAt,
      vence: pago.vence,
      nombre,
      correo: detalle.datosContacto?.correo || email,
      productos: detalle.lines?.map((l) => `${l.nombre} × ${l.cantidad}`).join(", ") ??
        ((detalle as { tipo?: string }).tipo === "anticipo" ? "Anticipo de cita" : ""),
      instrucciones: (pago.instrucciones as InstruccionesPago | null) ?? null,
    };
  });
  return { tabla, metodo, estado, lista };
}

/** 'Reenviar ficha': the voucher mail again, only for a payment that still waits. */
export async function resendVoucher(db: Db, pagoId: unknown): Promise<{ ok: true } | { ok: false; message: string }> {
  if (typeof pagoId !== "string" || pagoId.length === 0 || pagoId.length > 200)
    return { ok: false, message: "Pago desconocido." };
  const [pago] = await db.select({ estado: pagos.estado }).from(pagos).where(eq(pagos.id, pagoId));
  if (pago?.estado !== PAGO_ESTADO.esperandoPago) return { ok: false, message: "Este pago ya no espera su ficha." };
  await mailOf(db, pagoId, "voucher");
  return { ok: true };
}
