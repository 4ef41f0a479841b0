/**
 * Invoices (CFDI 4.0) of paid orders, ADR 022: the client asks from /mis-compras within the
 * month of the purchase, the provider (Facturapi, or the offline demo) stamps it, the client
 * gets the PDF and XML by mail and can download them; the studio lists and cancels them.
 *
 * One active invoice per order: a row is claimed ('emitiendo') before the provider is
 * called, under a partial unique index, so a second click waits for the first instead of
 * stamping twice. A failure or time-out removes the claim (nothing half-written); the retry
 * sends the same idempotency key, so an invoice the provider stamped late is found, not
 * duplicated.
 */
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, ne } from "drizzle-orm";
import {
  conceptosDeCompra,
  type DatosFiscales,
  type DatosFiscalesField,
  dentroDelMesDeCompra,
  formaPagoDe,
  fundingOf,
  studioMonth,
  validateCancelacion,
  validateDatosFiscales,
} from "~/domain/cfdi";
import { ESTADO_PAGO } from "~/domain/order-status";
import { MONTH_NAMES } from "~/domain/studio-calendar";
import type { Db } from "../db/index.server";
import { compraLineas, compras, datosFiscales, facturas, pagos, user } from "../db/schema";
import { logError } from "../log.server";
import { PAGO_ESTADO } from "../payments/provider.server";
import { createDemoInvoiceProvider, demoPdf } from "./demo.server";
import { createFacturapiProvider } from "./facturapi.server";
import { applyCfdiStatus, recordInvoiceStamped, settleCreditNotes } from "./credit-notes.server";
import { sendInvoiceMail } from "./invoice-mail.server";
import {
  type InvoiceDocument,
  type InvoiceProvider,
  InvoiceRefused,
  InvoiceTimeout,
  invoicingEnabled,
} from "./provider.server";
import { env } from "../env.server";

export { invoicingEnabled } from "./provider.server";

export type Factura = typeof facturas.$inferSelect;
export type FacturaEstado = "emitiendo" | "vigente" | "cancelando" | "cancelada";

/** A claim older than this was left by a process that stopped mid-request: the next request takes over. */
const ABANDONED_CLAIM_MS = 5 * 60_000;

/** The provider new invoices go to: Facturapi with its key, the demo otherwise. */
export function currentInvoiceProvider(): InvoiceProvider {
  return env.facturapiKey ? createFacturapiProvider() : createDemoInvoiceProvider();
}

/** The provider that issued `factura` (its files and cancellation stay there). */
function providerOf(factura: Pick<Factura, "proveedor">): InvoiceProvider {
  return factura.proveedor === "facturapi" ? createFacturapiProvider() : createDemoInvoiceProvider();
}

// ---------------------------------------------------------------- reading

export async function savedDatosFiscales(db: Db, userId: string): Promise<DatosFiscales | null> {
  const [row] = await db.select().from(datosFiscales).where(eq(datosFiscales.userId, userId));
  return row
    ? { rfc: row.rfc, razonSocial: row.razonSocial, regimen: row.regimen, uso: row.uso, codigoPostal: row.codigoPostal }
    : null;
}

type OrderForInvoice = {
  id: string;
  compradorId: string;
  fecha: Date;
  total: number;
  envio: number;
  correo: string;
  pagoEstado: string | null;
  /** compras.estado_pago: a cancelled order's payment stays 'pagado' until its refund is done */
  estadoPago: string;
  proveedor: string;
  /** how it was paid: pagos.metodo (tarjeta, oxxo, spei), the card's funding its provider reported, the MSI plan */
  pago: { metodo: string | null; funding: string | null; meses: number | null };
};

