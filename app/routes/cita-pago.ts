/**
 * POST /cita/{token}/pago (issue 15): the deposit's card step when the browser confirms the
 * card itself (Stripe.js). JSON answers, for fetch:
 *   intent=iniciar              → { paymentId, clientSecret }: a new payment for the deposit
 *                                  the server priced (the appointment's own `anticipo`);
 *   intent=confirmar, paymentId → the deposit workflow (authorised → confirm → capture).
 * The demo card posts to /cita/{token} itself; the webhook completes a deposit too.
 */
import { CITA_ESTADO } from "~/domain/agenda";
import { isPlainId } from "~/domain/limits";
import { findByToken } from "~/server/booking/booking.server";
import { completeDeposit, startDeposit } from "~/server/booking/deposit.server";
import { waitingDepositVoucher } from "~/server/booking/deposit-pending.server";
import { guardBookingPost, readBookingForm } from "~/server/booking/guard.server";
import { getDb } from "~/server/db/index.server";
import { logError } from "~/server/log.server";
import { activeProvider, paymentPanelConfig } from "~/server/payments/index.server";
import { currentUser } from "~/server/session.server";
import type { Route } from "./+types/cita-pago";

const fail = (status: number, error: string, headers?: Record<string, string>) =>
  Response.json({ error }, { status, headers });

export async function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = getDb();
  const user = await currentUser(request);
  const refused = await guardBookingPost(request, { ip: context.clientIp, userId: user?.id });
  if (refused) return fail(refused.status, refused.message, refused.headers);
  const form = await readBookingForm(request);
  if (!form) return fail(413, "La solicitud es demasiado grande.");
  const cita = await findByToken(db, params.token);
  if (!cita) return fail(404, "No encontramos esa cita.");
  if (paymentPanelConfig().provider !== "stripe") return fail(404, "El pago con tarjeta no está disponible.");
  try {
    if (form.get("intent") === "iniciar") {
      if (cita.estado !== CITA_ESTADO.apartada) return fail(409, "Esta cita ya no espera su anticipo.");
      if (await waitingDepositVoucher(db, cita.id)) {
        return fail(409, "Ya generaste una ficha para este anticipo: págala antes de que venza.");
      }
      const payment = await startDeposit(db, cita, activeProvider(), { clientSecret: true });
      return Response.json({ paymentId: payment.paymentId, clientSecret: payment.clientSecret });
    }
    if (form.get("intent") === "confirmar") {
      const paymentId = String(form.get("paymentId") ?? "");
      if (!isPlainId(paymentId)) return fail(404, "No encontramos ese pago.");
      // only this appointment's deposit: checked on the row completeDeposit reads anyway
      const result = await completeDeposit(db, paymentId, { citaId: cita.id });
      if (result.ok) return Response.json({ ok: true });
      if (result.reason === "desconocido") return fail(404, "No encontramos ese pago.");
      return fail(result.reason === "horario" ? 409 : 402, result.message);
    }
  } catch (error) {
    logError(`Anticipo de la cita ${cita.id}`, error);
    return fail(502, "No pudimos procesar el pago. Intenta de nuevo o escríbenos por WhatsApp.");
  }
  return fail(400, "No pudimos leer la solicitud.");
}
