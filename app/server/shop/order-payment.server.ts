/**
 * The shop's order (products and online courses) as a payable thing of the payment ledger
 * (payments/payable.server.ts, registered as "compra"): what the one settle step
 * (payments/settle.server.ts) does to it when it is paid, held and released, whatever the
 * method, and how the shop opens its payments.
 *
 *   card     fulfilCard: one transaction under the payment's lock — the stock taken, the
 *            order written, the courses enrolled, the cart emptied of what was bought, the
 *            payment `por-capturar` (or `pagado`), the confirmation and the studio's notice
 *            queued in the outbox (ADR 028); stock gone, or a discount code refused now
 *            (its limit reached meanwhile, its dates: redemptions.server.ts) → nothing
 *            written (the settle step cancels the authorisation, or flags captured money
 *            for refund: lateMoney)
 *   OXXO/SPEI hold: stock taken, order written 'Pendiente de pago', codes counted, cart
 *            emptied (all or nothing: a savepoint);
 *            fulfil: the order paid, its courses open, the mails queued;
 *            release: the order 'Vencido', its stock and its codes' uses back
 */
import { eq, sql } from "drizzle-orm";
import type { AlertMessage } from "~/domain/messages";
import type { OrderDraft } from "~/domain/order";
import { ESTADO_PAGO, type EstadoPago } from "~/domain/order-status";
import { type InstruccionesPago, type MesesMsi, type MetodoDiferido, diasParaPagar } from "~/domain/payment-methods";
import { enrolPurchase } from "../school/enrolment.server";
import type { Db, DbOrTx } from "../db/index.server";
import { compraLineas, compras, productos } from "../db/schema";
import { logError } from "../log.server";
import { deliverQueuedMail } from "../mail.server";
import {
  type PagoRow,
  type ServerCharge,
  lockPayment,
  markOrderWritten,
  openPayment,
  openServerCharge,
} from "../payments/ledger.server";
import { DEFAULT_KIND, registerPayable } from "../payments/payable.server";
import type { CreatePaymentInput, PaymentProvider } from "../payments/provider.server";
import { PAGO_ESTADO } from "../payments/provider.server";
import { issuePendingPayment } from "../payments/settle.server";
import { removeBoughtFromCart } from "./cart.server";
import { takeStock } from "./catalog.server";
import { lostCode, lostCodeReason, redeemCodes, returnCodes } from "./redemptions.server";
import { sendOrderConfirmation, sendRefundNotice, sendStudioOrderNotice } from "./order-mail.server";
import { type DatosContacto, type DatosEnvio, type PaymentDetail, writeOrder } from "./orders.server";
import { sendLatePaymentNotice, sendPaymentExpired, sendPaymentReminder, sendVoucherMail } from "./pending-mail.server";

/** A shop payment: always a buyer's (only an appointment's deposit may have none). */
export type PaymentRecord = Omit<PagoRow, "userId"> & { userId: string; detalle: PaymentDetail };

class StockGone extends Error {
  constructor(readonly nombres: string[]) {
    super(`Sin existencias al escribir el pedido: ${nombres.join(", ")}`);
  }
}

