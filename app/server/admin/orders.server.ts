/**
 * Admin: orders (compras), newest first, filtered by shipping state and searched by order
 * id or buyer e-mail; one order with its lines, shipping and contact data; and what the
 * studio changes on an order: its shipping state (estado_envio), carrier and tracking number;
 * and its money (issue 28): a full or partial refund through the provider, or the order
 * cancelled before it ships (shop/order-cancel.server.ts).
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import { formatPrice } from "~/domain/money";
import { ESTADOS_ENVIO } from "~/domain/order-status";
import { paginate, parsePage } from "~/domain/pagination";
import type { FieldErrors } from "~/domain/admin-form";
import type { Db } from "../db/index.server";
import { compraLineas, compras, comprasPorMes, user } from "../db/schema";
import { deliverClientMessages } from "../messages/messages.server";
import { sendShippingUpdate } from "../shop/order-mail.server";
import { refundState, MOTIVO_MAX, requestRefund } from "../payments/refunds.server";
import { cancelOrder } from "../shop/order-cancel.server";
import { integer, money, parseForm, select, text } from "./fields.server";
import { attemptPurchase, buyGuia, quoteGuia } from "../shipping/guias.server";
import { ADMIN_PER_PAGE, likePattern, searchTerm } from "./resource.server";
import { readListFilter } from "./exports.server";
import { addDays, studioInstant } from "~/domain/studio-calendar";

export const ORDERS_PER_PAGE = ADMIN_PER_PAGE;

export type OrderFilter = {
  estado: number | null;
  q: string;
  pagina: number;
  /** issue 29: studio days, the payment's state and method (exports.server.ts reads them) */
  desde?: string | null;
  hasta?: string | null;
  pago?: string | null;
  metodo?: string | null;
};

/** The list's filters from the URL; anything unexpected means 'no filter' (and is named in `errors`). */
export function orderFilter(url: URL): OrderFilter & { errors: string[] } {
  const raw = url.searchParams.get("estado");
  const estado = raw && /^\d$/.test(raw) && ESTADOS_ENVIO[Number(raw)] ? Number(raw) : null;
  const { filter, errors } = readListFilter("pedidos", url);
  return {
    estado,
    q: searchTerm(url),
    pagina: parsePage(url.searchParams.get("pagina")),
    desde: filter.desde,
    hasta: filter.hasta,
    pago: filter.pago,
    metodo: filter.metodo,
    errors,
  };
}

/** Counter rows beyond one per key after which the job runner folds them (foldPiledOrderCounters). */
export const COUNTER_ROWS_SLACK = 20;

/**
 * Orders per month (UTC), newest month first, from the counters the triggers on `compras`
 * keep (`compras_por_mes`, migration 0015): all orders, or the physical ones in one shipping
 * state. The counter rows are deltas, summed here; folding them is the job runner's
 * (`foldPiledOrderCounters`), never a page's: reading the list writes nothing.
 */
async function ordersPerMonth(db: Db, estado: number | null): Promise<{ mes: Date; n: number }[]> {
  const rows = await db
    .select({ mes: comprasPorMes.mes, n: sql<number>`sum(${comprasPorMes.n})::int` })
    .from(comprasPorMes)
    .where(estado === null ? undefined : and(eq(comprasPorMes.curso, false), eq(comprasPorMes.estadoEnvio, estado)))
    .groupBy(comprasPorMes.mes)
    .orderBy(desc(comprasPorMes.mes));
  return rows.filter((r) => r.n > 0);
}

/**
 * Folds the counter rows into one per (month, course, state). Safe beside writers (they only
 * append, and what they have not committed is not seen here) and beside another fold (the
 * second skips the rows the first deleted, as PostgreSQL does for a row deleted under it).
 */
export async function compactOrderCounters(db: Db) {
  await db.execute(sql`with viejas as (delete from ${comprasPorMes} returning mes, curso, estado_envio, n)
    insert into ${comprasPorMes} (mes, curso, estado_envio, n)
    select mes, curso, estado_envio, sum(n)::int from viejas group by 1, 2, 3 having sum(n) <> 0`);
}

