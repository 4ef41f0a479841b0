/**
 * The payment HTTP API (SPEC §7), authenticated by the session cookie: no key lives in the
 * browser. Every POST must come from our own pages (same Origin), and bodies are small JSON.
 * Errors answer `{ error: { icon, title, text } }`, ready for the alert dialog.
 *
 *   POST /auth/michel-alvarez/v2/stripe     {} (cart) or { curso, codigo? }, plus { metodo?, meses? }
 *        → { clientSecret, paymentId }: a payment (authorise only) for the amount the server
 *          priced; any amount or price in the body is ignored. `meses`: an MSI plan the
 *          provider offers for this total (ADR 021). `metodo: oxxo | spei` → { paymentId,
 *          compraId, pendiente, instrucciones }: the voucher / CLABE, the order written
 *          'Pendiente de pago' with its stock held. A $0 total (a 100 % code, a
 *          free course) calls no provider and answers { paymentId, compraId, message } at
 *          once; a card total under the provider's minimum is refused with its message.
 *   POST /auth/michel-alvarez/v2/conekta   { token, nombre, correo, cel, productos?, cantidades?,
 *        precios?, curso?, codigo? } → { paymentId, compraId, message }: authorises the Conekta
 *        card token for the server's price (precios ignored; productos/cantidades must match
 *        the cart), writes the order, then captures; one attempt per cart at a time (409).
 *        'Próximamente' (404) when Conekta is not configured.
 *   POST /auth/michel-alvarez/v2/demo/pago  { clientSecret, numero, vencimiento, cvc, nombre }
 *        → the demo provider's card check (the offline stand-in for Stripe.js).
 *   POST /auth/michel-alvarez/v2/confirmar  { paymentId } → { compraId }: the browser's
 *        return after the card was accepted; writes the order (idempotent).
 *   POST /auth/michel-alvarez/v2/correo     { id } (payment id) → sends the confirmation of a
 *        payment the server confirmed, to its owner only.
 *   POST /auth/michel-alvarez/v2/demo/simular { paymentId } → demo mode: 'Simular pago recibido'
 *        on the buyer's own OXXO/SPEI payment (the demo's signed webhook, same handler).
 *   POST /webhooks/stripe                   Stripe's signed events (raw body):
 *        payment_intent.amount_capturable_updated (authorised) and .succeeded both complete
 *        the purchase (an OXXO/SPEI one is confirmed); .payment_failed and .canceled expire
 *        a waiting OXXO/SPEI payment; duplicates and any order of arrival give one order.
 *        customer_cash_balance_transaction.created: SPEI money left in the payer's cash
 *        balance (late, short, excess) goes to the refund queue once (cash-balance.server.ts).
 *   POST /webhooks/conekta                  Conekta's events signed with RSA (`digest` header,
 *        CONEKTA_WEBHOOK_KEY): order.paid confirms an OXXO/SPEI order once, order.expired
 *        expires it (conekta-webhook.server.ts).
 *   POST /webhooks/demo                     the demo provider's signed events (demo mode only).
 */