/** The shop's order (products and online courses). */
export const orderPayable = registerPayable<PaymentRecord, null>(DEFAULT_KIND, {
  label: "Pago",

  async fulfilCard(db, pago, paid) {
    const paymentId = pago.id;
    try {
      return await db.transaction(async (tx) => {
        const locked = await lockPayment<PaymentRecord>(tx, paymentId);
        if (locked.compraId) return { ok: true, ref: locked.compraId, created: false, value: null };
        if (locked.estado === PAGO_ESTADO.reembolso || locked.estado === PAGO_ESTADO.cancelado) {
          throw new StockGone([]);
        }
        const { detalle } = locked;

        const gone = await takeStock(tx, detalle.lines);
        if (gone.length > 0) throw new StockGone(gone);

        const compraId = await writeOrder(tx, {
          userId: locked.userId,
          paymentId,
          proveedor: locked.proveedor,
          detalle,
          // MSI: the plan the provider actually set on the card; the amount is the same.
          pago: { metodo: "tarjeta", estadoPago: "pagado", meses: paid.meses },
        });
        // The codes' uses, counted under their rows' locks: a refusal undoes the order.
        const refused = await redeemCodes(tx, { userId: locked.userId, compraId, detalle, now: paid.now });
        if (refused) throw new StockGone([lostCode(refused)]);

        const cursoIds = detalle.lines.filter((l) => l.tipo === "curso").map((l) => l.id);
        if (cursoIds.length > 0) await enrolPurchase(tx, { userId: locked.userId, compraId, cursoIds });

        if (detalle.carritoId) {
          const bought = detalle.lines.filter((l) => l.tipo === "producto").map((l) => l.id);
          await removeBoughtFromCart(tx, detalle.carritoId, bought);
        }

        await markOrderWritten(tx, paymentId, compraId, paid.captured);
        // The mails are queued with the order (ADR 028): they exist if and only if it does.
        await sendOrderConfirmation(tx, compraId);
        await sendStudioOrderNotice(tx, compraId);
        return { ok: true, ref: compraId, created: true, value: null };
      });
    } catch (error) {
      if (!(error instanceof StockGone)) throw error;
      return { ok: false, lost: error.nombres };
    }
  },

  async lateMoney(db, pago, lost) {
    logError(`Pago ${pago.id} cobrado sin existencias (${lost.join(", ")}): requiere reembolso.`);
    await sendRefundNotice(db, pago.userId, pago.id, pago.detalle, lost).catch((mailError) =>
      logError(`No se pudo enviar el aviso de reembolso del pago ${pago.id}`, mailError),
    );
  },

  async hold(tx, pago) {
    const { detalle } = pago;
    try {
      // a savepoint: stock taken and codes counted stand or fall together
      const compraId = await tx.transaction(async (sp) => {
        const gone = await takeStock(sp, detalle.lines);
        if (gone.length > 0) throw new StockGone(gone);
        const id = await writeOrder(sp, {
          userId: pago.userId,
          paymentId: pago.id,
          proveedor: pago.proveedor,
          detalle,
          pago: { metodo: pago.metodo, estadoPago: ESTADO_PAGO.pendiente, meses: null },
        });
        const refused = await redeemCodes(sp, { userId: pago.userId, compraId: id, detalle });
        if (refused) throw new StockGone([lostCode(refused)]);
        return id;
      });
      if (detalle.carritoId) {
        const bought = detalle.lines.filter((l) => l.tipo === "producto").map((l) => l.id);
        await removeBoughtFromCart(tx, detalle.carritoId, bought);
      }
      return { ok: true, id: compraId };
    } catch (error) {
      if (!(error instanceof StockGone)) throw error;
      return { ok: false, nombres: error.nombres };
    }
  },

  async fulfil(tx, pago, compraId) {
    await tx.update(compras).set({ estadoPago: ESTADO_PAGO.pagado }).where(eq(compras.id, compraId));
    // A course bought this way opens only now.
    const cursoIds = pago.detalle.lines.filter((l) => l.tipo === "curso").map((l) => l.id);
    if (cursoIds.length > 0) await enrolPurchase(tx, { userId: pago.userId, compraId, cursoIds });
    // queued with the payment (ADR 028); afterPaid delivers them after the commit
    await sendOrderConfirmation(tx, compraId);
    await sendStudioOrderNotice(tx, compraId);
    return undefined;
  },

  async release(tx, _pago, compraId) {
    await closeOrder(tx, compraId, ESTADO_PAGO.vencido);
  },

  async afterPaid(db) {
    await deliverQueuedMail(db);
  },

  mails: {
    voucher: sendVoucherMail,
    reminder: sendPaymentReminder,
    expired: sendPaymentExpired,
    late: sendLatePaymentNotice,
  },
});

/**
 * An order that will not go out (its voucher expired: `vencido`; the studio cancelled it:
 * `cancelado`), inside the caller's transaction: its payment state set, its discount codes'
 * uses and its stock given back, line by line as they were recorded on the order.
 */
export async function closeOrder(tx: DbOrTx, compraId: string, estadoPago: EstadoPago): Promise<void> {
  await tx.update(compras).set({ estadoPago }).where(eq(compras.id, compraId));
  await returnCodes(tx, compraId);
  const lines = await tx
    .select({ productoId: compraLineas.productoId, cantidad: compraLineas.cantidad })
    .from(compraLineas)
    .where(eq(compraLineas.compraId, compraId));
  for (const line of lines) {
    if (!line.productoId) continue;
    await tx
      .update(productos)
      .set({ cantidad: sql`${productos.cantidad} + ${line.cantidad}` })
      .where(eq(productos.id, line.productoId));
  }
}

// ---------------------------------------------------------------- opening the shop's payments