/**
 * The job runner's periodic task (jobs-registry.server.ts, ADR 023): folds the counter rows
 * when more than COUNTER_ROWS_SLACK have piled up beyond one per key since the last fold.
 * Returns whether it folded.
 */
export async function foldPiledOrderCounters(db: Db): Promise<boolean> {
  const [piled] = await db
    .select({
      extra: sql<number>`(count(*) - count(distinct (${comprasPorMes.mes}, ${comprasPorMes.curso}, ${comprasPorMes.estadoEnvio})))::int`,
    })
    .from(comprasPorMes);
  if ((piled?.extra ?? 0) <= COUNTER_ROWS_SLACK) return false;
  await compactOrderCounters(db);
  return true;
}

/**
 * Where the page that starts `offset` orders from the newest begins: before the start of the
 * month after the one it falls in (null: the newest month, no bound), and how many orders of
 * that month to skip. At most one month of the index is walked, however far the page is.
 */
export function pageStart(months: { mes: Date; n: number }[], offset: number): { before: Date | null; skip: number } {
  let newer = 0;
  for (const [i, { mes, n }] of months.entries()) {
    if (offset < newer + n) {
      if (i === 0) return { before: null, skip: offset };
      return { before: new Date(Date.UTC(mes.getUTCFullYear(), mes.getUTCMonth() + 1, 1)), skip: offset - newer };
    }
    newer += n;
  }
  return { before: null, skip: offset };
}

/**
 * One page of orders, newest first, and how many match. The search looks in the order id,
 * the buyer's account e-mail and the e-mail the order was placed with (counted with its
 * trigram indexes). Without a search the total and the page's month come from the monthly
 * counters (no count of the table, and a far page skips within one month of the index, not
 * every newer order). A page past the last shows the last.
 */
export async function listAdminOrders(db: Db, filter: OrderFilter) {
  const term = filter.q ? likePattern(filter.q) : null;
  const digits = filter.q.replace(/\D/g, "");
  const phone = /^[\d\s()+.-]+$/.test(filter.q) && digits.length >= 4 ? digits : null;
  const narrowed = Boolean(filter.desde || filter.hasta || filter.pago || filter.metodo);
  const where = and(
    filter.estado === null ? undefined : and(eq(compras.estadoEnvio, filter.estado), eq(compras.curso, false)),
    filter.desde ? gte(compras.fecha, studioInstant(filter.desde)) : undefined,
    filter.hasta ? lt(compras.fecha, studioInstant(addDays(filter.hasta, 1))) : undefined,
    filter.pago ? eq(compras.estadoPago, filter.pago) : undefined,
    filter.metodo ? eq(compras.metodo, filter.metodo) : undefined,
    term
      ? or(
          ilike(compras.id, term),
          // `= any(array(…))`, not `in (…)`: the planner then ORs three index scans (pg_trgm)
          sql`${compras.compradorId} = any(array(select ${user.id} from ${user} where ${user.email} ilike ${term} or ${user.name} ilike ${term}))`,
          ilike(sql`${compras.datosContacto}->>'correo'`, term),
          phone
            ? sql`regexp_replace(coalesce(${compras.datosContacto}->>'telefono', ''), '\\D', '', 'g') like ${`%${phone}%`}`
            : undefined,
        )
      : undefined,
  );
  let total: number;
  let start: (offset: number) => { before: Date | null; skip: number };
  if (term || narrowed) {
    const [counted] = await db.select({ n: count() }).from(compras).where(where);
    total = counted?.n ?? 0;
    start = (offset) => ({ before: null, skip: offset });
  } else {
    const months = await ordersPerMonth(db, filter.estado);
    total = months.reduce((sum, m) => sum + m.n, 0);
    start = (offset) => pageStart(months, offset);
  }
  const page = paginate(total, filter.pagina, ORDERS_PER_PAGE);
  const { before, skip } = start(page.offset);
  // The page's ids first, from the index alone (compras_recientes, or compras_estado_recientes
  // for a state), then their rows: the skip walks index entries, never joined rows.
  const ids = db
    .select({ id: compras.id })
    .from(compras)
    .where(and(where, before ? lt(compras.fecha, before) : undefined))
    .orderBy(desc(compras.fecha), desc(compras.id))
    .limit(ORDERS_PER_PAGE)
    .offset(skip);
  const rows = await db
    .select({
      id: compras.id,
      fecha: compras.fecha,
      total: compras.total,
      curso: compras.curso,
      estadoEnvio: compras.estadoEnvio,
      estadoPago: compras.estadoPago,
      nombre: user.name,
      email: user.email,
    })
    .from(compras)
    .innerJoin(user, eq(user.id, compras.compradorId))
    .where(inArray(compras.id, ids))
    .orderBy(desc(compras.fecha), desc(compras.id));
  return { orders: rows, total, page };
}

