/**
 * The studio's monthly global invoice (issue 28): every paid order of a month that nobody
 * invoiced goes into one CFDI to "PUBLICO EN GENERAL" (XAXX010101000, régimen 616, uso S01)
 * with InformacionGlobal (Periodicidad 04 mensual, Meses, Año), one per month and payment
 * form (01 efectivo, 03 transferencia, 04 crédito, 28 débito: the form each order's own
 * invoice would carry, ~/domain/cfdi formaPagoDe), one "Venta" concept per order.
 *
 * Which orders: the shop's orders (compras, products and courses; appointment deposits are not
 * orders) dated in the month in Guadalajara time, paid (compras.estado_pago and the payment
 * 'pagado': cancelled and refunded orders are left out), total > 0, without an active invoice
 * of their own, and in no other global invoice.
 *
 * Exactly once: a durable job per month (clave factura-global-YYYY-MM, issued on the 3rd of
 * the next month, when OXXO and SPEI paid on the last day are settled and a personal invoice
 * can no longer be asked for: dentroDelMesDeCompra). The invoice row and its orders are written
 * before the provider is asked, under a unique (mes, forma_pago) and a primary key per order;
 * the provider is asked by whoever claims the row (an update only one process wins), with an
 * idempotency key fixed per row, so a retry after a time-out finds the invoice Facturapi
 * already stamped instead of stamping a second one. A failure leaves the row 'fallida' with
 * its reason; the job retries, and the studio re-sends it from /admin/facturas.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import {
  conceptoGlobal,
  emisionGlobal,
  formaPagoDe,
  fundingOf,
  informacionGlobal,
  isMes,
  rangoDelMes,
  receptorPublicoEnGeneral,
  studioMonth,
} from "~/domain/cfdi";
import { ESTADO_PAGO } from "~/domain/order-status";
import type { Db, DbOrTx } from "../db/client.server";
import { compraLineas, compras, facturas, facturasGlobales, facturasGlobalesCompras, notasCredito, pagos, reembolsos } from "../db/schema";
import { env } from "../env.server";
import { type JobContext, registerJob, scheduleJob } from "../jobs.server";
import { logError } from "../log.server";
import { PAGO_ESTADO } from "../payments/provider.server";
import { recordGlobalStamped, settleCreditNotes } from "./credit-notes.server";
import { createDemoInvoiceProvider } from "./demo.server";
import { createFacturapiProvider } from "./facturapi.server";
import { type InvoiceDocument, type InvoiceProvider, InvoiceRefused, InvoiceTimeout } from "./provider.server";

export type FacturaGlobal = typeof facturasGlobales.$inferSelect;

export const GLOBAL_INVOICE_JOB = "factura-global";

/** A claim older than this was left by a process that stopped mid-call: the next run takes over. */
const ABANDONED_CLAIM_MS = 5 * 60_000;

const providerOf = (row: Pick<FacturaGlobal, "proveedor">): InvoiceProvider =>
  row.proveedor === "facturapi" ? createFacturapiProvider() : createDemoInvoiceProvider();

// ---------------------------------------------------------------- which orders

type Candidate = { id: string; total: number; metodo: string | null; detalle: unknown; meses: number | null };

/**
 * A refund the global invoice nets its order of: any written (on its way back or given back)
 * that no nota de crédito credits and no cancelled CFDI covers (ADR 034).
 */
const netted = sql`not exists (select 1 from ${notasCredito} where ${notasCredito.reembolsoId} = ${reembolsos.id} and ${notasCredito.estado} not in ('espera', 'neto'))`;

/** What was given back of the order (correlated: `compras` of the outer query), netted as above. */
const reembolsado = sql<number>`coalesce((select sum(${reembolsos.monto}) from ${reembolsos} where ${reembolsos.compraId} = ${compras.id} and ${netted}), 0)::int`;

/** The month's paid orders nobody invoiced and no global invoice covers yet, with their total net of refunds. */
async function uninvoicedOrders(db: DbOrTx, mes: string): Promise<Candidate[]> {
  const { desde, hasta } = rangoDelMes(mes);
  return db
    .select({ id: compras.id, total: sql<number>`(${compras.total} - ${reembolsado})::int`, metodo: pagos.metodo, detalle: pagos.detalle, meses: compras.meses })
    .from(compras)
    .innerJoin(pagos, eq(pagos.id, compras.pagoId))
    .leftJoin(facturasGlobalesCompras, eq(facturasGlobalesCompras.compraId, compras.id))
    .where(
      and(
        sql`${compras.fecha} >= ${desde.toISOString()}::timestamptz`,
        lt(compras.fecha, hasta),
        eq(compras.estadoPago, ESTADO_PAGO.pagado),
        eq(pagos.estado, PAGO_ESTADO.pagado),
        sql`${compras.total} - ${reembolsado} > 0`,
        isNull(facturasGlobalesCompras.compraId),
        sql`not exists (select 1 from ${facturas} where ${facturas.compraId} = ${compras.id} and ${facturas.estado} <> 'cancelada')`,
      ),
    )
    .orderBy(asc(compras.fecha), asc(compras.id));
}