type NewPayment = {
  userId: string;
  draft: OrderDraft;
  datosEnvio: DatosEnvio | null;
  datosContacto: DatosContacto;
  provider: PaymentProvider;
};

const metadataOf = (input: NewPayment) => ({
  userId: input.userId,
  tipo: input.draft.tipo,
  carritoId: input.draft.carritoId ?? "",
});

/** What a purchase attempt is about, for the per-cart lock: the cart, or this buyer's course. */
export function purchaseKey(userId: string, draft: OrderDraft): string {
  if (draft.carritoId) return `carrito:${draft.carritoId}`;
  return `curso:${userId}:${draft.lines.map((l) => l.id).join(",")}`;
}

/** A card the browser confirms later (Stripe, demo, $0): the ledger's `pendiente` row for this draft. */
export function startPayment(
  db: Db,
  input: NewPayment & { meses?: MesesMsi },
): Promise<{ paymentId: string; clientSecret: string; amount: number }> {
  const { draft } = input;
  const detalle: PaymentDetail = {
    ...draft,
    datosEnvio: input.datosEnvio,
    datosContacto: input.datosContacto,
    ...(input.meses ? { meses: input.meses } : {}),
  };
  return openPayment(db, {
    userId: input.userId,
    carritoId: draft.carritoId,
    monto: draft.total,
    detalle,
    metadata: metadataOf(input),
    provider: input.provider,
    ...(input.meses ? { meses: input.meses } : {}),
  });
}

/** A card token the server authorises now (Conekta), at most once per cart (ledger.server.ts openServerCharge). */
export function startServerCharge(
  db: Db,
  input: NewPayment & { card: NonNullable<CreatePaymentInput["card"]> },
): Promise<ServerCharge> {
  const { draft } = input;
  return openServerCharge(db, {
    userId: input.userId,
    carritoId: draft.carritoId,
    monto: draft.total,
    detalle: { ...draft, datosEnvio: input.datosEnvio, datosContacto: input.datosContacto },
    metadata: metadataOf(input),
    provider: input.provider,
    intento: purchaseKey(input.userId, draft),
    card: input.card,
  });
}

export type StartPendingInput = {
  userId: string;
  draft: OrderDraft;
  datosEnvio: DatosEnvio | null;
  datosContacto: DatosContacto;
  payer: { nombre: string; correo: string; telefono?: string };
  provider: PaymentProvider;
  metodo: MetodoDiferido;
  asunto?: string;
  now?: Date;
};

export type StartPendingResult =
  | { ok: true; paymentId: string; compraId: string; instrucciones: InstruccionesPago; created: boolean }
  | { ok: false; reason: "sin-stock"; message: AlertMessage };

const DAY_MS = 86_400_000;

/** An OXXO voucher or SPEI reference for this order (payments/settle.server.ts issuePendingPayment). */
export async function startPendingPayment(db: Db, input: StartPendingInput): Promise<StartPendingResult> {
  const { draft, metodo } = input;
  const now = input.now ?? new Date();
  const issued = await issuePendingPayment(db, {
    userId: input.userId,
    intento: purchaseKey(input.userId, draft),
    monto: draft.total,
    carritoId: draft.carritoId,
    detalle: { ...draft, datosEnvio: input.datosEnvio, datosContacto: input.datosContacto },
    metadata: { userId: input.userId, tipo: draft.tipo, carritoId: draft.carritoId ?? "", metodo },
    payer: input.payer,
    provider: input.provider,
    metodo,
    vence: new Date(now.getTime() + diasParaPagar(metodo) * DAY_MS),
    asunto: input.asunto,
  });
  if (issued.ok) return issued;
  return { ok: false, reason: "sin-stock", message: soldOut(issued.nombres) };
}

const soldOut = (nombres: string[]): AlertMessage => {
  const motivo = lostCodeReason(nombres);
  if (motivo) {
    return {
      icon: "warning",
      title: "Código de descuento no aplicado",
      text: `${motivo} No se generó tu ficha ni ningún cobro. Quita el código e intenta de nuevo.`,
    };
  }
  return soldOutVoucher(nombres);
};

const soldOutVoucher = (nombres: string[]) =>
  ({
    icon: "warning",
    title: "Producto agotado",
    text: `${nombres.length > 0 ? nombres.join(", ") : "Un producto"} se agotó mientras generábamos tu ficha. No se generó ningún cobro.`,
  }) as const satisfies AlertMessage;