export async function getAdminOrder(db: Db, id: string) {
  const [order] = await db
    .select({ compra: compras, nombre: user.name, email: user.email })
    .from(compras)
    .innerJoin(user, eq(user.id, compras.compradorId))
    .where(eq(compras.id, id));
  if (!order) return null;
  const lines = await db.select().from(compraLineas).where(eq(compraLineas.compraId, id)).orderBy(asc(compraLineas.id));
  const dinero = await refundState(db, order.compra.pagoId);
  return { ...order.compra, comprador: { nombre: order.nombre, email: order.email }, lines, dinero };
}

/** 'Reembolsar': an amount in pesos (empty: all that is left) and the reason the client reads. */
export const refundFields = {
  monto: money("Monto a reembolsar (vacío: todo lo que queda)"),
  motivo: text("Motivo del reembolso", { required: true, max: MOTIVO_MAX }),
};

/** 'Cancelar pedido': the reason the client reads. */
export const cancelFields = {
  cancelacion: text("Motivo de la cancelación", { required: true, max: MOTIVO_MAX }),
};

export type MoneyUpdate = { ok: true; notice: string } | { ok: false; errors: FieldErrors };

/** Gives back part or all of an order's payment through its provider. */
export async function refundOrder(db: Db, id: string, form: FormData, adminId: string): Promise<MoneyUpdate> {
  const parsed = await parseForm(refundFields, form);
  if (!parsed.ok) return parsed;
  const [order] = await db.select({ pagoId: compras.pagoId }).from(compras).where(eq(compras.id, id));
  if (!order) return { ok: false, errors: { motivo: "Pedido desconocido." } };
  const result = await requestRefund(db, {
    pagoId: order.pagoId,
    monto: parsed.values.monto ?? undefined,
    motivo: parsed.values.motivo,
    solicitadoPor: adminId,
  });
  if (!result.ok) return { ok: false, errors: { [result.field ?? "monto"]: result.message } };
  return {
    ok: true,
    notice: result.hecho
      ? `Reembolsamos ${formatPrice(result.monto)} MXN. Le avisamos por correo.`
      : "El reembolso está en proceso: el proveedor no respondió y se reintenta solo.",
  };
}

/** Cancels an order not shipped yet: stock back, voucher void or money refunded, the client told. */
export async function cancelAdminOrder(db: Db, id: string, form: FormData, adminId: string): Promise<MoneyUpdate> {
  const parsed = await parseForm(cancelFields, form);
  if (!parsed.ok) return parsed;
  const result = await cancelOrder(db, id, { motivo: parsed.values.cancelacion, solicitadoPor: adminId });
  return result.ok ? result : { ok: false, errors: { cancelacion: result.message } };
}