import { eq } from "drizzle-orm";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { z } from "zod";
import { PAYMENT_API } from "~/config/payments";
import { QUANTITY_MAX, QUANTITY_MIN, TEXT_LIMITS, isPlainId, tooManyAttempts, withoutNul } from "~/domain/limits";
import {
  type AlertMessage,
  cardError,
  cardMinimum,
  checkoutFieldMissing,
  comingSoon,
  loginRequiredPurchase,
  paymentError,
  paymentInProgress,
  purchaseSuccess,
} from "~/domain/messages";
import { getDb } from "../db/index.server";
import { pagos } from "../db/schema";
import { env } from "../env.server";
import { isDemo } from "../mode.server";
import { authorizeDemoPayment } from "../payments/demo.server";
import { conektaWebhookRoutes } from "./conekta-webhook.server";
import { DEMO_WEBHOOK_PATH, handleDemoWebhook, simulateDemoPayment } from "../shop/demo-webhook.server";
import {
  activeProvider,
  conektaProvider,
  freeProvider,
  paymentOffer,
  pendingProvider,
  providerNamed,
} from "../payments/index.server";
import {
  type MetodoDiferido,
  isDiferido,
  isMesesMsi,
  isMetodoPago,
  motivoNoDisponible,
} from "~/domain/payment-methods";
import { expirePendingPayment } from "../payments/settle.server";
import { paymentOfCustomer, reconcileCashBalance } from "../payments/cash-balance.server";
import { CardError, PAGO_ESTADO, type PaymentProvider } from "../payments/provider.server";
import { sendVoucherMail } from "../shop/pending-mail.server";
import { verifyStripeWebhook } from "../payments/stripe.server";
import type { SessionUser } from "../session.server";
import { completeDeposit, isDepositRecord } from "../booking/deposit.server";
import { completePurchase } from "../shop/complete-purchase.server";
import { sendOrderConfirmation } from "../shop/order-mail.server";
import { findPayment } from "../payments/ledger.server";
import { type PaymentRecord, startPayment, startPendingPayment, startServerCharge } from "../shop/order-payment.server";
import { type PreparedPurchase, preparePurchase } from "../shop/start-purchase.server";
import { answeredUnavailable } from "./errors.server";
import { type ThrottleName, throttle } from "../rate-limit.server";
import { clientIp, requestUser, toFetchRequest } from "./request.server";
import { logError, logWarning } from "../log.server";

const API_BASE = PAYMENT_API;

export type PaymentApiOptions = {
  /** Tests: a provider (e.g. Stripe pointed at a local stub) used to create and confirm. */
  provider?: PaymentProvider;
  /** Tests: Conekta pointed at a local stub (default: Conekta when CONEKTA_PRIVATE_KEY is set). */
  conekta?: PaymentProvider;
  /** Tests: the webhook signing secret (default STRIPE_WEBHOOK_SECRET). */
  webhookSecret?: string;
  /** Tests: Conekta's webhook public key (default CONEKTA_WEBHOOK_KEY). */
  conektaWebhookKey?: string;
  /** Tests: whether the demo card route exists (default: the demo mode only, mode.server.ts). */
  demo?: boolean;
};

const refused = { icon: "error", title: "Solicitud rechazada", text: "Origen no permitido." } as const;
const badRequest = { icon: "error", title: "Solicitud inválida", text: "No pudimos leer la solicitud." } as const;
const orderNotFound = { icon: "error", title: "Compra no encontrada", text: "No encontramos esa compra." } as const;
const notConfirmed = {
  icon: "error",
  title: "Pago sin confirmar",
  text: "Este pago aún no ha sido confirmado.",
} as const satisfies AlertMessage;