const formaDe = (o: Candidate) => formaPagoDe({ metodo: o.metodo, funding: fundingOf(o.detalle), meses: o.meses });

/**
 * Writes the month's global invoices (one per payment form) with their orders, before any
 * provider is asked. A (mes, forma) already written is left as it is.
 */
async function reserveMonth(db: Db, mes: string, now: Date): Promise<void> {
  const orders = await uninvoicedOrders(db, mes);
  const groups = new Map<string, Candidate[]>();
  for (const o of orders) {
    const forma = formaDe(o);
    groups.set(forma, [...(groups.get(forma) ?? []), o]);
  }
  for (const [formaPago, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(facturasGlobales)
        .values({
          id: `fgl_${randomBytes(9).toString("base64url")}`,
          mes,
          formaPago,
          estado: "emitiendo",
          proveedor: env.facturapiKey ? "facturapi" : "demo",
          clave: `global-${mes}-${formaPago}`,
          total: group.reduce((s, o) => s + o.total, 0),
          compras: group.length,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: facturasGlobales.id });
      if (!row) return; // already written by an earlier or concurrent run
      for (let i = 0; i < group.length; i += 5_000) {
        await tx
          .insert(facturasGlobalesCompras)
          .values(group.slice(i, i + 5_000).map((o) => ({ compraId: o.id, facturaGlobalId: row.id })));
      }
    });
  }
}

// ---------------------------------------------------------------- the document

type Netted = { reembolsoId: string; compraId: string; monto: number };

/**
 * The refunds the invoice nets its orders of: once stamped, those it recorded ('neto'); before,
 * every one written by now (those made while it is being stamped get notas de crédito).
 */
async function nettedOf(db: Db, row: FacturaGlobal): Promise<Netted[]> {
  if (row.estado === "vigente") {
    return db
      .select({ reembolsoId: notasCredito.reembolsoId, compraId: notasCredito.compraId, monto: notasCredito.monto })
      .from(notasCredito)
      .where(and(eq(notasCredito.facturaGlobalId, row.id), eq(notasCredito.estado, "neto")));
  }
  return db
    .select({ reembolsoId: reembolsos.id, compraId: facturasGlobalesCompras.compraId, monto: reembolsos.monto })
    .from(facturasGlobalesCompras)
    .innerJoin(reembolsos, eq(reembolsos.compraId, facturasGlobalesCompras.compraId))
    .where(and(eq(facturasGlobalesCompras.facturaGlobalId, row.id), netted));
}

async function documentOf(db: Db, row: FacturaGlobal, fecha: Date): Promise<InvoiceDocument & { netted: Netted[] }> {
  const [orders, lines, refunds] = await Promise.all([
    db
      .select({ id: compras.id, total: compras.total, envio: compras.envio, descuento: compras.descuento })
      .from(facturasGlobalesCompras)
      .innerJoin(compras, eq(compras.id, facturasGlobalesCompras.compraId))
      .where(eq(facturasGlobalesCompras.facturaGlobalId, row.id))
      .orderBy(asc(compras.fecha), asc(compras.id)),
    db
      .select({
        compraId: compraLineas.compraId,
        nombre: compraLineas.nombre,
        precio: compraLineas.precio,
        cantidad: compraLineas.cantidad,
        cursoId: compraLineas.cursoId,
      })
      .from(facturasGlobalesCompras)
      .innerJoin(compraLineas, eq(compraLineas.compraId, facturasGlobalesCompras.compraId))
      .where(eq(facturasGlobalesCompras.facturaGlobalId, row.id))
      .orderBy(asc(compraLineas.id)),
    nettedOf(db, row),
  ]);
  const byOrder = new Map<string, { nombre: string; precio: number; cantidad: number; curso: boolean }[]>();
  for (const l of lines) {
    const list = byOrder.get(l.compraId) ?? [];
    list.push({ nombre: l.nombre, precio: l.precio, cantidad: l.cantidad, curso: Boolean(l.cursoId) });
    byOrder.set(l.compraId, list);
  }
  const back = new Map<string, number>();
  for (const r of refunds) back.set(r.compraId, (back.get(r.compraId) ?? 0) + r.monto);
  return {
    netted: refunds,
    clave: row.clave,
    compraId: row.id,
    receptor: receptorPublicoEnGeneral(),
    correo: "",
    // each order net of what was given back; one given back in full is left out
    conceptos: orders
      .filter((o) => o.total - (back.get(o.id) ?? 0) > 0)
      .map((o) => conceptoGlobal({ ...o, reembolsado: back.get(o.id) ?? 0 }, byOrder.get(o.id) ?? [])),
    formaPago: row.formaPago,
    fecha,
    global: informacionGlobal(row.mes),
    uuid: row.uuid,
    proveedorId: row.proveedorId,
    serie: row.serie,
    folio: row.folio,
  };
}

