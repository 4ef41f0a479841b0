/**
 * Guías from the order (issue 29 part 3, ADR 036): the studio quotes an order's parcel with
 * the shipping provider (several carriers), picks a rate, buys the label once, prints its PDF
 * from the order screen; the tracking number fills itself and the buyer is mailed with the
 * carrier's tracking link; the carrier's tracking events move the order to Enviado, then
 * Entregado.
 *
 * Money: the purchase is written before the call (`comprando`, its idempotency key `clave`,
 * and a durable job 'comprar-guia' in the same transaction). One attempt runs at a time
 * (`intento_hasta`, claimed by a conditional update). A time-out leaves the purchase
 * `comprando`: the job retries it with the same key (1, 4, 9, 16 minutes), and the studio can
 * retry it at once from the order screen; a refusal leaves it `fallida` (quote again).
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { site } from "~/config/site";
import type { Db, DbOrTx } from "../db/client.server";
import { compraLineas, compras, guias, productos, type TarifaGuardada } from "../db/schema";
import { env } from "../env.server";
import { cancelJob, registerJob, scheduleJob } from "../jobs.server";
import { logError } from "../log.server";
import { deliverClientMessages } from "../messages/messages.server";
import { currentMode } from "../mode.server";
import { sendShippingUpdate } from "../shop/order-mail.server";
import { getStorage } from "../storage/index.server";
import { createDemoShippingProvider } from "./demo.server";
import { createEnviaProvider } from "./envia.server";
import {
  type Envio,
  type Paquete,
  type Rastreo,
  ShippingRefused,
  type ShippingProvider,
  ShippingTimeout,
} from "./provider.server";

export const COMPRAR_GUIA = "comprar-guia";
/** How long one purchase attempt holds the guía before another caller may try. */
const ATTEMPT_MS = 2 * 60_000;
/** The first retry by the job, if the attempt in the request did not settle it. */
const FIRST_RETRY_MS = 2 * 60_000;

/** Envia with its key, the demo in the demo, none otherwise (the manual entry stays). */
export function currentShippingProvider(): ShippingProvider | null {
  if (env.enviaApiKey) return createEnviaProvider();
  if (currentMode().kind === "demo") return createDemoShippingProvider();
  return null;
}

export type Guia = typeof guias.$inferSelect;

export async function guiaOf(db: DbOrTx, compraId: string): Promise<Guia | null> {
  const [row] = await db.select().from(guias).where(eq(guias.compraId, compraId));
  return row ?? null;
}

/** The parcel the quote form starts with: the lines' weight (at least 100 g) and a shoebox. */
export async function defaultParcel(db: DbOrTx, compraId: string): Promise<Paquete> {
  const [row] = await db
    .select({
      peso: sql<number>`coalesce(sum(${productos.peso} * ${compraLineas.cantidad}), 0)::int`,
      valor: sql<number>`coalesce(sum(${compraLineas.precio} * ${compraLineas.cantidad}), 0)::int`,
    })
    .from(compraLineas)
    .leftJoin(productos, eq(productos.id, compraLineas.productoId))
    .where(eq(compraLineas.compraId, compraId));
  return { peso: Math.max(100, row?.peso ?? 0), largo: 30, ancho: 20, alto: 15, valor: row?.valor ?? 0 };
}

type Shippable = { ok: true; envio: Omit<Envio, "paquete">; valor: number } | { ok: false; message: string };

/** The order's addresses, when it is a paid physical order that has not gone out. */
async function shippable(db: DbOrTx, compraId: string): Promise<Shippable> {
  const [order] = await db.select().from(compras).where(eq(compras.id, compraId));
  if (!order || order.curso) return { ok: false, message: "Este pedido no tiene envío." };
  if (order.estadoPago !== "pagado") return { ok: false, message: "El pedido no está pagado: no se puede enviar." };
  const d = order.datosEnvio;
  if (!d?.codigo_postal || !d.direccion) return { ok: false, message: "El pedido no tiene dirección de envío." };
  const a = site.address;
  return {
    ok: true,
    valor: order.total - order.envio,
    envio: {
      origen: {
        nombre: site.legalName,
        telefono: site.phone,
        correo: env.studioInbox,
        calle: a.street,
        colonia: a.colonia,
        ciudad: a.city,
        estado: a.state,
        codigoPostal: a.postalCode,
      },
      destino: {
        nombre: `${d.nombre ?? ""} ${d.apellido ?? ""}`.trim(),
        telefono: order.datosContacto?.telefono ?? "",
        correo: order.datosContacto?.correo ?? "",
        calle: d.direccion,
        colonia: d.colonia ?? "",
        ciudad: d.ciudad ?? "",
        estado: d.estado ?? "",
        codigoPostal: d.codigo_postal,
      },
    },
  };
}

export type GuiaResult = { ok: true; notice: string } | { ok: false; message: string };

const TIMEOUT_MESSAGE = "Envia.com no respondió. Intenta de nuevo en un momento.";

