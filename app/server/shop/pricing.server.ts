/**
 * What an order costs, computed by the server from the database and nothing else (SPEC §9,
 * §4 'On load of /pagar'). The result is an order draft (app/domain/order.ts): priced lines
 * (products or courses), shipping and total in centavos. The payment is created for exactly
 * this draft and the order is written from it, so the browser never sends an amount that is
 * charged.
 *
 *   priceCart(db, cartId, { codes? })   → the cart at checkout: stored codes re-checked one
 *                                         by one (codes given here override them), discounts
 *                                         FLOORED, Express shipping, stock checked.
 *                                         Lines of unpublished products are left out.
 *   priceCourse(db, cursoId, codigo?)   → one online course (no shipping, no stock).
 *
 * Every code is also checked against its rules (dates, limits, minimum: ~/domain/discount-rules):
 * a cart code that fails is left out with its reason (codigosRechazados), a course code that
 * fails is refused with it. The limits are counted for good when the order is written
 * (redemptions.server.ts); here they only warn early. The cart's whole-order code
 * (carritos.codigoPedido) takes its percent off the products after the line codes.
 *
 * A draft that cannot be charged (empty cart, a line the stock can no longer serve, a cart
 * outside every shipping band, an unknown course or code) is refused with a Spanish message.
 */
import { and, asc, eq } from "drizzle-orm";
import { coursePrice } from "~/domain/course-price";
import { isPlainId } from "~/domain/limits";
import { type AlertMessage, messages } from "~/domain/messages";
import { amountBeforeCodes, codeRefusal, orderCodeDiscount } from "~/domain/discount-rules";
import { type OrderDraft, type OrderLine, checkoutUnitPrice, courseOrderLine, orderTotals } from "~/domain/order";
import { computeShipping } from "~/domain/shipping";
import type { Db, DbOrTx } from "../db/index.server";
import { carritoLineas, carritos, cursos, productos } from "../db/schema";
import {
  type CodeKind,
  type Promotion,
  clientUses,
  coursePromotion,
  orderPromotion,
  productPromotion,
} from "./promotions.server";
import { loadShippingRates } from "./shipping.server";

export type { DbOrTx } from "../db/index.server";
export type { OrderDraft, OrderLine } from "~/domain/order";

export type PricingFailure = "vacio" | "sin-stock" | "envio" | "no-encontrado" | "codigo";

export type PricingResult =
  | { ok: true; draft: OrderDraft }
  | { ok: false; reason: PricingFailure; message: AlertMessage };

// Texts the spec does not fix (it has no stock or shipping-band errors at checkout).
export const stockShort = (nombres: string[]) =>
  ({
    icon: "error",
    title: "Sin existencias",
    text: `Ya no tenemos piezas suficientes de ${nombres.join(", ")}. Ajusta la cantidad en tu carrito para continuar.`,
  }) as const satisfies AlertMessage;

export const shippingUnavailable = (text: string) =>
  ({ icon: "error", title: "Envío no disponible", text }) as const satisfies AlertMessage;

export const courseUnavailable = {
  icon: "error",
  title: "Curso no disponible",
  text: "Este curso no está disponible para compra.",
} as const satisfies AlertMessage;

/** A code override from the browser (the spec's stored list of {codigo, producto id}). */
export type CodeOverride = { productoId: string; codigo: string };

/** Who is buying and when: the rules of the codes (dates, per-client limit) depend on both. */
export type PricingContext = { userId?: string | null; now?: Date };

/** Why this promotion cannot be used in this purchase, or null (its rules, ~/domain/discount-rules). */
async function ruleRefusal(
  db: DbOrTx,
  kind: CodeKind,
  promo: Promotion,
  monto: number,
  context: PricingContext,
): Promise<string | null> {
  const usosCliente =
    promo.limitePorCliente !== null && context.userId
      ? await clientUses(db, kind, promo.id, context.userId)
      : undefined;
  return codeRefusal(promo, { now: context.now ?? new Date(), monto, usos: promo.usos, usosCliente });
}

