/**
 * Admin: orders (compras), newest first, filtered by shipping state and searched by order
 * id or buyer e-mail; one order with its lines, shipping and contact data; and what the
 * studio changes on an order: its shipping state (estado_envio), carrier and tracking number.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { ESTADOS_ENVIO } from "~/domain/order-status";
import { paginate, parsePage } from "~/domain/pagination";
import type { FieldErrors } from "~/domain/admin-form";
import type { Db } from "../db/index.server";
import { compraLineas, compras, user } from "../db/schema";
import { sendShippingUpdate } from "../shop/order-mail.server";
import { parseForm, select, text } from "./fields.server";
import { ADMIN_PER_PAGE, likePattern, searchTerm } from "./resource.server";

export const ORDERS_PER_PAGE = ADMIN_PER_PAGE;

export type OrderFilter = { estado: number | null; q: string; pagina: number };

/** The list's filters from the URL; anything unexpected means 'no filter'. */
export function orderFilter(url: URL): OrderFilter {
  const raw = url.searchParams.get("estado");
  const estado = raw && /^\d$/.test(raw) && ESTADOS_ENVIO[Number(raw)] ? Number(raw) : null;
  return { estado, q: searchTerm(url), pagina: parsePage(url.searchParams.get("pagina")) };
}

/**
 * One page of orders, newest first, and how many match. The search looks in the order id,
 * the buyer's account e-mail and the e-mail the order was placed with; without a search the
 * count reads `compras` alone (every order has a buyer). A page past the last shows the last.
 */
export async function listAdminOrders(db: Db, filter: OrderFilter) {
  const term = filter.q ? likePattern(filter.q) : null;
  const where = and(
    filter.estado === null ? undefined : and(eq(compras.estadoEnvio, filter.estado), eq(compras.curso, false)),
    term
      ? or(
          ilike(compras.id, term),
          // `= any(array(…))`, not `in (…)`: the planner then ORs three index scans (pg_trgm)
          sql`${compras.compradorId} = any(array(select ${user.id} from ${user} where ${user.email} ilike ${term}))`,
          ilike(sql`${compras.datosContacto}->>'correo'`, term),
        )
      : undefined,
  );
  const [counted] = await db.select({ n: count() }).from(compras).where(where);
  const total = counted?.n ?? 0;
  const page = paginate(total, filter.pagina, ORDERS_PER_PAGE);
  // The page's ids first, from the index alone (compras_recientes), then their rows: a far
  // page skips its offset in the index instead of joining every row it skips.
  const ids = db
    .select({ id: compras.id })
    .from(compras)
    .where(where)
    .orderBy(desc(compras.fecha), desc(compras.id))
    .limit(ORDERS_PER_PAGE)
    .offset(page.offset);
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
  return { ...order.compra, comprador: { nombre: order.nombre, email: order.email }, lines };
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
 * outside the list changes nothing), and when the state changed, mails the buyer. The state
 * stands even if the mail fails: the notice says so.
 */
export async function updateShippingState(db: Db, id: string, form: FormData): Promise<ShippingUpdate> {
  const parsed = await parseForm(shippingStateFields, form);
  if (!parsed.ok) return parsed;
  const { paqueteria, guia } = parsed.values;
  const estado = Number(parsed.values.estado);
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ estadoEnvio: compras.estadoEnvio })
      .from(compras)
      .where(and(eq(compras.id, id), eq(compras.curso, false)))
      .for("update");
    if (!before) return null;
    await tx.update(compras).set({ estadoEnvio: estado, paqueteria, guia }).where(eq(compras.id, id));
    return before.estadoEnvio !== estado;
  });
  if (changed === null) return { ok: false, errors: { estado: "Este pedido no tiene envío." } };
  if (!changed) return { ok: true, notice: "Datos del envío guardados." };
  try {
    await sendShippingUpdate(db, id);
    return { ok: true, notice: "Estado del envío actualizado. Le avisamos por correo." };
  } catch (error) {
    console.error(`No se pudo enviar el aviso de envío de la compra ${id}:`, error);
    return { ok: true, notice: "Estado del envío actualizado, pero no se pudo enviar el correo de aviso." };
  }
}

/** Physical orders not yet shipped (for the admin home). */
export async function pendingOrdersCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(compras)
    .where(and(eq(compras.curso, false), sql`${compras.estadoEnvio} < 2`));
  return row?.n ?? 0;
}