/** Quotes the order's parcel with every carrier; the rates are kept for the purchase. */
export async function quoteGuia(
  db: Db,
  compraId: string,
  parcel: { peso: number; largo: number; ancho: number; alto: number },
  provider = currentShippingProvider(),
): Promise<GuiaResult> {
  if (!provider) return { ok: false, message: "Las guías automáticas no están configuradas." };
  const order = await shippable(db, compraId);
  if (!order.ok) return order;
  const current = await guiaOf(db, compraId);
  if (current && (current.estado === "comprando" || current.estado === "comprada")) {
    return { ok: false, message: "Este pedido ya tiene guía." };
  }
  let tarifas: TarifaGuardada[];
  try {
    tarifas = await provider.quote({ ...order.envio, paquete: { ...parcel, valor: order.valor } });
  } catch (error) {
    if (error instanceof ShippingRefused) return { ok: false, message: error.message };
    if (!(error instanceof ShippingTimeout)) logError(`Guía del pedido ${compraId}: cotización fallida`, error);
    return { ok: false, message: TIMEOUT_MESSAGE };
  }
  if (tarifas.length === 0)
    return { ok: false, message: "Ninguna paquetería cotizó este envío. Revisa la dirección y el paquete." };
  const values = {
    proveedor: provider.name,
    estado: "cotizada",
    tarifas: tarifas.slice(0, 20),
    paquete: parcel,
    error: null,
    updatedAt: new Date(),
  };
  // a quote never replaces a purchase in progress or done (checked again under the write)
  await db
    .insert(guias)
    .values({ compraId, ...values })
    .onConflictDoUpdate({
      target: guias.compraId,
      set: values,
      setWhere: sql`${guias.estado} in ('cotizada', 'fallida')`,
    });
  return { ok: true, notice: `${tarifas.length} tarifas. Elige una para comprar la guía.` };
}

/**
 * Buys the label at the quoted rate `tarifaId`: written `comprando` with a new idempotency key
 * and its retry job before the provider is called, then one attempt now.
 */
export async function buyGuia(
  db: Db,
  compraId: string,
  tarifaId: string,
  provider = currentShippingProvider(),
): Promise<GuiaResult> {
  if (!provider) return { ok: false, message: "Las guías automáticas no están configuradas." };
  const order = await shippable(db, compraId);
  if (!order.ok) return order;
  const started = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(guias).where(eq(guias.compraId, compraId)).for("update");
    if (!row) return "Cotiza primero.";
    if (row.estado === "comprada") return "Este pedido ya tiene guía.";
    if (row.estado === "comprando") return "La guía ya se está comprando.";
    if (row.estado !== "cotizada") return "Cotiza de nuevo.";
    const tarifa = row.tarifas.find((t) => t.id === tarifaId);
    if (!tarifa) return "Elige una de las tarifas cotizadas.";
    await tx
      .update(guias)
      .set({
        estado: "comprando",
        tarifa,
        clave: `guia:${compraId}:${randomUUID()}`,
        intentos: 0,
        intentoHasta: null,
        error: null,
        updatedAt: new Date(),
      })
      .where(eq(guias.compraId, compraId));
    await scheduleJob(tx, {
      tipo: COMPRAR_GUIA,
      clave: `${COMPRAR_GUIA}:${compraId}`,
      ejecutarEn: new Date(Date.now() + FIRST_RETRY_MS),
      datos: { compraId },
      rearm: true,
    });
    return null;
  });
  if (started) return { ok: false, message: started };
  return attemptPurchase(db, compraId, provider);
}

/**
 * One attempt at the purchase in progress (the request's, the job's, the studio's 'Reintentar'):
 * claimed first, so two never call the provider at once; the same key every time.
 */