export function paymentRoutes(options: PaymentApiOptions = {}): Router {
  const router = express.Router();
  const json = express.json({ limit: "16kb" });
  const provider = () => options.provider ?? activeProvider();

  // Conekta's signed events (raw body too): conekta-webhook.server.ts.
  router.use(conektaWebhookRoutes({ conekta: options.conekta, conektaWebhookKey: options.conektaWebhookKey }));

  // Stripe signs the raw bytes: this route must not go through express.json().
  router.post("/webhooks/stripe", express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    const secret = options.webhookSecret ?? env.stripeWebhookSecret;
    if (!secret) return void res.status(404).json({ error: "Webhook no configurado." });
    let event: ReturnType<typeof verifyStripeWebhook>;
    try {
      event = verifyStripeWebhook(req.body as Buffer, req.get("stripe-signature") ?? "", secret);
    } catch {
      return void res.status(400).json({ error: "Firma inválida." });
    }
    const stripeProvider = () => options.provider ?? providerNamed("stripe");
    if (event.type === "customer_cash_balance_transaction.created") {
      // SPEI money in a payer's cash balance (funded, unapplied from a cancelled intent...):
      // what the payment could not take goes to the refund queue, once (ADR 033).
      const { customer } = event.data.object;
      const cliente = typeof customer === "string" ? customer : customer?.id;
      try {
        const paymentId = cliente ? await paymentOfCustomer(getDb(), cliente) : null;
        if (!paymentId) {
          logWarning(`Webhook de Stripe: saldo de un cliente ajeno (${event.data.object.id})`);
          return void res.json({ received: true });
        }
        await reconcileCashBalance(getDb(), paymentId, stripeProvider());
        return void res.json({ received: true });
      } catch (error) {
        if (answeredUnavailable(error, req, res)) return;
        logError(`Webhook de Stripe: no se pudo revisar el saldo ${event.data.object.id}`, error);
        return void res.status(500).json({ error: "Error al revisar el saldo." });
      }
    }
    const paymentId = (event.data.object as { id: string }).id;
    if (event.type === "payment_intent.partially_funded") {
      // A short SPEI transfer: the order keeps waiting until its window ends; what arrived
      // goes to the refund queue if the rest does not (the intent is cancelled then, ADR 033).
      logWarning(`Pago ${paymentId}: transferencia SPEI parcial; sigue pendiente.`);
      return void res.json({ received: true });
    }
    if (EXPIRING_EVENTS.has(event.type)) {
      // OXXO / SPEI that the provider gave up on: expire it (the provider's word decides; a card's failure changes nothing here).
      try {
        const [pago] = await getDb().select({ metodo: pagos.metodo }).from(pagos).where(eq(pagos.id, paymentId));
        if (pago && isDiferido(pago.metodo)) await expirePendingPayment(getDb(), paymentId, stripeProvider());
        return void res.json({ received: true });
      } catch (error) {
        if (answeredUnavailable(error, req, res)) return;
        logError(`Webhook de Stripe: no se pudo vencer el pago ${paymentId}`, error);
        return void res.status(500).json({ error: "Error al vencer el pago." });
      }
    }
    // Authorised (manual capture) or captured: either way the provider's own answer decides.
    if (!COMPLETING_EVENTS.has(event.type)) return void res.json({ received: true });
    try {
      // An appointment's deposit has its own workflow (booking/deposit.server.ts). The row is
      // read once here and handed on.
      const pago = (await findPayment<PaymentRecord>(getDb(), paymentId)) ?? undefined;
      if (pago && isDepositRecord(pago)) {
        const deposit = await completeDeposit(getDb(), paymentId, { provider: options.provider, payment: pago });
        if (!deposit.ok && (deposit.reason === "pendiente" || deposit.reason === "monto")) {
          return void res.status(409).json({ error: deposit.reason });
        }
        if (pago.clienteProveedor) await reconcileCashBalance(getDb(), paymentId, stripeProvider());
        return void res.json({ received: true });
      }
      const result = await completePurchase(getDb(), paymentId, { provider: options.provider, payment: pago });
      if (!result.ok && result.reason === "desconocido")
        logWarning(`Webhook de Stripe para un pago ajeno: ${paymentId}`);
      // Retry later (Stripe re-sends on non-2xx) only when the answer might change.
      if (!result.ok && (result.reason === "pendiente" || result.reason === "monto")) {
        return void res.status(409).json({ error: result.reason });
      }
      // A SPEI transfer of more than the total: the difference stays in the cash balance (ADR 033).
      if (pago?.clienteProveedor) await reconcileCashBalance(getDb(), paymentId, stripeProvider());
      res.json({ received: true });
    } catch (error) {
      if (answeredUnavailable(error, req, res)) return;
      logError(`Webhook de Stripe: no se pudo confirmar el pago ${paymentId}`, error);
      res.status(500).json({ error: "Error al confirmar el pago." });
    }
  });

  router.post(`${API_BASE}/stripe`, sameOrigin, json, async (req, res) => {
    const priced = await prepare(req);
    if (!priced.ok) return void fail(res, priced.status, priced.message);
    const { user } = priced;
    if (!(await allowed(req, res, "pago", user.id))) return;
    if (priced.draft.total === 0) return void (await completeFree(res, priced));
    const body = (req.body ?? {}) as Record<string, unknown>;
    const metodo = body.metodo ?? "tarjeta";
    if (!isMetodoPago(metodo)) return void fail(res, 400, badRequest);
    // OXXO / SPEI: Stripe, else Conekta (a deployment on Conekta's API), else the demo.
    const card = options.provider ?? (metodo === "tarjeta" ? activeProvider() : pendingProvider());
    const oferta = paymentOffer(card, priced.draft.total);
    if (metodo === "tarjeta" && priced.draft.total < card.minimumAmount) {
      return void fail(res, 400, cardMinimum(card.minimumAmount));
    }
    const motivo = motivoNoDisponible(oferta, metodo);
    if (motivo) return void fail(res, 400, methodUnavailable(motivo));
    if (metodo !== "tarjeta") return void (await startPending(req, res, priced, card, metodo));
    // MSI: only a plan the server offers for this total (the card may still refuse it at the provider).
    const meses = body.meses ?? null;
    if (meses !== null && !(isMesesMsi(meses) && oferta.planes.includes(meses))) {
      return void fail(res, 400, methodUnavailable("Ese plan de meses sin intereses no está disponible para este total."));
    }
    try {
      const payment = await startPayment(getDb(), {
        userId: user.id,
        ...purchaseOf(priced),
        provider: card,
        ...(meses ? { meses } : {}),
      });
      res.json({ clientSecret: payment.clientSecret, paymentId: payment.paymentId });
    } catch (error) {
      if (answeredUnavailable(error, req, res)) return;
      logError(`No se pudo crear el pago de ${user.id}`, error);
      fail(res, 502, paymentError);
    }
  });

  // Conekta charges a card token on the server: price, charge and write the order in one call.
  router.post(`${API_BASE}/conekta`, sameOrigin, json, async (req, res) => {
    const conekta = options.conekta ?? conektaProvider();
    if (!conekta) return void fail(res, 404, comingSoon);
    const card = conektaBody.safeParse(req.body ?? {});
    if (!card.success) {
      // A missing or malformed contact or card field is named; a malformed product list is a bad request.
      const field = String(card.error.issues[0]?.path[0]);
      const label = CONEKTA_FIELDS[field as keyof typeof CONEKTA_FIELDS];
      return void fail(res, 400, label ? checkoutFieldMissing(label) : badRequest);
    }
    const priced = await prepare(req);
    if (!priced.ok) return void fail(res, priced.status, priced.message);
    const { user } = priced;
    if (card.data.productos && !sameProducts(priced.draft, card.data.productos, card.data.cantidades ?? [])) {
      return void fail(res, 409, cartChanged);
    }
    if (!(await allowed(req, res, "pago", user.id))) return;
    if (priced.draft.total === 0) return void (await completeFree(res, priced));
    if (priced.draft.total < conekta.minimumAmount) return void fail(res, 400, cardMinimum(conekta.minimumAmount));
    const db = getDb();
    try {
      const { token, nombre, correo, cel } = card.data;
      // The `pagos` row first, under a per-cart lock; then the authorisation (idempotency key).
      const payment = await startServerCharge(db, {
        userId: user.id,
        ...purchaseOf(priced),
        provider: conekta,
        card: { token, customer: { nombre, correo, cel } },
      });
      if (!payment.ok) return void fail(res, 409, paymentInProgress);
      // Order written with its stock, then captured; stock gone → the authorisation is cancelled.
      const result = await completePurchase(db, payment.paymentId, { provider: conekta });
      if (result.ok) {
        return void res.json({
          paymentId: payment.paymentId,
          compraId: result.compraId,
          message: purchaseSuccess(result.compraId),
        });
      }
      fail(res, result.reason === "sin-stock" ? 409 : 502, result.message);
    } catch (error) {
      if (answeredUnavailable(error, req, res)) return;
      if (error instanceof CardError) return void fail(res, 402, cardError(error.message));
      logError(`No se pudo cobrar con Conekta a ${user.id}`, error);
      fail(res, 502, paymentError);
    }
  });

  router.post(DEMO_WEBHOOK_PATH, demoOnly(options), express.raw({ type: () => true, limit: "16kb" }), async (req, res) => {
    try {
      const answer = await handleDemoWebhook(
        Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "",
        req.get("demo-signature") ?? "",
        provider(),
      );
      res.status(answer.status).json(answer.body);
    } catch (error) {
      if (answeredUnavailable(error, req, res)) return;
      logError("Webhook demo", error);
      res.status(500).json({ error: "Error al procesar el evento." });
    }
  });

  // 'Simular pago recibido' on the buyer's own pending OXXO/SPEI order (demo mode only).
  router.post(`${API_BASE}/demo/simular`, demoOnly(options), sameOrigin, json, withUser, async (req, res) => {
    const user = res.locals.user as SessionUser;
    const paymentId = String((req.body as Record<string, unknown> | undefined)?.paymentId ?? "");
    if (!isPlainId(paymentId)) return void fail(res, 404, orderNotFound);
    try {
      const [pago] = await getDb().select({ userId: pagos.userId }).from(pagos).where(eq(pagos.id, paymentId));
      if (!pago || pago.userId !== user.id) return void fail(res, 404, orderNotFound);
      const answer = await simulateDemoPayment(paymentId, provider());
      if (answer.status !== 200) return void fail(res, answer.status, paymentError);
      res.json(answer.body);
    } catch (error) {
      if (answeredUnavailable(error, req, res)) return;
      logError(`Simulación de pago ${paymentId}`, error);
      fail(res, 500, paymentError);
    }
  });

  router.post(`${API_BASE}/demo/pago`, demoOnly(options), sameOrigin, json, withUser, async (req, res) => {
    const user = res.locals.user as SessionUser;
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      const result = await authorizeDemoPayment(getDb(), {
        clientSecret: body.clientSecret,
        userId: user.id,
        card: { numero: body.numero, vencimiento: body.vencimiento, cvc: body.cvc, nombre: body.nombre },
      });
      if (result.ok) return void res.json({ status: "succeeded", paymentId: result.paymentId });
      if (result.reason === "tarjeta")
        return void res.status(402).json({ error: cardError(result.message), tipo: "tarjeta" });
      fail(res, 404, paymentError);
    } catch (error) {
      if (answeredUnavailable(error, req, res)) return;
      logError(`Pago demo de ${user.id}`, error);
      fail(res, 500, paymentError);
    }
  });

  router.post(`${API_BASE}/confirmar`, sameOrigin, json, withUser, async (req, res) => {
    const user = res.locals.user as SessionUser;
    const paymentId = String((req.body as Record<string, unknown> | undefined)?.paymentId ?? "");
    if (!isPlainId(paymentId)) return void fail(res, 404, paymentError);
    const db = getDb();
    try {
      // The row once: its owner, its kind, then the purchase itself reads no other copy.
      const pago = await findPayment<PaymentRecord>(db, paymentId);
      if (!pago || pago.userId !== user.id) return void fail(res, 404, paymentError);
      // A deposit is confirmed on its appointment's page (/cita/{token}), never as an order.
      if (isDepositRecord(pago)) return void fail(res, 404, paymentError);
      const result = await completePurchase(db, paymentId, { provider: options.provider, payment: pago });
      if (result.ok) return void res.json({ compraId: result.compraId, message: purchaseSuccess(result.compraId) });
      if (result.reason !== "fallido" && result.reason !== "sin-stock") {
        logError(`Confirmación del pago ${paymentId}: ${result.reason}`);
      }
      const status = result.reason === "fallido" ? 402 : result.reason === "sin-stock" ? 409 : 502;
      fail(res, status, result.message);
    } catch (error) {
      if (answeredUnavailable(error, req, res)) return;
      logError(`No se pudo confirmar el pago ${paymentId}`, error);
      fail(res, 500, paymentError);
    }
  });

  router.post(`${API_BASE}/correo`, sameOrigin, json, withUser, async (req, res) => {
    const user = res.locals.user as SessionUser;
    const id = String((req.body as Record<string, unknown> | undefined)?.id ?? "");
    const db = getDb();
    // Each call sends a mail: a few per account and IP, then a wait.
    if (!(await allowed(req, res, "correo", user.id))) return;
    if (!isPlainId(id)) return void fail(res, 404, orderNotFound);
    try {
      const [pago] = await db
        .select({ userId: pagos.userId, compraId: pagos.compraId, estado: pagos.estado })
        .from(pagos)
        .where(eq(pagos.id, id));
      // Someone else's payment looks exactly like a missing one.
      if (!pago || pago.userId !== user.id) return void fail(res, 404, orderNotFound);
      if (!pago.compraId) return void fail(res, 409, notConfirmed);
      if (pago.estado === PAGO_ESTADO.esperandoPago) {
        // Not paid yet (OXXO / SPEI): the voucher again, not a confirmation.
        await sendVoucherMail(db, id);
        return void res.json({ type: "Correo enviado", compraId: pago.compraId });
      }
      if (pago.estado === PAGO_ESTADO.vencido || pago.estado === PAGO_ESTADO.reembolso) {
        return void fail(res, 409, notConfirmed);
      }
      await sendOrderConfirmation(db, pago.compraId);
      res.json({ type: "Correo enviado", compraId: pago.compraId });
    } catch (error) {
      if (answeredUnavailable(error, req, res)) return;
      logError(`No se pudo enviar el correo del pago ${id}`, error);
      fail(res, 500, paymentError);
    }
  });

  // A body that is not valid JSON (or too big) gets a Spanish JSON answer, not Express's HTML page.
  router.use((error: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (error?.type === "entity.parse.failed" || error?.type === "entity.too.large") {
      return void fail(res, error.status ?? 400, badRequest);
    }
    next(error);
  });

  return router;
}

