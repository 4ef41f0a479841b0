/**
 * Payments and orders (SPEC §3 compras, §4 'Payment success', DESIGN 'Security model').
 *
 *   startPayment(db, { userId, draft, datosEnvio, datosContacto, provider })
 *       → asks the provider for a payment of draft.total and stores it in `pagos` with the
 *         exact priced draft and addresses: what is charged is what will be ordered.
 *   confirmPayment(db, paymentId)
 *       → once the provider says the payment succeeded, writes the order exactly once
 *         (browser return and webhook may both arrive, at the same moment): compras +
 *         compra_lineas, stock decremented (never below 0), courses enrolled, cart emptied,
 *         all in one transaction; then the confirmation mail.
 *   listOrders(db, userId)       → /mis-compras, newest first.
 *   sendOrderConfirmation(db, compraId) → the mail (also re-sent on request).
 *
 * Stock that vanished between pricing and payment (another buyer took the last unit while
 * this card was being charged): the transaction rolls back, nothing is ordered, the payment
 * is marked `requiere-reembolso`, the buyer is told (alert and mail) and the studio is
 * mailed to refund it. See docs/decisions/004-payments.md.
 */
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { CheckoutForm } from "~/domain/checkout";
import { formatSpanishDateTime } from "~/domain/dates";
import { type AlertMessage, cardError, paymentError } from "~/domain/messages";
import { formatPrice } from "~/domain/money";
import type { Db } from "./db/index.server";
import { enrolPurchase } from "./courses.server";
import { carritoLineas, carritos, compraLineas, compras, pagos, productos, user } from "./db/schema";
import { env } from "./env.server";
import { escapeHtml, mailLayout, sendMail } from "./mail.server";
import { providerNamed } from "./payments/index.server";
import { type CreatePaymentInput, PAGO_ESTADO, type PaymentProvider } from "./payments/provider.server";
import type { DbOrTx, OrderDraft } from "./pricing.server";

export type DatosEnvio = Pick<
  CheckoutForm,
  "nombre" | "apellido" | "direccion" | "colonia" | "codigo_postal" | "ciudad" | "estado" | "pais"
>;
export type DatosContacto = { correo: string; telefono: string };

/** What `pagos.detalle` holds: the priced draft and where it goes. */
export type PaymentDetail = OrderDraft & { datosEnvio: DatosEnvio | null; datosContacto: DatosContacto };

/** Splits the checkout form into the order's shipping and contact data (SPEC §3 compras). */
export function splitCheckoutForm(form: CheckoutForm): { datosEnvio: DatosEnvio; datosContacto: DatosContacto } {
  const { correo, telefono, ...datosEnvio } = form;
  return { datosEnvio, datosContacto: { correo, telefono } };
}

// ---------------------------------------------------------------- starting a payment

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
    console.error(
      `Pago ${payment.id} (${input.provider.name}, ${draft.total} centavos, usuario ${input.userId}) creado pero no guardado; revisar y reembolsar si se cobró:`,
      error,
    );
    throw error;
  }
  return { paymentId: payment.id, clientSecret: payment.clientSecret, amount: draft.total };
}

// ---------------------------------------------------------------- confirming it

export type ConfirmFailure = "desconocido" | "pendiente" | "fallido" | "monto" | "sin-stock";

export type ConfirmResult =
  | { ok: true; compraId: string; created: boolean }
  | { ok: false; reason: ConfirmFailure; message: AlertMessage };

/** Charged, but a product ran out before the order could be written (the spec has no text). */
export const paidOutOfStock = (nombres: string[]) =>
  ({
    icon: "warning",
    title: "Producto agotado",
    text:
      `Recibimos tu pago, pero ${nombres.join(", ")} se agotó mientras pagabas, así que no se generó tu pedido. ` +
      "Te reembolsaremos el cargo completo y te escribiremos por correo.",
  }) as const satisfies AlertMessage;

class StockGone extends Error {
  constructor(readonly nombres: string[]) {
    super(`Sin existencias al escribir el pedido: ${nombres.join(", ")}`);
  }
}

/**
 * Writes the order for a payment the provider confirmed, exactly once. Safe to call any
 * number of times from anywhere (browser return, webhook, a retry): the payment row is
 * locked for the transaction, and compras.pago_id is unique; later callers get the order
 * that exists. `provider` overrides the one that created the payment (tests).
 */