export async function priceCart(
  db: DbOrTx,
  cartId: string | null,
  options: { codes?: CodeOverride[] } & PricingContext = {},
): Promise<PricingResult> {
  const empty = { ok: false, reason: "vacio", message: messages.cartEmpty } as const;
  if (!cartId) return empty;
  const [cart] = await db
    .select({ id: carritos.id, codigoPedido: carritos.codigoPedido })
    .from(carritos)
    .where(eq(carritos.id, cartId));
  if (!cart) return empty;

  const rows = await db
    .select({
      id: productos.id,
      nombre: productos.nombre,
      url: productos.urlImagen,
      precio: productos.precio,
      stock: productos.cantidad,
      peso: productos.peso,
      publicado: productos.publicado,
      cantidad: carritoLineas.cantidad,
      codigo: carritoLineas.codigoDescuento,
    })
    .from(carritoLineas)
    .innerJoin(productos, eq(productos.id, carritoLineas.productoId))
    .where(eq(carritoLineas.carritoId, cart.id))
    .orderBy(asc(carritoLineas.createdAt), asc(carritoLineas.productoId));
  // A line whose product was unpublished is not sold and blocks nothing: the order is for the
  // lines on sale; that line stays in the cart, shown 'Ya no disponible', until removed.
  const live = rows.filter((r) => r.cantidad >= 1 && r.publicado);
  if (live.length === 0) return empty;

  // Refuse before any charge: every line on sale must be in stock for its quantity.
  const short = live.filter((r) => r.stock < r.cantidad);
  if (short.length > 0) {
    return { ok: false, reason: "sin-stock", message: stockShort(short.map((r) => r.nombre)) };
  }

  const overrides = new Map((options.codes ?? []).map((c) => [c.productoId, c.codigo]));
  const lines: OrderLine[] = [];
  const codigosRechazados: OrderDraft["codigosRechazados"] = [];
  const monto = amountBeforeCodes(live.map((r) => ({ precioOriginal: r.precio, cantidad: r.cantidad })));
  // The stored codes are re-checked one by one, as the original did on load of /pagar.
  for (const row of live) {
    const wanted = (overrides.get(row.id) ?? row.codigo ?? "").trim();
    let promo = wanted ? await productPromotion(db, wanted, row.id) : null;
    const motivo = promo ? await ruleRefusal(db, "producto", promo, monto, options) : null;
    if (motivo) promo = null;
    if (wanted && !promo) codigosRechazados.push({ id: row.id, codigo: wanted, ...(motivo ? { motivo } : {}) });
    lines.push({
      tipo: "producto",
      id: row.id,
      nombre: row.nombre,
      url: row.url,
      precioOriginal: row.precio,
      precio: checkoutUnitPrice(row.precio, promo?.descuento ?? null),
      cantidad: row.cantidad,
      codigo: promo?.codigo ?? null,
      descuento: promo?.descuento ?? null,
      peso: row.peso,
    });
  }

  const rates = await loadShippingRates(db);
  const shipping = computeShipping({
    lines: lines.map((l) => ({ peso: l.peso, cantidad: l.cantidad })),
    bands: rates.bands,
    gratis: rates.gratis,
    context: "checkout",
  });
  if (!shipping.ok) return { ok: false, reason: "envio", message: shippingUnavailable(shipping.message) };

  // The whole-order code: one per order, after the line codes, shipping not discounted.
  let codigoPedido: OrderDraft["codigoPedido"] = null;
  const wantedOrderCode = (cart.codigoPedido ?? "").trim();
  if (wantedOrderCode) {
    const promo = await orderPromotion(db, wantedOrderCode);
    const motivo = promo ? await ruleRefusal(db, "pedido", promo, monto, options) : null;
    if (promo && !motivo) {
      const subtotal = orderTotals(lines, 0).subtotal;
      codigoPedido = { codigo: promo.codigo, descuento: promo.descuento, centavos: orderCodeDiscount(subtotal, promo.descuento) };
    } else {
      codigosRechazados.push({ id: "pedido", codigo: wantedOrderCode, ...(motivo ? { motivo } : {}) });
    }
  }

  return {
    ok: true,
    draft: {
      tipo: "productos",
      carritoId: cart.id,
      lines,
      ...orderTotals(lines, shipping.centavos, codigoPedido?.centavos ?? 0),
      codigosRechazados,
      codigoPedido,
    },
  };
}

