/**
 * Payment records (`pagos`): what the server priced before asking a provider to charge it,
 * and where that payment stands. The providers themselves live in app/server/payments/.
 *
 *   startPayment(db, {...})     → asks the provider for a payment of draft.total and stores
 *                                 it with the exact priced draft and addresses
 *   findPayment / lockPayment   → read it (lock it inside the purchase's transaction)
 *   markPaid / flagForRefund    → its end states
 */
import { and, eq, inArray } from "drizzle-orm";
import type { OrderDraft } from "~/domain/order";
import type { Db, DbOrTx } from "../db/index.server";
import { pagos } from "../db/schema";
import { type CreatePaymentInput, PAGO_ESTADO, type PaymentProvider } from "../payments/provider.server";
import type { DatosContacto, DatosEnvio, PaymentDetail } from "./orders.server";
import { logError } from "../log.server";

export type PaymentRecord = typeof pagos.$inferSelect & { detalle: PaymentDetail };

export async function startPayment(
  db: Db,
  input: {
    userId: string;
    draft: OrderDraft;
    datosEnvio: DatosEnvio | null;
    datosContacto: DatosContacto;
    provider: PaymentProvider;
    card?: CreatePaymentInput["card"];
  },
): Promise<{ paymentId: string; clientSecret: string; amount: number }> {
  const { draft } = input;
  if (!(draft.total > 0)) throw new Error(`Un pago necesita un total positivo (total ${draft.total})`);
  const payment = await input.provider.createPayment({
    amount: draft.total,
    currency: "mxn",
    metadata: { userId: input.userId, tipo: draft.tipo, carritoId: draft.carritoId ?? "" },
    card: input.card,
  });
  const detalle: PaymentDetail = { ...draft, datosEnvio: input.datosEnvio, datosContacto: input.datosContacto };
  try {
    await db.insert(pagos).values({
      id: payment.id,
      proveedor: input.provider.name,
      userId: input.userId,
      carritoId: draft.carritoId,
      monto: draft.total,
      moneda: "mxn",
      estado: PAGO_ESTADO.pendiente,
      detalle,
    });
  } catch (error) {
    // A provider that charges at creation (Conekta) has taken the money: say which payment
    // to refund, since we hold no record of it.
    logError(
      `Pago ${payment.id} (${input.provider.name}, ${draft.total} centavos) creado pero no guardado; revisar y reembolsar si se cobró:`,
      error,
    );
    throw error;
  }
  return { paymentId: payment.id, clientSecret: payment.clientSecret, amount: draft.total };
}

export async function findPayment(db: DbOrTx, paymentId: string): Promise<PaymentRecord | null> {
  const [pago] = await db.select().from(pagos).where(eq(pagos.id, paymentId));
  return (pago as PaymentRecord | undefined) ?? null;
}

/** The payment row, locked until the transaction ends: a concurrent completion waits here. */
export async function lockPayment(tx: DbOrTx, paymentId: string): Promise<PaymentRecord> {
  const [pago] = await tx.select().from(pagos).where(eq(pagos.id, paymentId)).for("update");
  return pago as PaymentRecord;
}

export async function markPaid(tx: DbOrTx, paymentId: string, compraId: string): Promise<void> {
  await tx
    .update(pagos)
    .set({ estado: PAGO_ESTADO.pagado, compraId, updatedAt: new Date() })
    .where(eq(pagos.id, paymentId));
}

/** Charged but not fulfillable: returns true only for the caller that flagged it (so mails go once). */
export async function flagForRefund(db: DbOrTx, paymentId: string): Promise<boolean> {
  const marked = await db
    .update(pagos)
    .set({ estado: PAGO_ESTADO.reembolso, updatedAt: new Date() })
    .where(and(eq(pagos.id, paymentId), inArray(pagos.estado, [PAGO_ESTADO.pendiente, PAGO_ESTADO.autorizado])))
    .returning({ id: pagos.id });
  return marked.length > 0;
}