async function orderForInvoice(db: Db, compraId: string): Promise<OrderForInvoice | null> {
  const [row] = await db
    .select({
      id: compras.id,
      compradorId: compras.compradorId,
      fecha: compras.fecha,
      total: compras.total,
      envio: compras.envio,
      contacto: compras.datosContacto,
      email: user.email,
      pagoEstado: pagos.estado,
      estadoPago: compras.estadoPago,
      metodo: pagos.metodo,
      detalle: pagos.detalle,
      meses: compras.meses,
      proveedor: compras.proveedor,
    })
    .from(compras)
    .innerJoin(user, eq(user.id, compras.compradorId))
    .leftJoin(pagos, eq(pagos.id, compras.pagoId))
    .where(eq(compras.id, compraId));
  if (!row) return null;
  return {
    id: row.id,
    compradorId: row.compradorId,
    fecha: row.fecha,
    total: row.total,
    envio: row.envio,
    correo: row.contacto?.correo || row.email,
    pagoEstado: row.pagoEstado,
    estadoPago: row.estadoPago,
    proveedor: row.proveedor,
    pago: { metodo: row.metodo, funding: fundingOf(row.detalle), meses: row.meses },
  };
}

const monthName = (date: Date) => {
  const [year, month] = studioMonth(date).split("-");
  return `${MONTH_NAMES[Number(month) - 1]} de ${year}`;
};

/** Why this order cannot be invoiced now, or null when it can. */
function refusal(order: OrderForInvoice, now: Date): string | null {
  if (order.pagoEstado !== PAGO_ESTADO.pagado || order.estadoPago !== ESTADO_PAGO.pagado) {
    return "Solo se pueden facturar compras pagadas.";
  }
  if (order.total <= 0) return "Esta compra no tiene importe que facturar.";
  if (!dentroDelMesDeCompra(order.fecha, now)) {
    return `Las compras se facturan dentro del mes en que se hicieron: esta fue en ${monthName(order.fecha)}.`;
  }
  return null;
}

/** Per order of the user: the invoice it has, or whether one can be asked for (for /mis-compras). */
export type OrderInvoiceState =
  | { kind: "factura"; facturaId: string; estado: FacturaEstado }
  | { kind: "disponible" }
  | { kind: "ninguna" };

export async function invoiceStates(db: Db, userId: string, now = new Date()): Promise<Record<string, OrderInvoiceState>> {
  const enabled = invoicingEnabled();
  const orders = await db
    .select({ id: compras.id, fecha: compras.fecha, total: compras.total, pagoEstado: pagos.estado })
    .from(compras)
    .leftJoin(pagos, eq(pagos.id, compras.pagoId))
    .where(eq(compras.compradorId, userId));
  if (orders.length === 0) return {};
  const rows = await db
    .select({ id: facturas.id, compraId: facturas.compraId, estado: facturas.estado })
    .from(facturas)
    .where(and(inArray(facturas.compraId, orders.map((o) => o.id)), ne(facturas.estado, "cancelada")));
  const states: Record<string, OrderInvoiceState> = {};
  for (const o of orders) {
    const factura = rows.find((r) => r.compraId === o.id);
    if (factura) states[o.id] = { kind: "factura", facturaId: factura.id, estado: factura.estado as FacturaEstado };
    else if (enabled && o.pagoEstado === PAGO_ESTADO.pagado && o.total > 0 && dentroDelMesDeCompra(o.fecha, now)) {
      states[o.id] = { kind: "disponible" };
    } else states[o.id] = { kind: "ninguna" };
  }
  return states;
}

/** What the Factura form shows: the order, the remembered data, the invoice it already has. */
export async function invoiceForm(db: Db, userId: string, compraId: string, now = new Date()) {
  const order = await orderForInvoice(db, compraId);
  if (!order || order.compradorId !== userId) return null;
  const [factura] = await db
    .select()
    .from(facturas)
    .where(and(eq(facturas.compraId, compraId), ne(facturas.estado, "cancelada")));
  return {
    compra: { id: order.id, fecha: order.fecha, total: order.total },
    factura: factura ?? null,
    refusal: invoicingEnabled() ? refusal(order, now) : "La facturación no está disponible en este momento.",
    datos: await savedDatosFiscales(db, userId),
    demo: !env.facturapiKey,
  };
}

// ---------------------------------------------------------------- issuing