export async function confirmPayment(
  db: Db,
  paymentId: string,
  options: { provider?: PaymentProvider } = {},
): Promise<ConfirmResult> {
  const [pago] = await db.select().from(pagos).where(eq(pagos.id, paymentId));
  if (!pago) return { ok: false, reason: "desconocido", message: paymentError };
  if (pago.compraId) return { ok: true, compraId: pago.compraId, created: false };
  const detalle = pago.detalle as PaymentDetail;
  if (pago.estado === PAGO_ESTADO.reembolso) return outOfStockResult(detalle);

  // Ask the provider before opening the transaction: no network wait while rows are locked.
  const provider = options.provider ?? providerNamed(pago.proveedor);
  const status = await provider.retrieve(paymentId);
  if (status.status === "pending") return { ok: false, reason: "pendiente", message: paymentError };
  if (status.status === "failed") {
    return { ok: false, reason: "fallido", message: cardError(status.error ?? "El pago no se completó.") };
  }
  if (status.amount !== pago.monto || status.currency.toLowerCase() !== pago.moneda) {
    console.error(
      `Pago ${paymentId}: el proveedor cobró ${status.amount} ${status.currency}, esperábamos ${pago.monto} ${pago.moneda}. No se escribe el pedido.`,
    );
    return { ok: false, reason: "monto", message: paymentError };
  }

  let written: { compraId: string; created: boolean };
  try {
    written = await db.transaction((tx) => writeOrder(tx, paymentId));
  } catch (error) {
    if (!(error instanceof StockGone)) throw error;
    // Only the caller that moves the payment to requiere-reembolso sends the mails.
    const marked = await db
      .update(pagos)
      .set({ estado: PAGO_ESTADO.reembolso, updatedAt: new Date() })
      .where(and(eq(pagos.id, paymentId), inArray(pagos.estado, [PAGO_ESTADO.pendiente, PAGO_ESTADO.autorizado])))
      .returning({ id: pagos.id });
    if (marked.length > 0) {
      console.error(`Pago ${paymentId} cobrado sin existencias (${error.nombres.join(", ")}): requiere reembolso.`);
      await sendRefundNotice(db, pago.userId, paymentId, detalle, error.nombres).catch((mailError) =>
        console.error(`No se pudo enviar el aviso de reembolso del pago ${paymentId}:`, mailError),
      );
    }
    return outOfStockResult(detalle, error.nombres.length > 0 ? error.nombres : undefined);
  }

  if (written.created) {
    // The order stands even if the mail fails; the buyer can ask for it again from /mis-compras.
    await sendOrderConfirmation(db, written.compraId).catch((mailError) =>
      console.error(`No se pudo enviar la confirmación de la compra ${written.compraId}:`, mailError),
    );
  }
  return { ok: true, ...written };
}

function outOfStockResult(detalle: PaymentDetail, nombres?: string[]): ConfirmResult {
  const names = nombres ?? detalle.lines.filter((l) => l.tipo === "producto").map((l) => l.nombre);
  return { ok: false, reason: "sin-stock", message: paidOutOfStock(names) };
}

/** The order's transaction. Throws StockGone (→ rollback) when a line can no longer be served. */
async function writeOrder(tx: DbOrTx, paymentId: string): Promise<{ compraId: string; created: boolean }> {
  // The row lock makes a concurrent confirmation of the same payment wait here, then see
  // the order the first one wrote.
  const [pago] = await tx.select().from(pagos).where(eq(pagos.id, paymentId)).for("update");
  if (pago.compraId) return { compraId: pago.compraId, created: false };
  if (pago.estado === PAGO_ESTADO.reembolso) throw new StockGone([]);
  const detalle = pago.detalle as PaymentDetail;

  // Stock first: a conditional decrement per product line, never below 0.
  const gone: string[] = [];
  for (const line of detalle.lines) {
    if (line.tipo !== "producto") continue;
    const updated = await tx
      .update(productos)
      .set({ cantidad: sql`${productos.cantidad} - ${line.cantidad}` })
      .where(and(eq(productos.id, line.id), sql`${productos.cantidad} >= ${line.cantidad}`))
      .returning({ id: productos.id });
    if (updated.length === 0) gone.push(line.nombre);
  }
  if (gone.length > 0) throw new StockGone(gone);

  const compraId = await insertOrder(tx, pago.userId, paymentId, pago.proveedor, detalle);
  await tx.insert(compraLineas).values(
    detalle.lines.map((line) => ({
      compraId,
      productoId: line.tipo === "producto" ? line.id : null,
      cursoId: line.tipo === "curso" ? line.id : null,
      url: line.url,
      nombre: line.nombre,
      precio: line.precio,
      precioOriginal: line.precioOriginal,
      codigoDescuento: line.codigo,
      cantidad: line.cantidad,
    })),
  );

  // Course lines: enrolment, plus the school's grants and gift courses (lines at price 0).
  const cursoIds = detalle.lines.filter((l) => l.tipo === "curso").map((l) => l.id);
  if (cursoIds.length > 0) await enrolPurchase(tx, { userId: pago.userId, compraId, cursoIds });

  if (detalle.carritoId) await removeBoughtFromCart(tx, detalle);

  await tx
    .update(pagos)
    .set({ estado: PAGO_ESTADO.pagado, compraId, updatedAt: new Date() })
    .where(eq(pagos.id, paymentId));
  return { compraId, created: true };
}