const COMPLETING_EVENTS = new Set(["payment_intent.amount_capturable_updated", "payment_intent.succeeded"]);
/** An OXXO voucher that expired unpaid (Stripe reports payment_failed), or an intent cancelled. */
const EXPIRING_EVENTS = new Set(["payment_intent.payment_failed", "payment_intent.canceled"]);

const methodUnavailable = (text: string) =>
  ({ icon: "warning", title: "Método de pago no disponible", text }) as const satisfies AlertMessage;

/**
 * OXXO or SPEI: the voucher / CLABE is issued and the order written 'Pendiente de pago' with
 * its stock held (payments/settle.server.ts). Answers { paymentId, compraId, pendiente, instrucciones }.
 */
async function startPending(
  req: Request,
  res: Response,
  priced: PreparedPurchase,
  provider: PaymentProvider,
  metodo: MetodoDiferido,
) {
  const { user, datosEnvio, datosContacto } = priced;
  const nombre = datosEnvio ? `${datosEnvio.nombre} ${datosEnvio.apellido}` : user.name;
  try {
    const result = await startPendingPayment(getDb(), {
      userId: user.id,
      ...purchaseOf(priced),
      payer: { nombre, correo: datosContacto.correo || user.email, telefono: datosContacto.telefono },
      provider,
      metodo,
    });
    if (!result.ok) return void fail(res, 409, result.message);
    res.json({
      paymentId: result.paymentId,
      compraId: result.compraId,
      pendiente: true,
      instrucciones: result.instrucciones,
    });
  } catch (error) {
    if (answeredUnavailable(error, req, res)) return;
    logError(`No se pudo generar la ficha ${metodo} de ${user.id}`, error);
    fail(res, 502, paymentError);
  }
}