export async function attemptPurchase(
  db: Db,
  compraId: string,
  provider = currentShippingProvider(),
  now = new Date(),
): Promise<GuiaResult> {
  if (!provider) return { ok: false, message: "Las guías automáticas no están configuradas." };
  const [row] = await db
    .update(guias)
    .set({ intentoHasta: new Date(now.getTime() + ATTEMPT_MS), intentos: sql`${guias.intentos} + 1` })
    .where(
      and(
        eq(guias.compraId, compraId),
        eq(guias.estado, "comprando"),
        or(isNull(guias.intentoHasta), lt(guias.intentoHasta, now)),
      ),
    )
    .returning();
  if (!row) {
    const current = await guiaOf(db, compraId);
    if (current?.estado === "comprada") return { ok: true, notice: "La guía ya está comprada." };
    return {
      ok: false,
      message:
        current?.estado === "comprando"
          ? "La guía se está comprando. Espera un momento."
          : "No hay compra de guía en curso.",
    };
  }
  const order = await shippable(db, compraId);
  if (!order.ok || !row.tarifa || !row.paquete || !row.clave)
    return { ok: false, message: order.ok ? "Cotiza de nuevo." : order.message };
  let bought: Awaited<ReturnType<ShippingProvider["buy"]>>;
  try {
    bought = await provider.buy({
      ...order.envio,
      paquete: { ...row.paquete, valor: order.valor },
      tarifa: row.tarifa,
      clave: row.clave,
      referencia: compraId,
    });
  } catch (error) {
    if (error instanceof ShippingRefused) {
      await db.transaction(async (tx) => {
        await tx
          .update(guias)
          .set({ estado: "fallida", error: error.message, intentoHasta: null, updatedAt: new Date() })
          .where(eq(guias.compraId, compraId));
        await cancelJob(tx, `${COMPRAR_GUIA}:${compraId}`);
      });
      return { ok: false, message: `Envia.com no compró la guía: ${error.message}` };
    }
    if (!(error instanceof ShippingTimeout)) logError(`Guía del pedido ${compraId}: compra sin respuesta`, error);
    // unknown outcome: left 'comprando' for the retry with the same key
    await db.update(guias).set({ intentoHasta: null }).where(eq(guias.compraId, compraId));
    return {
      ok: false,
      message:
        "Envia.com no confirmó la compra. Se reintenta sola con la misma solicitud (no se cobra dos veces); también puedes reintentar ahora.",
    };
  }
  const archivo = `guias/${compraId.replace(/[^A-Za-z0-9._-]/g, "_")}-${bought.guia.replace(/[^A-Za-z0-9]/g, "")}.pdf`;
  if (bought.pdf.length > 0) await getStorage("private").put(archivo, bought.pdf, "application/pdf");
  await db.transaction(async (tx) => {
    await tx
      .update(guias)
      .set({
        estado: "comprada",
        envioId: bought.envioId,
        guia: bought.guia,
        urlRastreo: bought.urlRastreo,
        archivo: bought.pdf.length > 0 ? archivo : null,
        costo: bought.costo,
        intentoHasta: null,
        updatedAt: new Date(),
      })
      .where(eq(guias.compraId, compraId));
    await tx
      .update(compras)
      .set({ paqueteria: bought.paqueteria, guia: bought.guia, estadoEnvio: sql`greatest(${compras.estadoEnvio}, 1)` })
      .where(eq(compras.id, compraId));
    await sendShippingUpdate(tx, compraId, { keyed: true });
    await cancelJob(tx, `${COMPRAR_GUIA}:${compraId}`);
  });
  await deliverClientMessages(db);
  return { ok: true, notice: `Guía ${bought.guia} comprada. Le enviamos el número de guía por correo.` };
}

/** The label's PDF for the studio (null: no label bought, or its file missing). */
export async function guiaPdf(db: Db, compraId: string): Promise<Buffer | null> {
  const row = await guiaOf(db, compraId);
  if (row?.estado !== "comprada" || !row.archivo) return null;
  const file = await getStorage("private").get(row.archivo);
  return file ? Buffer.from(file.bytes) : null;
}

const ESTADO_DE: Partial<Record<Rastreo, number>> = { "en-camino": 2, entregada: 3 };

/**
 * A tracking event for `guia`: its state is asked from the provider, and the order moves
 * forward only (Enviado, then Entregado), mailing the buyer once per state; an event twice,
 * late, or for a guía we did not buy changes nothing.
 */
export async function applyTracking(
  db: Db,
  guia: string,
  provider = currentShippingProvider(),
): Promise<"movida" | "igual" | "ajena"> {
  const [row] = await db
    .select({ compraId: guias.compraId, paqueteria: compras.paqueteria })
    .from(guias)
    .innerJoin(compras, eq(compras.id, guias.compraId))
    .where(and(eq(guias.guia, guia), eq(guias.estado, "comprada")));
  if (!row || !provider) return "ajena";
  const estado = ESTADO_DE[await provider.track(guia, row.paqueteria)];
  if (estado === undefined) return "igual";
  const moved = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ estadoEnvio: compras.estadoEnvio, estadoPago: compras.estadoPago })
      .from(compras)
      .where(eq(compras.id, row.compraId))
      .for("update");
    if (!order || order.estadoEnvio >= estado || order.estadoPago === "cancelado") return false;
    await tx.update(compras).set({ estadoEnvio: estado }).where(eq(compras.id, row.compraId));
    await sendShippingUpdate(tx, row.compraId, { keyed: true });
    return true;
  });
  if (moved) await deliverClientMessages(db);
  return moved ? "movida" : "igual";
}

// The durable retry of a purchase whose answer was lost (ADR 023): the same key each time;
// throwing makes the runner try again later (1, 4, 9, 16 minutes), then leave it to the studio.
registerJob(COMPRAR_GUIA, async (datos, { db, now }) => {
  const compraId = String(datos.compraId ?? "");
  const row = await guiaOf(db, compraId);
  if (row?.estado !== "comprando") return;
  const result = await attemptPurchase(db, compraId, undefined, now);
  if (!result.ok) {
    const after = await guiaOf(db, compraId);
    if (after?.estado === "comprando") throw new Error(`Guía del pedido ${compraId}: sin confirmar`);
  }
});