/** The order screen's one form: its shipping state, and the carrier and tracking number the buyer sees. */
export const shippingStateFields = {
  estado: select(
    "Estado del envío",
    ESTADOS_ENVIO.map((label, value) => ({ value: String(value), label })),
    { required: true },
  ),
  paqueteria: text("Paquetería", { max: 60, placeholder: "Estafeta, DHL, FedEx…" }),
  guia: text("Número de guía", { max: 60 }),
};

export type ShippingUpdate = { ok: true; notice: string } | { ok: false; errors: FieldErrors };

/**
 * Sets an order's shipping state, carrier and tracking number from the posted form (a value
 * outside the list changes nothing), and when the state changed, or a tracking number was
 * added or corrected (typed after the state change: ADR 036), mails the buyer: the mail is
 * queued in the same transaction, and the outbox retries it while the mail server is down.
 */
export async function updateShippingState(db: Db, id: string, form: FormData): Promise<ShippingUpdate> {
  const parsed = await parseForm(shippingStateFields, form);
  if (!parsed.ok) return parsed;
  const { paqueteria, guia } = parsed.values;
  const estado = Number(parsed.values.estado);
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ estadoEnvio: compras.estadoEnvio, guia: compras.guia })
      .from(compras)
      .where(and(eq(compras.id, id), eq(compras.curso, false)))
      .for("update");
    if (!before) return null;
    await tx.update(compras).set({ estadoEnvio: estado, paqueteria, guia }).where(eq(compras.id, id));
    const moved = before.estadoEnvio !== estado;
    const newTracking = guia !== "" && guia.replace(/\s+/g, "") !== before.guia.replace(/\s+/g, "");
    // the buyer's notice is queued with the new state (ADR 028): both or neither
    if (moved || newTracking) await sendShippingUpdate(tx, id);
    return moved ? "estado" : newTracking ? "guia" : "nada";
  });
  if (changed === null) return { ok: false, errors: { estado: "Este pedido no tiene envío." } };
  if (changed === "nada") return { ok: true, notice: "Datos del envío guardados." };
  await deliverClientMessages(db);
  return {
    ok: true,
    notice:
      changed === "estado"
        ? "Estado del envío actualizado. Le avisamos por correo."
        : "Guía guardada. Le enviamos el número de guía por correo.",
  };
}

/** 'Cotizar guía': the parcel, in grams and centimetres (the form starts with the lines' weight). */
export const parcelFields = {
  peso: integer("Peso (gramos)", { required: true, min: 1, max: 70_000 }),
  largo: integer("Largo (cm)", { required: true, min: 1, max: 200 }),
  ancho: integer("Ancho (cm)", { required: true, min: 1, max: 200 }),
  alto: integer("Alto (cm)", { required: true, min: 1, max: 200 }),
};

/** The order screen's guía forms: quote, buy a quoted rate, retry a purchase not confirmed. */
export async function guiaAction(db: Db, id: string, intent: string, form: FormData): Promise<ShippingUpdate> {
  if (intent === "cotizar-guia") {
    const parsed = await parseForm(parcelFields, form);
    if (!parsed.ok) return parsed;
    const result = await quoteGuia(db, id, parsed.values);
    return result.ok ? result : { ok: false, errors: { peso: result.message } };
  }
  if (intent === "comprar-guia") {
    const tarifa = form.get("tarifa");
    if (typeof tarifa !== "string" || tarifa.length === 0 || tarifa.length > 100) {
      return { ok: false, errors: { tarifa: "Elige una tarifa." } };
    }
    const result = await buyGuia(db, id, tarifa);
    return result.ok ? result : { ok: false, errors: { tarifa: result.message } };
  }
  const result = await attemptPurchase(db, id);
  return result.ok ? result : { ok: false, errors: { tarifa: result.message } };
}

/** Physical orders not yet shipped (for the admin home), from the monthly counters. */
export async function pendingOrdersCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${comprasPorMes.n}), 0)::int` })
    .from(comprasPorMes)
    .where(and(eq(comprasPorMes.curso, false), lt(comprasPorMes.estadoEnvio, 2)));
  return row?.n ?? 0;
}