/** A $0 order (100 % code, free course): no card and no provider call, the same order workflow. */
async function completeFree(res: Response, priced: PreparedPurchase) {
  const db = getDb();
  try {
    const payment = await startPayment(db, { userId: priced.user.id, ...purchaseOf(priced), provider: freeProvider() });
    const result = await completePurchase(db, payment.paymentId);
    if (result.ok) {
      return res.json({
        paymentId: payment.paymentId,
        compraId: result.compraId,
        message: purchaseSuccess(result.compraId),
      });
    }
    fail(res, result.reason === "sin-stock" ? 409 : 502, result.message);
  } catch (error) {
    logError(`No se pudo registrar el pedido gratis de ${priced.user.id}`, error);
    fail(res, 502, paymentError);
  }
}

/** What the buyer may pay for now, decided by the purchase workflow from the session and the database. */
async function prepare(req: Request) {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const request = toFetchRequest(req);
  return preparePurchase(getDb(), { request, user: await requestUser(req), curso: body.curso, codigo: body.codigo });
}

const purchaseOf = ({ draft, datosEnvio, datosContacto }: PreparedPurchase) => ({ draft, datosEnvio, datosContacto });

/** The `conekta` call's body (SPEC §7); `precios` is accepted and ignored: the server prices. */
const conektaBody = z.object({
  token: z.string().trim().min(1).max(200).refine(isPlainId),
  nombre: z.string().trim().min(1).max(TEXT_LIMITS.nombre).refine((s) => withoutNul(s) === s),
  correo: z.string().trim().max(TEXT_LIMITS.correo).pipe(z.email()),
  cel: z
    .string()
    .trim()
    .regex(/^\+?[\d\s-]{10,20}$/),
  productos: z.array(z.string().refine(isPlainId)).max(200).optional(),
  cantidades: z.array(z.number().int().min(QUANTITY_MIN).max(QUANTITY_MAX)).max(200).optional(),
  precios: z.array(z.unknown()).max(200).optional(),
});