// ---------------------------------------------------------------- issuing

/** Takes the row for this process: one just written, one that failed, or one whose claim was abandoned. */
async function claim(db: Db, id: string, now: Date, onlyFailed: boolean): Promise<FacturaGlobal | undefined> {
  const abandoned = new Date(now.getTime() - ABANDONED_CLAIM_MS);
  const claimable = onlyFailed
    ? or(eq(facturasGlobales.estado, "fallida"), and(eq(facturasGlobales.estado, "emitiendo"), lt(facturasGlobales.updatedAt, abandoned)))
    : or(
        eq(facturasGlobales.estado, "fallida"),
        and(eq(facturasGlobales.estado, "emitiendo"), or(eq(facturasGlobales.intentos, 0), lt(facturasGlobales.updatedAt, abandoned))),
      );
  const [row] = await db
    .update(facturasGlobales)
    .set({ estado: "emitiendo", intentos: sql`${facturasGlobales.intentos} + 1`, updatedAt: now, error: null })
    .where(and(eq(facturasGlobales.id, id), claimable))
    .returning();
  return row;
}

function failureMessage(error: unknown): string {
  if (error instanceof InvoiceRefused) return `El SAT no aceptó la factura global: ${error.message}`.slice(0, 500);
  if (error instanceof InvoiceTimeout) return "El servicio de facturación no respondió a tiempo (se reintentará con la misma clave, sin duplicar).";
  return "El servicio de facturación falló; se reintentará.";
}

/** Asks the provider to stamp a claimed row and records the outcome. */
async function stamp(db: Db, row: FacturaGlobal, now: Date, provider?: InvoiceProvider): Promise<FacturaGlobal> {
  try {
    const { netted: nets, ...doc } = await documentOf(db, row, now);
    if (doc.conceptos.length === 0) {
      // every order of it was given back in full before it was stamped: nothing to invoice
      const [empty] = await db
        .update(facturasGlobales)
        .set({ estado: "vacia", total: 0, compras: 0, error: "Todas sus compras se reembolsaron: no hay nada que facturar.", updatedAt: now })
        .where(eq(facturasGlobales.id, row.id))
        .returning();
      return empty;
    }
    const stamped = await (provider ?? providerOf(row)).create(doc);
    // Recorded with the refunds it netted, in one transaction (credit-notes.server.ts recordGlobalStamped).
    const { done, credit } = await db.transaction(async (tx) => {
      const [done] = await tx
        .update(facturasGlobales)
        .set({
          estado: "vigente",
          ...stamped,
          total: doc.conceptos.reduce((s, c) => s + c.importe, 0),
          compras: doc.conceptos.length,
          emitidaEn: now,
          updatedAt: now,
          error: null,
        })
        .where(eq(facturasGlobales.id, row.id))
        .returning();
      return { done, credit: await recordGlobalStamped(tx, done, nets, now) };
    });
    await settleCreditNotes(db, credit);
    return done;
  } catch (error) {
    if (!(error instanceof InvoiceRefused) && !(error instanceof InvoiceTimeout)) logError(`Factura global ${row.id} (${row.mes})`, error);
    const [failed] = await db
      .update(facturasGlobales)
      .set({ estado: "fallida", error: failureMessage(error), updatedAt: now })
      .where(eq(facturasGlobales.id, row.id))
      .returning();
    return failed;
  }
}

/**
 * Issues the global invoices of `mes` ('YYYY-MM'): writes those not written yet, then stamps
 * every one not stamped (a new one, a failed one, one whose process died). Returns the month's
 * invoices as they stand; running it again issues nothing more.
 */