export type InvoiceResult =
  | { ok: true; factura: Factura; created: boolean }
  | { ok: false; status: 400 | 404 | 409 | 502 | 503 | 504; message: string; field?: DatosFiscalesField };

const notFoundResult = { ok: false, status: 404, message: "No encontramos esa compra en tu cuenta." } as const;

export async function documentOf(db: Db, factura: Factura, fecha: Date): Promise<InvoiceDocument> {
  const [order, lines] = await Promise.all([
    db.select({ envio: compras.envio, descuento: compras.descuento }).from(compras).where(eq(compras.id, factura.compraId)),
    db
      .select({ nombre: compraLineas.nombre, precio: compraLineas.precio, cantidad: compraLineas.cantidad, cursoId: compraLineas.cursoId })
      .from(compraLineas)
      .where(eq(compraLineas.compraId, factura.compraId))
      .orderBy(compraLineas.id),
  ]);
  return {
    clave: factura.clave,
    compraId: factura.compraId,
    receptor: {
      rfc: factura.rfc,
      razonSocial: factura.razonSocial,
      regimen: factura.regimen,
      uso: factura.uso,
      codigoPostal: factura.codigoPostal,
    },
    correo: factura.correo,
    conceptos: conceptosDeCompra(
      lines.map((l) => ({ nombre: l.nombre, precio: l.precio, cantidad: l.cantidad, curso: Boolean(l.cursoId) })),
      order[0]?.envio ?? 0,
      undefined,
      order[0]?.descuento ?? 0,
    ),
    formaPago: factura.formaPago,
    fecha,
    uuid: factura.uuid,
    proveedorId: factura.proveedorId,
    serie: factura.serie,
    folio: factura.folio,
  };
}

/**
 * The client asks for the invoice of one of their paid orders. Reads top to bottom:
 * check the data, check the order, remember the data, claim the order's one invoice, ask the
 * provider, record what it stamped, mail the files.
 */
export async function requestInvoice(
  db: Db,
  input: { userId: string; compraId: string; form: Record<string, unknown>; now?: Date; provider?: InvoiceProvider },
): Promise<InvoiceResult> {
  const now = input.now ?? new Date();
  if (!invoicingEnabled()) return { ok: false, status: 404, message: "La facturación no está disponible." };

  // 1. The fiscal data, as the SAT wants it.
  const datos = validateDatosFiscales(input.form);
  if (!datos.ok) return { ok: false, status: 400, message: datos.message, field: datos.field };

  // 2. The order: the client's own, paid, within its month.
  const order = await orderForInvoice(db, input.compraId);
  if (!order || order.compradorId !== input.userId) return notFoundResult;
  const refused = refusal(order, now);
  if (refused) return { ok: false, status: 400, message: refused };

  // 3. Remembered for the next invoice.
  await db
    .insert(datosFiscales)
    .values({ userId: input.userId, ...datos.data })
    .onConflictDoUpdate({ target: datosFiscales.userId, set: { ...datos.data, updatedAt: now } });

  // 4. The claim: one active invoice per order.
  const claim = await claimInvoice(db, order, datos.data, now);
  if (!claim.ok) return claim.result;
  const factura = claim.factura;

  // 5. The provider stamps it; any failure removes the claim.
  const provider = input.provider ?? currentInvoiceProvider();
  const doc = await documentOf(db, factura, now);
  let stamped: Awaited<ReturnType<InvoiceProvider["create"]>>;
  try {
    stamped = await provider.create(doc);
  } catch (error) {
    await db.delete(facturas).where(and(eq(facturas.id, factura.id), eq(facturas.estado, "emitiendo")));
    return providerFailure(error, order.id);
  }

  // 6. Recorded as issued, with the notas de crédito of the order's earlier refunds (ADR 034).
  const { factura: issued, credit } = await recordInvoiceStamped(db, factura.id, { estado: "vigente", ...stamped, emitidaEn: now }, now);

  // 7. The files by mail. The invoice stands if the mail fails: the client can download it.
  try {
    const full = { ...doc, ...stamped };
    const [pdf, xml] = await Promise.all([provider.pdf(full), provider.xml(full)]);
    await sendInvoiceMail(db, { to: issued.correo, compraId: order.id, uuid: stamped.uuid, total: issued.total, demo: provider.name === "demo", pdf, xml });
  } catch (error) {
    logError(`Factura ${issued.id} de la compra ${order.id}: no se pudo enviar por correo`, error);
  }
  await settleCreditNotes(db, credit);
  return { ok: true, factura: issued, created: true };
}