const CONEKTA_FIELDS = { token: "tarjeta", nombre: "nombre", correo: "correo", cel: "celular" } as const;

const cartChanged = {
  icon: "warning",
  title: "Tu carrito cambió",
  text: "Los productos o cantidades ya no coinciden con tu carrito. Revísalo antes de pagar.",
} as const satisfies AlertMessage;

/** The browser's list of what it thinks it is buying, checked against the priced cart. */
function sameProducts(draft: PreparedPurchase["draft"], productos: string[], cantidades: number[]): boolean {
  const priced = draft.lines
    .filter((line) => line.tipo === "producto")
    .map((line) => `${line.id}×${line.cantidad}`)
    .sort();
  const sent = productos.map((id, i) => `${id}×${cantidades[i]}`).sort();
  return priced.length === sent.length && priced.every((line, i) => line === sent[i]);
}

function fail(res: Response, status: number, message: AlertMessage) {
  res.status(status).json({ error: message });
}

/** One hit of a throttle (rate-limit.server.ts) for this client IP and account; answers 429 when spent. */
async function allowed(req: Request, res: Response, name: ThrottleName, userId: string): Promise<boolean> {
  const limit = await throttle(getDb(), name, { ip: clientIp(req), userId });
  if (limit.allowed) return true;
  res.setHeader("Retry-After", String(limit.retryAfterSeconds));
  fail(res, 429, tooManyAttempts(limit.retryAfterSeconds));
  return false;
}

/**
 * These endpoints act on the session cookie, so they answer only our own pages: the
 * browser's Origin header must name this host (stricter than the app-wide check, which lets
 * requests without Origin through).
 */
function sameOrigin(req: Request, res: Response, next: NextFunction) {
  const origin = req.get("origin");
  let host: string | null = null;
  try {
    host = origin ? new URL(origin).host : null;
  } catch {}
  if (host && host === req.get("host")) return next();
  res.status(403).json({ error: refused });
}

/** The demo's card form: in a deployment its route does not exist (404, before any other check). */
function demoOnly(options: PaymentApiOptions) {
  const exists = options.demo ?? isDemo();
  return (_req: Request, res: Response, next: NextFunction) => (exists ? next() : void res.sendStatus(404));
}

async function withUser(req: Request, res: Response, next: NextFunction) {
  try {
    const user = await requestUser(req);
    if (!user) return void fail(res, 401, loginRequiredPurchase);
    res.locals.user = user;
    next();
  } catch (error) {
    next(error);
  }
}
