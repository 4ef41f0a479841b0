/**
 * An appointment's deposit paid in cash at OXXO or by SPEI transfer (issue 15, ADR 024
 * "OXXO y SPEI para el anticipo"): the payment ledger's deferred path
 * (payments/settle.server.ts, ADR 021) with the appointment as the thing being paid for
 * (the payable "anticipo", deposit-payable.server.ts). The ledger owns the voucher, its row,
 * the reminder and expiry jobs, duplicate and late webhooks; this module starts the voucher
 * for a held appointment and shows the one that waits.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { limiteAnticipoDiferido, ofertaAnticipo, venceAnticipoDiferido } from "~/domain/deposit-offer";
import { formatSpanishDateTime } from "~/domain/dates";
import { type InstruccionesPago, type MetodoDiferido, motivoNoDisponible } from "~/domain/payment-methods";
import type { Db, DbOrTx } from "../db/client.server";
import { pagos } from "../db/schema";
import { logError } from "../log.server";
import { providerNamed } from "../payments/index.server";
import { PAGO_ESTADO, type PaymentProvider } from "../payments/provider.server";
import { issuePendingPayment } from "../payments/settle.server";
import type { Cita } from "./appointments.server";
import { ASUNTO_ANTICIPO, DEPOSIT_TIPO, depositIntent } from "./deposit-payable.server";

export type DepositVoucherResult =
  | { ok: true; paymentId: string; instrucciones: InstruccionesPago }
  | { ok: false; message: string };

/**
 * The OXXO voucher or SPEI reference for a held appointment's deposit (the same one again
 * while it waits). Refused when the provider or the rule (domain/deposit-offer.ts) does not
 * allow it, or the hold ran out meanwhile.
 */
export async function startDepositVoucher(
  db: Db,
  cita: Cita,
  provider: PaymentProvider,
  metodo: MetodoDiferido,
  now: Date = new Date(),
): Promise<DepositVoucherResult> {
  const oferta = ofertaAnticipo(
    { methods: provider.methods, oxxoMaximum: provider.oxxoMaximum, minimumAmount: provider.minimumAmount, plans: [] },
    cita.anticipo,
    cita.inicio,
    now,
    provider.name,
  );
  const refused = motivoNoDisponible(oferta, metodo);
  const vence = venceAnticipoDiferido(metodo, cita.inicio, now, provider.name);
  if (refused || !vence) return { ok: false, message: refused ?? "Este método de pago no está disponible." };
  // A card attempt left pending is released: one way to pay this deposit at a time.
  await releasePendingCard(db, cita.id);
  const issued = await issuePendingPayment(db, {
    userId: cita.userId,
    intento: depositIntent(cita.id),
    monto: cita.anticipo,
    detalle: { tipo: DEPOSIT_TIPO, citaId: cita.id, inicio: cita.inicio.toISOString() },
    metadata: { tipo: DEPOSIT_TIPO, citaId: cita.id, metodo },
    payer: { nombre: cita.nombre, correo: cita.correo },
    provider,
    metodo,
    vence,
    // `vence` is the end of a studio day, as Stripe ends its OXXO voucher (23:59 of its last
    // day): whatever a provider answers, never past 24 h before the appointment.
    venceMaximo: limiteAnticipoDiferido(cita.inicio),
    asunto: ASUNTO_ANTICIPO,
  });
  if (!issued.ok) {
    return { ok: false, message: "El tiempo para apartar este horario terminó. Elige otro horario, por favor." };
  }
  return { ok: true, paymentId: issued.paymentId, instrucciones: issued.instrucciones };
}

async function releasePendingCard(db: Db, citaId: string): Promise<void> {
  const pending = await db
    .select({ id: pagos.id, proveedor: pagos.proveedor })
    .from(pagos)
    .where(
      and(
        sql`${pagos.detalle}->>'tipo' = ${DEPOSIT_TIPO}`,
        sql`${pagos.detalle}->>'citaId' = ${citaId}`,
        eq(pagos.metodo, "tarjeta"),
        eq(pagos.estado, PAGO_ESTADO.pendiente),
      ),
    );
  for (const p of pending) {
    await providerNamed(p.proveedor)
      .cancel(p.id)
      .catch((e) => logError(`Anticipo ${p.id}: no se pudo liberar el intento con tarjeta`, e));
    await db
      .update(pagos)
      .set({ estado: PAGO_ESTADO.cancelado, updatedAt: new Date() })
      .where(and(eq(pagos.id, p.id), eq(pagos.estado, PAGO_ESTADO.pendiente)));
  }
}

export type DepositVoucherView = {
  pagoId: string;
  total: number;
  estadoPago: "pendiente" | "vencido";
  instrucciones: InstruccionesPago;
  venceTexto: string;
};

/** The voucher of this appointment's deposit that waits for the money (the page shows it), if any. */
export async function waitingDepositVoucher(db: DbOrTx, citaId: string): Promise<DepositVoucherView | null> {
  const [row] = await db
    .select()
    .from(pagos)
    .where(
      and(
        sql`${pagos.detalle}->>'asunto' = ${ASUNTO_ANTICIPO}`,
        sql`${pagos.detalle}->>'citaId' = ${citaId}`,
        inArray(pagos.estado, [PAGO_ESTADO.esperandoPago]),
      ),
    )
    .orderBy(sql`${pagos.createdAt} desc`)
    .limit(1);
  if (!row?.instrucciones) return null;
  const instrucciones = row.instrucciones as InstruccionesPago;
  return {
    pagoId: row.id,
    total: row.monto,
    estadoPago: "pendiente",
    instrucciones,
    venceTexto: formatSpanishDateTime(new Date(instrucciones.vence)),
  };
}