/** Empties the cart of what was bought; deletes it when nothing else is left (SPEC §4). */
async function removeBoughtFromCart(tx: DbOrTx, detalle: PaymentDetail) {
  const carritoId = detalle.carritoId as string;
  const bought = detalle.lines.filter((l) => l.tipo === "producto").map((l) => l.id);
  if (bought.length > 0) {
    await tx
      .delete(carritoLineas)
      .where(and(eq(carritoLineas.carritoId, carritoId), inArray(carritoLineas.productoId, bought)));
  }
  const [left] = await tx
    .select({ id: carritoLineas.productoId })
    .from(carritoLineas)
    .where(eq(carritoLineas.carritoId, carritoId))
    .limit(1);
  if (!left) await tx.delete(carritos).where(eq(carritos.id, carritoId));
}

// Purchase ids people can read out over the phone: no 0/O or 1/I.
const ID_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export function newPurchaseId(): string {
  let id = "MA-";
  for (let i = 0; i < 6; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

async function insertOrder(
  tx: DbOrTx,
  userId: string,
  paymentId: string,
  proveedor: string,
  detalle: PaymentDetail,
): Promise<string> {
  // 32^6 ids: a clash is rare but possible over the years; ON CONFLICT DO NOTHING on the id
  // keeps the transaction alive so another id can be tried.
  for (let attempt = 0; attempt < 8; attempt++) {
    const inserted = await tx
      .insert(compras)
      .values({
        id: newPurchaseId(),
        compradorId: userId,
        total: detalle.total,
        envio: detalle.envio,
        curso: detalle.lines.some((l) => l.tipo === "curso"),
        estadoEnvio: 0,
        datosEnvio: detalle.datosEnvio,
        datosContacto: detalle.datosContacto,
        pagoId: paymentId,
        proveedor,
      })
      .onConflictDoNothing({ target: compras.id })
      .returning({ id: compras.id });
    if (inserted[0]) return inserted[0].id;
  }
  throw new Error("No se pudo generar un número de compra único");
}

// ---------------------------------------------------------------- reading orders

export type OrderView = {
  id: string;
  /** the payment, for the resend-mail call (/v2/correo takes the payment id, SPEC §7) */
  pagoId: string;
  fecha: Date;
  total: number;
  envio: number;
  curso: boolean;
  estadoEnvio: number;
  datosEnvio: Record<string, string> | null;
  datosContacto: DatosContacto | null;
  lines: { nombre: string; url: string; precio: number; precioOriginal: number; cantidad: number }[];
};

/** The user's orders, newest first (SPEC §2 /mis-compras). */
export async function listOrders(db: Db, userId: string): Promise<OrderView[]> {
  const orders = await db
    .select()
    .from(compras)
    .where(eq(compras.compradorId, userId))
    .orderBy(desc(compras.fecha), desc(compras.id));
  if (orders.length === 0) return [];
  const lines = await db
    .select()
    .from(compraLineas)
    .where(
      inArray(
        compraLineas.compraId,
        orders.map((o) => o.id),
      ),
    )
    .orderBy(asc(compraLineas.id));
  return orders.map((o) => ({
    id: o.id,
    pagoId: o.pagoId,
    fecha: o.fecha,
    total: o.total,
    envio: o.envio,
    curso: o.curso,
    estadoEnvio: o.estadoEnvio,
    datosEnvio: o.datosEnvio ?? null,
    datosContacto: o.datosContacto ?? null,
    lines: lines
      .filter((l) => l.compraId === o.id)
      .map((l) => ({
        nombre: l.nombre,
        url: l.url,
        precio: l.precio,
        precioOriginal: l.precioOriginal,
        cantidad: l.cantidad,
      })),
  }));
}

// ---------------------------------------------------------------- mail

/** The buyer's confirmation (HTML and text, Spanish): lines, shipping, total, purchase id. */
export async function sendOrderConfirmation(db: Db, compraId: string): Promise<void> {
  const [row] = await db
    .select({ compra: compras, correo: user.email, nombre: user.name })
    .from(compras)
    .innerJoin(user, eq(user.id, compras.compradorId))
    .where(eq(compras.id, compraId));
  if (!row) throw new Error(`Compra desconocida: ${compraId}`);
  const lines = await db
    .select()
    .from(compraLineas)
    .where(eq(compraLineas.compraId, compraId))
    .orderBy(asc(compraLineas.id));
  const { compra } = row;
  const to = compra.datosContacto?.correo || row.correo;
  const envio = compra.datosEnvio;
  const nombre = envio?.nombre || row.nombre;
  const fecha = formatSpanishDateTime(compra.fecha);

  const cell = "padding:8px 0;border-bottom:1px solid #efe4d8";
  const rows = lines
    .map(
      (l) =>
        `<tr><td style="${cell}">${escapeHtml(l.nombre)}<br><span style="color:#7a6a62;font-size:13px">${l.cantidad} × ${formatPrice(l.precio)}</span></td>` +
        `<td style="${cell};text-align:right;white-space:nowrap">${formatPrice(l.precio * l.cantidad)}</td></tr>`,
    )
    .join("");
  const shippingRow = compra.curso
    ? ""
    : `<tr><td style="${cell}">Envío Express</td><td style="${cell};text-align:right">${formatPrice(compra.envio)}</td></tr>`;
  const address = envio
    ? `<p style="margin:24px 0 0"><strong>Enviar a</strong><br>${escapeHtml(`${envio.nombre} ${envio.apellido}`)}<br>${escapeHtml(envio.direccion)}, ${escapeHtml(envio.colonia)}<br>${escapeHtml(`${envio.codigo_postal} ${envio.ciudad}, ${envio.estado}, ${envio.pais}`)}</p>`
    : "";
  const html = mailLayout(
    "¡Gracias por tu compra!",
    `<p style="margin:0">Hola ${escapeHtml(nombre)}, recibimos tu pago.</p>
<p style="margin:16px 0 0">Número de compra: <strong>${escapeHtml(compra.id)}</strong><br>Fecha: ${escapeHtml(fecha)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:24px;font-size:15px">${rows}${shippingRow}
<tr><td style="padding:12px 0;font-weight:bold">Total</td><td style="padding:12px 0;text-align:right;font-weight:bold">${formatPrice(compra.total)} MXN</td></tr></table>
${address}
<p style="margin:24px 0 0;color:#7a6a62;font-size:13px">Puedes ver tus compras en Mi perfil → Mis compras.</p>`,
  );
  const text = [
    `Hola ${nombre}, recibimos tu pago.`,
    `Número de compra: ${compra.id}`,
    `Fecha: ${fecha}`,
    "",
    ...lines.map(
      (l) => `${l.nombre}: ${l.cantidad} × ${formatPrice(l.precio)} = ${formatPrice(l.precio * l.cantidad)}`,
    ),
    ...(compra.curso ? [] : [`Envío Express: ${formatPrice(compra.envio)}`]),
    `Total: ${formatPrice(compra.total)} MXN`,
    ...(envio
      ? [
          "",
          "Enviar a:",
          `${envio.nombre} ${envio.apellido}`,
          `${envio.direccion}, ${envio.colonia}`,
          `${envio.codigo_postal} ${envio.ciudad}, ${envio.estado}, ${envio.pais}`,
        ]
      : []),
  ].join("\n");
  await sendMail({ to, subject: `Confirmación de tu compra ${compra.id}`, html, text });
}

/** Tells the buyer and the studio that a charged payment could not become an order. */
async function sendRefundNotice(db: Db, userId: string, paymentId: string, detalle: PaymentDetail, nombres: string[]) {
  const [buyer] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  const to = detalle.datosContacto?.correo || buyer?.email;
  const amount = `${formatPrice(detalle.total)} MXN`;
  const productos = nombres.join(", ");
  if (to) {
    await sendMail({
      to,
      subject: "Tu pago será reembolsado",
      html: mailLayout(
        "Tu pago será reembolsado",
        `<p style="margin:0">Hola ${escapeHtml(buyer?.name ?? "")}, recibimos tu pago de ${amount}, pero ${escapeHtml(productos)} se agotó mientras pagabas y no pudimos generar tu pedido.</p>
<p style="margin:16px 0 0">Te reembolsaremos el cargo completo a la misma tarjeta. Referencia de pago: ${escapeHtml(paymentId)}.</p>
<p style="margin:16px 0 0">Lamentamos las molestias.</p>`,
      ),
      text: `Recibimos tu pago de ${amount}, pero ${productos} se agotó mientras pagabas y no pudimos generar tu pedido. Te reembolsaremos el cargo completo a la misma tarjeta. Referencia de pago: ${paymentId}. Lamentamos las molestias.`,
    });
  }
  await sendMail({
    to: env.studioInbox,
    subject: `Reembolso pendiente: pago ${paymentId}`,
    html: mailLayout(
      "Reembolso pendiente",
      `<p style="margin:0">El pago ${escapeHtml(paymentId)} (${amount}) de ${escapeHtml(buyer?.email ?? userId)} se cobró, pero ${escapeHtml(productos)} ya no tenía existencias. No se generó pedido: reembólsalo desde el panel del proveedor de pagos.</p>`,
    ),
    text: `El pago ${paymentId} (${amount}) de ${buyer?.email ?? userId} se cobró, pero ${productos} ya no tenía existencias. No se generó pedido: reembólsalo desde el panel del proveedor de pagos.`,
  });
}
