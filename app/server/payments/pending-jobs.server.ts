/**
 * The durable jobs of an OXXO or SPEI payment (jobs.server.ts, ADR 023; docs/decisions/021):
 * the reminder mail a day before the voucher expires, and the expiry itself. Both are
 * scheduled with the thing's hold (an order, an appointment) and read the payment's state before acting, so a job that
 * runs twice, late, or after the payment arrived changes nothing.
 */
import { registerJob } from "../jobs.server";
import { providerNamed } from "./index.server";
import { findPayment } from "./ledger.server";
import { JOB_RECORDATORIO, JOB_VENCE, expirePendingPayment, remindPendingPayment } from "./settle.server";

const paymentIdOf = (datos: Record<string, unknown>) => (typeof datos.paymentId === "string" ? datos.paymentId : "");

registerJob(JOB_RECORDATORIO, async (datos, { db, now }) => {
  await remindPendingPayment(db, paymentIdOf(datos), now);
});

registerJob(JOB_VENCE, async (datos, { db, now }) => {
  const pago = await findPayment(db, paymentIdOf(datos));
  if (!pago) return;
  // The provider that issued the voucher is asked first: money that arrived confirms instead.
  await expirePendingPayment(db, pago.id, providerNamed(pago.proveedor), now);
});