export async function issueGlobalInvoices(
  db: Db,
  input: { mes: string; now?: Date; provider?: InvoiceProvider },
): Promise<FacturaGlobal[]> {
  if (!isMes(input.mes)) throw new RangeError(`Mes inválido: ${input.mes}`);
  const now = input.now ?? new Date();
  await reserveMonth(db, input.mes, now);
  const rows = await db.select().from(facturasGlobales).where(eq(facturasGlobales.mes, input.mes));
  for (const row of rows) {
    if (row.estado === "vigente" || row.estado === "vacia") continue;
    const claimed = await claim(db, row.id, now, false);
    if (claimed) await stamp(db, claimed, now, input.provider);
  }
  return db.select().from(facturasGlobales).where(eq(facturasGlobales.mes, input.mes)).orderBy(asc(facturasGlobales.formaPago));
}

export type RetryResult = { ok: true; factura: FacturaGlobal } | { ok: false; message: string };

/** The studio re-sends a global invoice that failed ("Emitir de nuevo" in /admin/facturas). */
export async function retryGlobalInvoice(
  db: Db,
  input: { id: unknown; now?: Date; provider?: InvoiceProvider },
): Promise<RetryResult> {
  if (typeof input.id !== "string" || input.id.length > 40) return { ok: false, message: "No encontramos esa factura global." };
  const now = input.now ?? new Date();
  const [row] = await db.select().from(facturasGlobales).where(eq(facturasGlobales.id, input.id));
  if (!row) return { ok: false, message: "No encontramos esa factura global." };
  if (row.estado === "vigente") return { ok: false, message: "Esta factura global ya está emitida." };
  const claimed = await claim(db, row.id, now, true);
  if (!claimed) return { ok: false, message: "Esta factura global se está emitiendo. Espera un momento." };
  const result = await stamp(db, claimed, now, input.provider);
  if (result.estado !== "vigente") return { ok: false, message: result.error ?? "No se pudo emitir la factura global." };
  return { ok: true, factura: result };
}

// ---------------------------------------------------------------- admin

export async function listGlobalInvoices(db: Db, limit = 60) {
  return db
    .select()
    .from(facturasGlobales)
    .orderBy(desc(facturasGlobales.mes), asc(facturasGlobales.formaPago))
    .limit(limit);
}

/** The orders a global invoice covers (the accountant's check: ids and totals). */
export async function globalInvoiceOrders(db: Db, id: string) {
  return db
    .select({ id: compras.id, total: compras.total, fecha: compras.fecha })
    .from(facturasGlobalesCompras)
    .innerJoin(compras, eq(compras.id, facturasGlobalesCompras.compraId))
    .where(eq(facturasGlobalesCompras.facturaGlobalId, id))
    .orderBy(asc(compras.fecha), asc(compras.id));
}

/** The PDF or XML of a global invoice, for the studio. */
export async function globalInvoiceFile(db: Db, input: { id: string; formato: string; provider?: InvoiceProvider }) {
  if (input.formato !== "pdf" && input.formato !== "xml") return null;
  const [row] = await db.select().from(facturasGlobales).where(eq(facturasGlobales.id, input.id));
  if (row?.estado !== "vigente") return null;
  const provider = input.provider ?? providerOf(row);
  const { netted: _netted, ...doc } = await documentOf(db, row, row.emitidaEn ?? row.createdAt);
  const filename = `factura-global-${row.mes}-${row.formaPago}.${input.formato}`;
  if (input.formato === "xml") return { filename, contentType: "application/xml; charset=utf-8", body: await provider.xml(doc) };
  return { filename, contentType: "application/pdf", body: await provider.pdf(doc) };
}

// ---------------------------------------------------------------- the monthly job

/** Schedules the global invoice of the month `now` is in (nothing if it already is). */
export async function scheduleGlobalInvoice(db: DbOrTx, now: Date = new Date()): Promise<void> {
  const mes = studioMonth(now);
  await scheduleJob(db, { tipo: GLOBAL_INVOICE_JOB, clave: `${GLOBAL_INVOICE_JOB}-${mes}`, ejecutarEn: emisionGlobal(mes), datos: { mes } });
}

/** The job: next month's in place first, then this one's issued; a failure is retried by the jobs. */
export async function runGlobalInvoiceJob(datos: Record<string, unknown>, context: JobContext): Promise<void> {
  await scheduleGlobalInvoice(context.db, context.now);
  const mes = typeof datos.mes === "string" ? datos.mes : "";
  const rows = await issueGlobalInvoices(context.db, { mes, now: context.now });
  const failed = rows.filter((r) => r.estado !== "vigente" && r.estado !== "vacia");
  if (failed.length > 0) throw new Error(`Facturas globales de ${mes} sin emitir: ${failed.map((r) => r.formaPago).join(", ")}`);
}

registerJob(GLOBAL_INVOICE_JOB, runGlobalInvoiceJob);