/**
 * One online course. Its price is the course price (app/domain/course-price.ts: the
 * discounted price when the studio set a lower one), then a course code from
 * promociones_cursos takes its percent off, floored. A code that does not exist for this
 * course is refused with the spec's course message, so the buyer can correct it.
 */
export async function priceCourse(
  db: DbOrTx,
  cursoId: string,
  codigo?: string | null,
  context: PricingContext = {},
): Promise<PricingResult> {
  if (!isPlainId(cursoId)) return { ok: false, reason: "no-encontrado", message: courseUnavailable };
  const [curso] = await db
    .select({
      id: cursos.id,
      titulo: cursos.titulo,
      tituloExterior: cursos.tituloExterior,
      imagenExterior: cursos.imagenExterior,
      precio: cursos.precio,
      precioDescuento: cursos.precioDescuento,
    })
    .from(cursos)
    // Only online courses are sold here; in-person ones are booked with the studio.
    .where(and(eq(cursos.id, cursoId), eq(cursos.publicado, true), eq(cursos.tipo, "online")));
  if (!curso) return { ok: false, reason: "no-encontrado", message: courseUnavailable };

  const wanted = (codigo ?? "").trim();
  const promo = wanted ? await coursePromotion(db, wanted, curso.id) : null;
  if (wanted && !promo) return { ok: false, reason: "codigo", message: messages.codeInvalidCourse };
  const motivo = promo
    ? await ruleRefusal(db, "curso", promo, amountBeforeCodes([{ precioOriginal: curso.precio, cantidad: 1 }]), context)
    : null;
  if (motivo) return { ok: false, reason: "codigo", message: { ...messages.codeInvalidCourse, text: motivo } };

  const line = courseOrderLine(curso, {
    precio: checkoutUnitPrice(coursePrice(curso).precio, promo?.descuento ?? null),
    codigo: promo?.codigo ?? null,
    descuento: promo?.descuento ?? null,
  });
  return {
    ok: true,
    draft: { tipo: "curso", carritoId: null, lines: [line], ...orderTotals([line], 0), codigosRechazados: [] },
  };
}

export const orderCodeInvalid = {
  icon: "error",
  title: "Error en el código",
  text: "El código ingresado no existe o no es válido para tu pedido.",
} as const satisfies AlertMessage;

/**
 * The shopper's whole-order code for this cart (/pagar): kept only if the checkout would
 * apply it now (it exists, is active and passes its rules for this client and this cart),
 * else refused with the reason and nothing changes. An empty code removes it.
 */
export async function setOrderCode(
  db: Db,
  cartId: string,
  codigoInput: unknown,
  context: PricingContext = {},
): Promise<{ ok: true; codigo: string | null } | { ok: false; message: AlertMessage }> {
  if (typeof codigoInput === "string" && codigoInput.trim() === "") {
    await db.update(carritos).set({ codigoPedido: null }).where(eq(carritos.id, cartId));
    return { ok: true, codigo: null };
  }
  const promo = await orderPromotion(db, codigoInput);
  if (!promo) return { ok: false, message: orderCodeInvalid };
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ codigo: carritos.codigoPedido }).from(carritos).where(eq(carritos.id, cartId));
    if (!before) return { ok: false, message: orderCodeInvalid } as const;
    await tx.update(carritos).set({ codigoPedido: promo.codigo }).where(eq(carritos.id, cartId));
    const priced = await priceCart(tx, cartId, context);
    const refused = priced.ok ? priced.draft.codigosRechazados.find((c) => c.id === "pedido") : undefined;
    if (priced.ok && !refused) return { ok: true, codigo: promo.codigo } as const;
    await tx.update(carritos).set({ codigoPedido: before.codigo }).where(eq(carritos.id, cartId));
    const text = refused?.motivo ?? (priced.ok ? orderCodeInvalid.text : priced.message.text);
    return { ok: false, message: { ...orderCodeInvalid, text } } as const;
  });
}
