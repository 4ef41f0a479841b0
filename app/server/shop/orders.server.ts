/**
 * Orders (SPEC §3 compras, §2 /mis-compras): writing one from a paid payment's priced draft,
 * and reading a buyer's history. Purchase ids are short and readable (MA-7K2Q9X).
 *
 *   writeOrder(tx, payment)      → compras + compra_lineas inside the purchase's transaction
 *   listOrders(db, userId)       → /mis-compras, newest first
 */
import { randomInt } from "node:crypto";
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { InstruccionesPago } from "~/domain/payment-methods";
import type { CheckoutForm } from "~/domain/checkout";
import type { OrderDraft } from "~/domain/order";
import type { Db, DbOrTx } from "../db/index.server";
import { compraLineas, compras, pagos } from "../db/schema";

export type DatosEnvio = Pick<
  CheckoutForm,
  "nombre" | "apellido" | "direccion" | "colonia" | "codigo_postal" | "ciudad" | "estado" | "pais"
>;
export type DatosContacto = { correo: string; telefono: string };

/** What a payment record (`pagos.detalle`) holds: the priced draft and where it goes. */
export type PaymentDetail = OrderDraft & {
  datosEnvio: DatosEnvio | null;
  datosContacto: DatosContacto;
  /** server-side charges (Conekta) and OXXO/SPEI: the cart or course the attempt is for (its per-cart lock) */
  intento?: string;
  /** card in meses sin intereses: the plan the buyer chose (the provider's word is recorded on the order) */
  meses?: number;
  /** the payable kind a deferred payment pays for (payments/payable.server.ts): the shop's order unless said otherwise */
  asunto?: string;
};

/** How the order's money comes in: card (maybe in MSI) and paid, or OXXO/SPEI and pending. */
export type OrderPayment = { metodo: string; estadoPago: string; meses: number | null };

/** Splits the checkout form into the order's shipping and contact data (SPEC §3 compras). */
export function splitCheckoutForm(form: CheckoutForm): { datosEnvio: DatosEnvio; datosContacto: DatosContacto } {
  const { correo, telefono, ...datosEnvio } = form;
  return { datosEnvio, datosContacto: { correo, telefono } };
}

// ---------------------------------------------------------------- writing an order

/** The order of a paid payment: its header and one line per priced line. Returns the purchase id. */
export async function writeOrder(
  tx: DbOrTx,
  payment: { userId: string; paymentId: string; proveedor: string; detalle: PaymentDetail; pago?: OrderPayment },
): Promise<string> {
  const { detalle } = payment;
  const pago = payment.pago ?? { metodo: "tarjeta", estadoPago: "pagado", meses: null };
  const compraId = await insertOrder(tx, payment.userId, payment.paymentId, payment.proveedor, detalle, pago);
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
  return compraId;
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
  pago: OrderPayment,
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
        codigoDescuento: detalle.codigoPedido?.codigo ?? null,
        descuento: detalle.codigoPedido?.centavos ?? 0,
        ...pago,
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
  /** carrier and tracking number, as the studio entered them ('' until then) */
  paqueteria: string;
  guia: string;
  datosEnvio: Record<string, string> | null;
  datosContacto: DatosContacto | null;
  lines: { nombre: string; url: string; precio: number; precioOriginal: number; cantidad: number }[];
  /** tarjeta, oxxo or spei; pagado, pendiente or vencido (~/domain/order-status ESTADO_PAGO) */
  metodo: string;
  estadoPago: string;
  /** card in meses sin intereses: the plan */
  meses: number | null;
  /** OXXO / SPEI: the voucher or the CLABE and reference, and the payment's provider (the demo's button) */
  instrucciones: InstruccionesPago | null;
  proveedor: string;
  /** a whole-order code and the centavos it took off (0 without one) */
  codigoPedido: string | null;
  descuento: number;
};

/** The user's orders, newest first (SPEC §2 /mis-compras). */
export async function listOrders(db: Db, userId: string): Promise<OrderView[]> {
  const rows = await db
    .select({ compra: compras, instrucciones: pagos.instrucciones })
    .from(compras)
    .leftJoin(pagos, eq(pagos.id, compras.pagoId))
    .where(eq(compras.compradorId, userId))
    .orderBy(desc(compras.fecha), desc(compras.id));
  const orders = rows.map((r) => ({ ...r.compra, instrucciones: (r.instrucciones as InstruccionesPago | null) ?? null }));
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
    paqueteria: o.paqueteria,
    guia: o.guia,
    datosEnvio: o.datosEnvio ?? null,
    datosContacto: o.datosContacto ?? null,
    metodo: o.metodo,
    estadoPago: o.estadoPago,
    meses: o.meses,
    instrucciones: o.instrucciones,
    proveedor: o.proveedor,
    codigoPedido: o.codigoDescuento,
    descuento: o.descuento,
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