async function claimInvoice(
  db: Db,
  order: OrderForInvoice,
  datos: DatosFiscales,
  now: Date,
): Promise<{ ok: true; factura: Factura } | { ok: false; result: InvoiceResult }> {
  const active = async (): Promise<Factura | undefined> =>
    (await db.select().from(facturas).where(and(eq(facturas.compraId, order.id), ne(facturas.estado, "cancelada"))))[0];
  let existing: Factura | undefined = await active();
  if (existing?.estado === "emitiendo" && now.getTime() - existing.createdAt.getTime() > ABANDONED_CLAIM_MS) {
    await db.delete(facturas).where(and(eq(facturas.id, existing.id), eq(facturas.estado, "emitiendo")));
    existing = undefined;
  }
  if (!existing) {
    // The idempotency key counts this order's cancelled invoices: stable across retries, new after a cancellation.
    const [{ cancelled }] = await db
      .select({ cancelled: count() })
      .from(facturas)
      .where(and(eq(facturas.compraId, order.id), eq(facturas.estado, "cancelada")));
    const [claimed] = await db
      .insert(facturas)
      .values({
        id: `fac_${randomBytes(9).toString("base64url")}`,
        compraId: order.id,
        userId: order.compradorId,
        estado: "emitiendo",
        proveedor: env.facturapiKey ? "facturapi" : "demo",
        clave: `compra-${order.id}-${cancelled + 1}`,
        ...datos,
        correo: order.correo,
        // c_FormaPago: OXXO 01, SPEI 03, a card 04 crédito / 28 débito, MSI 04 (~/domain/cfdi).
        formaPago: formaPagoDe(order.pago),
        total: order.total,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (claimed) return { ok: true, factura: claimed };
    existing = await active();
  }
  if (existing?.estado === "emitiendo") {
    return { ok: false, result: { ok: false, status: 409, message: "Tu factura se está generando. Espera un momento y vuelve a Mis compras." } };
  }
  if (existing) return { ok: false, result: { ok: true, factura: existing, created: false } };
  return { ok: false, result: { ok: false, status: 409, message: "Intenta de nuevo en un momento." } };
}

function providerFailure(error: unknown, compraId: string): InvoiceResult {
  if (error instanceof InvoiceRefused) {
    return { ok: false, status: 400, message: `El SAT no aceptó los datos de la factura: ${error.message}` };
  }
  if (error instanceof InvoiceTimeout) {
    return {
      ok: false,
      status: 504,
      message:
        "El servicio de facturación tardó demasiado en responder y no se guardó ninguna factura. Intenta de nuevo en unos minutos; no se duplicará.",
    };
  }
  logError(`Factura de la compra ${compraId}: el proveedor falló`, error);
  return {
    ok: false,
    status: 503,
    message: "No pudimos generar tu factura en este momento. Intenta de nuevo en unos minutos.",
  };
}

// ---------------------------------------------------------------- files

export type InvoiceFile = { filename: string; contentType: string; body: Buffer };

/** The invoice's PDF or XML, for its owner or an admin (anyone else: null, a 404). */
export async function invoiceFile(
  db: Db,
  input: { userId: string; admin: boolean; facturaId: string; formato: string; provider?: InvoiceProvider },
): Promise<InvoiceFile | null> {
  if (input.formato !== "pdf" && input.formato !== "xml") return null;
  const [factura] = await db.select().from(facturas).where(eq(facturas.id, input.facturaId));
  if (!factura || (factura.userId !== input.userId && !input.admin)) return null;
  if (factura.estado === "emitiendo") return null;
  const provider = input.provider ?? providerOf(factura);
  const doc = await documentOf(db, factura, factura.emitidaEn ?? factura.createdAt);
  const filename = `factura-${factura.compraId}.${input.formato}`;
  if (input.formato === "xml") return { filename, contentType: "application/xml; charset=utf-8", body: await provider.xml(doc) };
  const body =
    provider.name === "demo" && factura.estado === "cancelada"
      ? await demoPdf(doc, { motivo: factura.motivoCancelacion ?? "" })
      : await provider.pdf(doc);
  return { filename, contentType: "application/pdf", body };
}

// ---------------------------------------------------------------- admin

export async function listInvoices(db: Db, limit = 200) {
  return db
    .select({
      id: facturas.id,
      compraId: facturas.compraId,
      estado: facturas.estado,
      proveedor: facturas.proveedor,
      uuid: facturas.uuid,
      serie: facturas.serie,
      folio: facturas.folio,
      rfc: facturas.rfc,
      razonSocial: facturas.razonSocial,
      total: facturas.total,
      correo: facturas.correo,
      createdAt: facturas.createdAt,
      canceladaEn: facturas.canceladaEn,
      motivoCancelacion: facturas.motivoCancelacion,
      sustitucion: facturas.sustitucion,
      cancelacionOrigen: facturas.cancelacionOrigen,
      cancelacionEstado: facturas.cancelacionEstado,
    })
    .from(facturas)
    .orderBy(desc(facturas.createdAt))
    .limit(limit);
}

export type CancelResult = { ok: true; estado: "cancelada" | "cancelando" } | { ok: false; message: string };

/** The studio cancels an invoice with a SAT reason (01 names the invoice that replaces it). */
export async function cancelInvoice(
  db: Db,
  input: { facturaId: unknown; motivo: unknown; sustitucion: unknown; now?: Date; provider?: InvoiceProvider },
): Promise<CancelResult> {
  const reason = validateCancelacion(input.motivo, input.sustitucion);
  if (!reason.ok) return reason;
  if (typeof input.facturaId !== "string") return { ok: false, message: "No encontramos esa factura." };
  const [factura] = await db.select().from(facturas).where(eq(facturas.id, input.facturaId));
  if (!factura) return { ok: false, message: "No encontramos esa factura." };
  if (factura.estado === "cancelada") return { ok: false, message: "Esta factura ya está cancelada." };
  if (factura.estado === "emitiendo") return { ok: false, message: "Esta factura todavía se está generando." };
  const provider = input.provider ?? providerOf(factura);
  let result: Awaited<ReturnType<InvoiceProvider["cancel"]>>;
  try {
    result = await provider.cancel(await documentOf(db, factura, factura.emitidaEn ?? factura.createdAt), reason.motivo, reason.sustitucion);
  } catch (error) {
    if (error instanceof InvoiceRefused) return { ok: false, message: `El SAT no aceptó la cancelación: ${error.message}` };
    if (!(error instanceof InvoiceTimeout)) logError(`Cancelación de la factura ${factura.id}`, error);
    return { ok: false, message: "El servicio de facturación no respondió. Intenta cancelar de nuevo en unos minutos." };
  }
  const now = input.now ?? new Date();
  // The studio's own request (a new one after a refusal starts over), then where it stands.
  await db
    .update(facturas)
    .set({
      motivoCancelacion: reason.motivo,
      sustitucion: reason.sustitucion,
      cancelacionOrigen: "admin",
      cancelacionSolicitadaEn: now,
      cancelacionEstado: null,
    })
    .where(eq(facturas.id, factura.id));
  await applyCfdiStatus(
    db,
    factura.id,
    { status: result.status, cancelacion: result.cancelacion ?? (result.status === "cancelada" ? "accepted" : "pending") },
    now,
  );
  return { ok: true, estado: result.status };
}
