/**
 * The CFDI follows the money back (issue 28, ADR 034): a refund is credited with a CFDI de
 * egreso (nota de crédito), a cancelled order's own CFDI is cancelled with motive 03, and
 * Facturapi's answer to a cancellation that waits for the receiver is followed to its end.
 *
 *   refund `hecho` ── in its transaction, under the order's row lock ──► notas_credito row:
 *      the order's invoice is being cancelled (motive 03) ........... 'cancelacion' (nothing to stamp)
 *      the order's invoice, or the issued global invoice it is in ... 'emitiendo' + job `nota-credito`
 *      no CFDI yet (none asked, the global not issued yet) .......... 'espera': the invoice, once
 *          stamped, credits it; the global invoice carries the order net of it ('neto')
 *   job / the request's own attempt ──► provider.create(E, TipoRelacion 01, key = the row's clave)
 *      ──► 'vigente' + the client's mail with the PDF and XML (outbox), once
 *
 *   order cancelled ── in its transaction ──► facturas: motive 03 asked + job `factura-cancelar`
 *      ──► provider.cancel ──► cancelada (mail) | cancelando (pending: the receiver must accept)
 *   Facturapi's webhook (or the demo's 'Simular respuesta') ──► applyCfdiStatus: cancelada (mail),
 *      or back to vigente (rejected / expired): the refunds that waited on the cancellation are
 *      credited with notas de crédito instead.
 *
 * Every move is a conditional update under row locks: a webhook twice or late, a job and a
 * request at once, change nothing twice.
 */
import { and, asc, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import {
  CLAVE_EGRESO,
  desgloseDeCompra,
  desglosePorcion,
  formaPagoDevolucion,
  fundingOf,
  informacionGlobal,
  MOTIVOS_CANCELACION,
  receptorPublicoEnGeneral,
  TIPO_RELACION_NOTA_CREDITO,
  usoEgreso,
} from "~/domain/cfdi";
import { formatPrice } from "~/domain/money";
import type { Db, DbOrTx } from "../db/client.server";
import {
  compraLineas,
  compras,
  facturas,
  facturasGlobales,
  facturasGlobalesCompras,
  notasCredito,
  pagos,
  reembolsos,
} from "../db/schema";
import { env } from "../env.server";
import { registerJob, scheduleJob } from "../jobs.server";
import { logError } from "../log.server";
import { deliverQueuedMail, escapeHtml, mailLayout, queueMail } from "../mail.server";
import { createDemoInvoiceProvider } from "./demo.server";
import { createFacturapiProvider } from "./facturapi.server";
import {
  type CfdiStatus,
  type InvoiceDocument,
  type InvoiceProvider,
  InvoiceRefused,
  InvoiceTimeout,
} from "./provider.server";

export type NotaCredito = typeof notasCredito.$inferSelect;
type Factura = typeof facturas.$inferSelect;

export const CREDIT_NOTE_JOB = "nota-credito";
export const INVOICE_CANCEL_JOB = "factura-cancelar";

/** The request's own attempt comes first; the job is the retry after it. */
const RETRY_AFTER_MS = 2 * 60_000;
/** A claim older than this was left by a process that died mid-call. */
const ABANDONED_CLAIM_MS = 5 * 60_000;

/** notas_credito states of a CFDI de egreso (written, stamped, failed). */
const EGRESO = ["emitiendo", "vigente", "fallida"];

const providerNamed = (name: string): InvoiceProvider =>
  name === "facturapi" ? createFacturapiProvider() : createDemoInvoiceProvider();

// ---------------------------------------------------------------- which CFDI a refund credits

type Cover =
  | { kind: "espera" }
  | { kind: "cancelacion"; factura: Factura }
  | { kind: "factura"; factura: Factura }
  | { kind: "global"; global: typeof facturasGlobales.$inferSelect };

/** The order's CFDI as it stands, read under locks its writers take too (the caller holds the order's row). */
async function coverOf(tx: DbOrTx, compraId: string): Promise<Cover> {
  const own = await tx
    .select()
    .from(facturas)
    .where(eq(facturas.compraId, compraId))
    .orderBy(asc(facturas.createdAt))
    .for("share");
  const active = own.find((f) => f.estado !== "cancelada");
  const byOrderCancel = (f: Factura) => f.cancelacionOrigen === "compra-cancelada";
  if (active) {
    if (active.estado === "emitiendo") return { kind: "espera" };
    const cancelling =
      byOrderCancel(active) && active.cancelacionEstado !== "rejected" && active.cancelacionEstado !== "expired";
    return cancelling ? { kind: "cancelacion", factura: active } : { kind: "factura", factura: active };
  }
  // its CFDI already cancelled because the order was: the cancellation covers the money back
  const cancelled = own.find((f) => f.estado === "cancelada" && byOrderCancel(f));
  if (cancelled) return { kind: "cancelacion", factura: cancelled };
  const [global] = await tx
    .select({ global: facturasGlobales })
    .from(facturasGlobalesCompras)
    .innerJoin(facturasGlobales, eq(facturasGlobales.id, facturasGlobalesCompras.facturaGlobalId))
    .where(eq(facturasGlobalesCompras.compraId, compraId))
    .for("share", { of: facturasGlobales });
  if (global?.global.estado === "vigente") return { kind: "global", global: global.global };
  return { kind: "espera" };
}

/** The order's own base and IVA as its invoice (or its global concept) states them. */
async function orderSplit(tx: DbOrTx, compraId: string): Promise<{ base: number; iva: number }> {
  const [order] = await tx
    .select({ total: compras.total, envio: compras.envio, descuento: compras.descuento })
    .from(compras)
    .where(eq(compras.id, compraId));
  const lines = await tx
    .select({
      nombre: compraLineas.nombre,
      precio: compraLineas.precio,
      cantidad: compraLineas.cantidad,
      cursoId: compraLineas.cursoId,
    })
    .from(compraLineas)
    .where(eq(compraLineas.compraId, compraId))
    .orderBy(compraLineas.id);
  return desgloseDeCompra(
    { total: order?.total ?? 0, envio: order?.envio ?? 0, descuento: order?.descuento ?? 0 },
    lines.map((l) => ({ nombre: l.nombre, precio: l.precio, cantidad: l.cantidad, curso: Boolean(l.cursoId) })),
  );
}

/** What was already given back of the order before this row, in the order the rows were written. */
async function creditedBefore(tx: DbOrTx, compraId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${notasCredito.monto}), 0)::int` })
    .from(notasCredito)
    .where(and(eq(notasCredito.compraId, compraId), inArray(notasCredito.estado, ["neto", ...EGRESO])));
  return Number(row?.sum ?? 0);
}

/** Turns a refund into a nota de crédito to stamp (the row written, its job scheduled): the caller's transaction. */
async function toEgreso(
  tx: DbOrTx,
  input: {
    reembolsoId: string;
    compraId: string;
    monto: number;
    cover: Extract<Cover, { kind: "factura" | "global" }>;
    now: Date;
  },
): Promise<void> {
  const { cover, now } = input;
  const split = desglosePorcion(
    await orderSplit(tx, input.compraId),
    await creditedBefore(tx, input.compraId),
    input.monto,
  );
  const [pago] = await tx
    .select({ metodo: pagos.metodo, detalle: pagos.detalle, meses: compras.meses })
    .from(compras)
    .innerJoin(pagos, eq(pagos.id, compras.pagoId))
    .where(eq(compras.id, input.compraId));
  const related =
    cover.kind === "factura"
      ? {
          facturaId: cover.factura.id,
          facturaGlobalId: null,
          uuidRelacionado: cover.factura.uuid,
          proveedor: cover.factura.proveedor,
        }
      : {
          facturaId: null,
          facturaGlobalId: cover.global.id,
          uuidRelacionado: cover.global.uuid,
          proveedor: cover.global.proveedor,
        };
  const values = {
    estado: "emitiendo",
    ...related,
    clave: `nota-credito-${input.reembolsoId}`,
    monto: input.monto,
    base: split.base,
    iva: split.iva,
    formaPago: formaPagoDevolucion({
      metodo: pago?.metodo ?? null,
      funding: fundingOf(pago?.detalle),
      meses: pago?.meses,
    }),
    intentos: 0,
    updatedAt: now,
  };
  await tx
    .insert(notasCredito)
    .values({ reembolsoId: input.reembolsoId, compraId: input.compraId, createdAt: now, ...values })
    .onConflictDoUpdate({
      target: notasCredito.reembolsoId,
      set: values,
      setWhere: inArray(notasCredito.estado, ["espera", "cancelacion"]),
    });
  await scheduleJob(tx, {
    tipo: CREDIT_NOTE_JOB,
    clave: `${CREDIT_NOTE_JOB}:${input.reembolsoId}`,
    ejecutarEn: new Date(now.getTime() + RETRY_AFTER_MS),
    datos: { id: input.reembolsoId },
  });
}

/**
 * A refund was given back (inside `executeRefund`'s transaction): how the CFDI shows it is
 * written now. Returns the nota de crédito to stamp after the commit, or null.
 */
export async function recordRefundCfdi(tx: DbOrTx, reembolsoId: string, now: Date): Promise<string | null> {
  const [refund] = await tx.select().from(reembolsos).where(eq(reembolsos.id, reembolsoId));
  if (!refund?.compraId) return null; // an appointment's deposit: no CFDI
  // the order's row: the invoice's and the global invoice's recording take it too
  await tx.select({ id: compras.id }).from(compras).where(eq(compras.id, refund.compraId)).for("update");
  const cover = await coverOf(tx, refund.compraId);
  const [existing] = await tx.select().from(notasCredito).where(eq(notasCredito.reembolsoId, reembolsoId));
  if (existing) return null; // netted into a global invoice already, or written before
  if (cover.kind === "factura" || cover.kind === "global") {
    await toEgreso(tx, { reembolsoId, compraId: refund.compraId, monto: refund.monto, cover, now });
    return reembolsoId;
  }
  await tx.insert(notasCredito).values({
    reembolsoId,
    compraId: refund.compraId,
    estado: cover.kind,
    facturaId: cover.kind === "cancelacion" ? cover.factura.id : null,
    proveedor: env.facturapiKey ? "facturapi" : "demo",
    clave: `nota-credito-${reembolsoId}`,
    monto: refund.monto,
    createdAt: now,
    updatedAt: now,
  });
  return null;
}

/**
 * The order's refunds that waited ('espera', or 'cancelacion' once the cancellation was
 * refused) become notas de crédito of `cover`: the caller holds the order's row.
 */
async function creditWaiting(
  tx: DbOrTx,
  compraId: string,
  cover: Extract<Cover, { kind: "factura" | "global" }>,
  estados: string[],
  now: Date,
): Promise<string[]> {
  const waiting = await tx
    .select()
    .from(notasCredito)
    .where(and(eq(notasCredito.compraId, compraId), inArray(notasCredito.estado, estados)))
    .orderBy(asc(notasCredito.createdAt), asc(notasCredito.reembolsoId));
  for (const row of waiting)
    await toEgreso(tx, { reembolsoId: row.reembolsoId, compraId, monto: row.monto, cover, now });
  return waiting.map((r) => r.reembolsoId);
}

/** The order's invoice was just stamped: recorded `vigente` with the refunds it must credit (one transaction). */
export async function recordInvoiceStamped(
  db: Db,
  facturaId: string,
  set: Partial<Factura>,
  now: Date,
): Promise<{ factura: Factura; credit: string[] }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ compraId: facturas.compraId }).from(facturas).where(eq(facturas.id, facturaId));
    await tx.select({ id: compras.id }).from(compras).where(eq(compras.id, current.compraId)).for("update");
    const [factura] = await tx.update(facturas).set(set).where(eq(facturas.id, facturaId)).returning();
    const credit = await creditWaiting(tx, factura.compraId, { kind: "factura", factura }, ["espera"], now);
    return { factura, credit };
  });
}

/**
 * A global invoice was just stamped (global.server.ts, inside its recording transaction):
 * the refunds it carried its orders net of are 'neto'; the ones given back while it was being
 * stamped are credited with notas de crédito related to it.
 */
export async function recordGlobalStamped(
  tx: DbOrTx,
  global: typeof facturasGlobales.$inferSelect,
  netted: { reembolsoId: string; compraId: string; monto: number }[],
  now: Date,
): Promise<string[]> {
  for (let i = 0; i < netted.length; i += 1_000) {
    await tx
      .insert(notasCredito)
      .values(
        netted.slice(i, i + 1_000).map((r) => ({
          reembolsoId: r.reembolsoId,
          compraId: r.compraId,
          estado: "neto",
          facturaGlobalId: global.id,
          uuidRelacionado: global.uuid,
          proveedor: global.proveedor,
          clave: `nota-credito-${r.reembolsoId}`,
          monto: r.monto,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: notasCredito.reembolsoId,
        set: { estado: "neto", facturaGlobalId: global.id, uuidRelacionado: global.uuid, updatedAt: now },
        setWhere: eq(notasCredito.estado, "espera"),
      });
  }
  const waiting = await tx
    .selectDistinct({ compraId: notasCredito.compraId })
    .from(notasCredito)
    .innerJoin(facturasGlobalesCompras, eq(facturasGlobalesCompras.compraId, notasCredito.compraId))
    .where(and(eq(facturasGlobalesCompras.facturaGlobalId, global.id), eq(notasCredito.estado, "espera")));
  const credit: string[] = [];
  // No order row locks here: a refund's transaction waits on this global invoice's row (coverOf), which this
  // transaction holds since it recorded it 'vigente'; one that read it first committed before that update.
  for (const { compraId } of waiting) {
    credit.push(...(await creditWaiting(tx, compraId, { kind: "global", global }, ["espera"], now)));
  }
  return credit;
}

// ---------------------------------------------------------------- stamping a nota de crédito

async function documentOf(db: DbOrTx, row: NotaCredito, fecha: Date): Promise<InvoiceDocument> {
  const concepto = {
    descripcion: `${CLAVE_EGRESO.descripcion} de la compra ${row.compraId}`,
    tipo: "devolucion" as const,
    noIdentificacion: row.compraId,
    cantidad: 1,
    precio: row.monto,
    importe: row.monto,
    descuento: 0,
    base: row.base,
    iva: row.iva,
  };
  const common = {
    clave: row.clave,
    compraId: row.compraId,
    conceptos: [concepto],
    formaPago: row.formaPago,
    fecha,
    tipo: "E" as const,
    relacionados: { tipoRelacion: TIPO_RELACION_NOTA_CREDITO, uuids: [row.uuidRelacionado ?? ""] },
    uuid: row.uuid,
    proveedorId: row.proveedorId,
    serie: row.serie,
    folio: row.folio,
  };
  if (row.facturaGlobalId) {
    const [global] = await db
      .select({ mes: facturasGlobales.mes })
      .from(facturasGlobales)
      .where(eq(facturasGlobales.id, row.facturaGlobalId));
    return { ...common, receptor: receptorPublicoEnGeneral(), correo: "", global: informacionGlobal(global.mes) };
  }
  const [f] = await db
    .select()
    .from(facturas)
    .where(eq(facturas.id, row.facturaId ?? ""));
  return {
    ...common,
    receptor: {
      rfc: f.rfc,
      razonSocial: f.razonSocial,
      regimen: f.regimen,
      uso: usoEgreso(f.regimen),
      codigoPostal: f.codigoPostal,
    },
    correo: f.correo,
  };
}

function failureMessage(error: unknown): string {
  if (error instanceof InvoiceRefused) return `El SAT no aceptó la nota de crédito: ${error.message}`.slice(0, 500);
  if (error instanceof InvoiceTimeout)
    return "El servicio de facturación no respondió a tiempo (se reintentará con la misma clave, sin duplicar).";
  return "El servicio de facturación falló; se reintentará.";
}

/**
 * Stamps a written nota de crédito once: claims it (one process at a time), asks the provider
 * with its fixed idempotency key, records it `vigente` and queues the client's mail in one
 * transaction. A failure leaves it `fallida` with the reason and throws (the job retries).
 * Returns the row as it stands; an attempt another process is making throws too.
 */
export async function issueCreditNote(
  db: Db,
  reembolsoId: string,
  options: { now?: Date; provider?: InvoiceProvider } = {},
): Promise<NotaCredito | null> {
  const now = options.now ?? new Date();
  const [row] = await db.select().from(notasCredito).where(eq(notasCredito.reembolsoId, reembolsoId));
  if (!row || !EGRESO.includes(row.estado)) return row ?? null;
  if (row.estado === "vigente") return row;
  const abandoned = new Date(now.getTime() - ABANDONED_CLAIM_MS);
  const [claimed] = await db
    .update(notasCredito)
    .set({ estado: "emitiendo", intentos: sql`${notasCredito.intentos} + 1`, updatedAt: now, error: null })
    .where(
      and(
        eq(notasCredito.reembolsoId, reembolsoId),
        or(
          eq(notasCredito.estado, "fallida"),
          and(
            eq(notasCredito.estado, "emitiendo"),
            or(eq(notasCredito.intentos, 0), lt(notasCredito.updatedAt, abandoned)),
          ),
        ),
      ),
    )
    .returning();
  if (!claimed) throw new Error(`Nota de crédito ${reembolsoId}: otro proceso la está emitiendo`);
  const provider = options.provider ?? providerNamed(claimed.proveedor);
  const doc = await documentOf(db, claimed, now);
  let stamped: Awaited<ReturnType<InvoiceProvider["create"]>>;
  try {
    stamped = await provider.create(doc);
  } catch (error) {
    if (!(error instanceof InvoiceRefused) && !(error instanceof InvoiceTimeout))
      logError(`Nota de crédito ${reembolsoId}`, error);
    await db
      .update(notasCredito)
      .set({ estado: "fallida", error: failureMessage(error), updatedAt: now })
      .where(and(eq(notasCredito.reembolsoId, reembolsoId), eq(notasCredito.estado, "emitiendo")));
    throw error;
  }
  // The files for the client's mail, before the transaction (a failure: the mail links to them).
  let files: { pdf: Buffer; xml: Buffer } | null = null;
  if (doc.correo) {
    try {
      const full = { ...doc, ...stamped };
      const [pdf, xml] = await Promise.all([provider.pdf(full), provider.xml(full)]);
      files = { pdf, xml };
    } catch (error) {
      logError(`Nota de crédito ${reembolsoId}: sin archivos para el correo`, error);
    }
  }
  const done = await db.transaction(async (tx) => {
    const [recorded] = await tx
      .update(notasCredito)
      .set({ estado: "vigente", ...stamped, emitidaEn: now, updatedAt: now, error: null })
      .where(and(eq(notasCredito.reembolsoId, reembolsoId), ne(notasCredito.estado, "vigente")))
      .returning();
    if (recorded && doc.correo) await queueCreditNoteMail(tx, recorded, doc.correo, provider.name === "demo", files);
    return recorded;
  });
  if (done && doc.correo) await deliverQueuedMail(db).catch((e) => logError("Correo de nota de crédito", e));
  return done ?? (await db.select().from(notasCredito).where(eq(notasCredito.reembolsoId, reembolsoId)))[0];
}

/** After a commit that wrote notas de crédito: stamps them now (a failure waits for the job). */
export async function settleCreditNotes(db: Db, ids: string[]): Promise<void> {
  for (const id of ids) {
    await issueCreditNote(db, id).catch((error) => {
      if (!(error instanceof InvoiceRefused) && !(error instanceof InvoiceTimeout))
        logError(`Nota de crédito ${id}: se reintenta`, error);
    });
  }
}

const downloadUrl = (path: string) => `${env.publicUrl.replace(/\/$/, "")}${path}`;

async function queueCreditNoteMail(
  tx: DbOrTx,
  row: NotaCredito,
  to: string,
  demo: boolean,
  files: { pdf: Buffer; xml: Buffer } | null,
) {
  const name = `nota-credito-${row.compraId}`;
  const pdfUrl = downloadUrl(`/mis-compras/notas-credito/${row.reembolsoId}/pdf`);
  const xmlUrl = downloadUrl(`/mis-compras/notas-credito/${row.reembolsoId}/xml`);
  const note = demo
    ? "Esta nota de crédito es de demostración: no tiene validez fiscal."
    : "Conserva ambos archivos: el XML es la nota de crédito ante el SAT y el PDF su representación impresa.";
  const cantidad = `${formatPrice(row.monto)} MXN`;
  await queueMail(tx, {
    to,
    subject: `Nota de crédito de tu compra ${row.compraId}`,
    html: mailLayout(
      "Tu nota de crédito",
      `<p>Emitimos una nota de crédito (CFDI de egreso) por <strong>${escapeHtml(cantidad)}</strong>, lo que te reembolsamos de tu compra <strong>${escapeHtml(row.compraId)}</strong>. Está relacionada con tu factura ${escapeHtml(row.uuidRelacionado ?? "")}.</p>
<p>Folio fiscal: <span style="font-family:monospace">${escapeHtml(row.uuid ?? "")}</span></p>
<p>${escapeHtml(note)} También puedes descargarla: <a href="${escapeHtml(pdfUrl)}">PDF</a> · <a href="${escapeHtml(xmlUrl)}">XML</a>.</p>`,
    ),
    text: `Emitimos una nota de crédito (CFDI de egreso) por ${cantidad}, lo que te reembolsamos de tu compra ${row.compraId}. Está relacionada con tu factura ${row.uuidRelacionado ?? ""}.\nFolio fiscal: ${row.uuid ?? ""}\n${note}\nPDF: ${pdfUrl}\nXML: ${xmlUrl}`,
    ...(files
      ? {
          attachments: [
            { filename: `${name}.pdf`, content: files.pdf, contentType: "application/pdf" },
            { filename: `${name}.xml`, content: files.xml, contentType: "application/xml" },
          ],
        }
      : {}),
  });
}

// ---------------------------------------------------------------- a cancelled order's CFDI (motive 03)

/**
 * The order is being cancelled (inside `cancelOrder`'s transaction): its own stamped CFDI is
 * to be cancelled with motive 03 'No se llevó a cabo la operación', written now with its job.
 * Not when a nota de crédito already credits it (the SAT does not cancel a CFDI with related
 * CFDI in force: the rest of the money is credited too). Returns the invoice to cancel now.
 */
export async function requestOrderCfdiCancellation(tx: DbOrTx, compraId: string, now: Date): Promise<string | null> {
  const [factura] = await tx
    .select()
    .from(facturas)
    .where(and(eq(facturas.compraId, compraId), eq(facturas.estado, "vigente")))
    .for("update");
  if (!factura || factura.cancelacionSolicitadaEn) return null;
  const [credited] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(notasCredito)
    .where(and(eq(notasCredito.facturaId, factura.id), inArray(notasCredito.estado, EGRESO)));
  if (Number(credited?.n ?? 0) > 0) return null;
  await tx
    .update(facturas)
    .set({
      cancelacionOrigen: "compra-cancelada",
      motivoCancelacion: "03",
      sustitucion: null,
      cancelacionSolicitadaEn: now,
    })
    .where(eq(facturas.id, factura.id));
  await scheduleJob(tx, {
    tipo: INVOICE_CANCEL_JOB,
    clave: `${INVOICE_CANCEL_JOB}:${factura.id}`,
    ejecutarEn: new Date(now.getTime() + RETRY_AFTER_MS),
    datos: { id: factura.id },
  });
  return factura.id;
}

/**
 * Asks the provider to cancel an order's CFDI once: Facturapi is asked first where the
 * invoice stands (a cancellation an earlier attempt made, whose answer was lost, is found, not
 * asked again). Throws when the provider fails (the job retries).
 */
export async function executeInvoiceCancellation(
  db: Db,
  facturaId: string,
  options: { now?: Date; provider?: InvoiceProvider } = {},
): Promise<void> {
  const { documentOf: invoiceDocument } = await import("./invoices.server");
  const [factura] = await db.select().from(facturas).where(eq(facturas.id, facturaId));
  if (
    factura?.estado !== "vigente" ||
    factura.cancelacionOrigen !== "compra-cancelada" ||
    factura.cancelacionEstado
  )
    return;
  const provider = options.provider ?? providerNamed(factura.proveedor);
  const doc = await invoiceDocument(db, factura, factura.emitidaEn ?? factura.createdAt);
  let status = await provider.status(doc);
  if (!status || (status.status === "vigente" && !status.cancelacion) || status.cancelacion === "none") {
    const answer = await provider.cancel(doc, "03", null);
    status = {
      status: answer.status,
      cancelacion: answer.cancelacion ?? (answer.status === "cancelada" ? "accepted" : "pending"),
    };
  }
  await applyCfdiStatus(db, facturaId, status, options.now);
}

export async function settleInvoiceCancellation(db: Db, facturaId: string): Promise<void> {
  await executeInvoiceCancellation(db, facturaId).catch((error) => {
    if (!(error instanceof InvoiceTimeout)) logError(`Cancelación de la factura ${facturaId}: se reintenta`, error);
  });
}

// ---------------------------------------------------------------- the cancellation's status (webhook)

export type AppliedStatus = { changed: boolean; estado: string | null };

/**
 * Records where an invoice's cancellation stands (Facturapi's webhook, after reading the
 * invoice from Facturapi; a cancellation's own answer; the demo's simulated receiver). Only
 * forward moves: a cancelled invoice stays cancelled, and the same status twice, or a late
 * one, changes nothing. Cancelled: the client's mail. Back to valid (rejected / expired) after
 * the order's cancellation: its refunds are credited with notas de crédito instead.
 */
export async function applyCfdiStatus(
  db: Db,
  facturaId: string,
  status: CfdiStatus,
  now = new Date(),
): Promise<AppliedStatus> {
  const outcome = await db.transaction(async (tx) => {
    const [head] = await tx.select({ compraId: facturas.compraId }).from(facturas).where(eq(facturas.id, facturaId));
    if (!head) return { changed: false, estado: null, credit: [] as string[], mail: false };
    await tx.select({ id: compras.id }).from(compras).where(eq(compras.id, head.compraId)).for("update");
    const [f] = await tx.select().from(facturas).where(eq(facturas.id, facturaId)).for("update");
    const asked = f.cancelacionSolicitadaEn !== null || f.motivoCancelacion !== null;
    const unchanged = { changed: false, estado: f.estado, credit: [] as string[], mail: false };
    if (f.estado === "cancelada" || f.estado === "emitiendo") return unchanged;
    const revisada = { cancelacionRevisadaEn: now };
    if (status.status === "cancelada") {
      await tx
        .update(facturas)
        .set({
          estado: "cancelada",
          canceladaEn: now,
          cancelacionEstado: status.cancelacion ?? "accepted",
          ...revisada,
        })
        .where(eq(facturas.id, f.id));
      await queueCancelledMail(tx, f);
      return { changed: true, estado: "cancelada", credit: [], mail: true };
    }
    if (status.status === "cancelando") {
      // a cancellation refused or expired is over: a late "pending" does not reopen it
      if (!asked || f.cancelacionEstado === "rejected" || f.cancelacionEstado === "expired") return unchanged;
      const cancelacion = status.cancelacion ?? "pending";
      if (f.estado === "cancelando" && f.cancelacionEstado === cancelacion) return unchanged;
      await tx
        .update(facturas)
        .set({ estado: "cancelando", cancelacionEstado: cancelacion, ...revisada })
        .where(eq(facturas.id, f.id));
      return { changed: true, estado: "cancelando", credit: [], mail: false };
    }
    // valid: the receiver rejected it, or let it expire
    const cancelacion = status.cancelacion && status.cancelacion !== "none" ? status.cancelacion : "rejected";
    const waiting = f.estado === "cancelando" || (f.estado === "vigente" && asked && !f.cancelacionEstado);
    if (!waiting) return unchanged;
    const [back] = await tx
      .update(facturas)
      .set({ estado: "vigente", cancelacionEstado: cancelacion, canceladaEn: null, ...revisada })
      .where(eq(facturas.id, f.id))
      .returning();
    const credit =
      f.cancelacionOrigen === "compra-cancelada"
        ? await creditWaiting(tx, f.compraId, { kind: "factura", factura: back }, ["cancelacion", "espera"], now)
        : [];
    return { changed: true, estado: "vigente", credit, mail: false };
  });
  if (outcome.mail) await deliverQueuedMail(db).catch((e) => logError("Correo de factura cancelada", e));
  if (outcome.credit.length > 0) await settleCreditNotes(db, outcome.credit);
  return { changed: outcome.changed, estado: outcome.estado };
}

/** An invoice by its id, or null. */
export async function invoiceById(db: Db, id: string) {
  const [row] = await db.select().from(facturas).where(eq(facturas.id, id));
  return row ?? null;
}

/** The invoice a provider's id names (Facturapi's webhook), or null. */
export async function invoiceByProviderId(db: Db, proveedorId: string) {
  const [row] = await db.select().from(facturas).where(eq(facturas.proveedorId, proveedorId));
  return row ?? null;
}

async function queueCancelledMail(tx: DbOrTx, f: Factura) {
  if (!f.correo) return;
  const motivo = MOTIVOS_CANCELACION.find((m) => m.clave === f.motivoCancelacion);
  const motivoText = motivo ? `${motivo.clave} ${motivo.nombre}` : "";
  const pdfUrl = downloadUrl(`/mis-compras/facturas/${f.id}/pdf`);
  const xmlUrl = downloadUrl(`/mis-compras/facturas/${f.id}/xml`);
  const porPedido =
    f.cancelacionOrigen === "compra-cancelada" ? "Cancelamos tu compra, así que su factura ya no aplica. " : "";
  await queueMail(tx, {
    to: f.correo,
    subject: `Cancelamos la factura de tu compra ${f.compraId}`,
    html: mailLayout(
      "Factura cancelada",
      `<p>${escapeHtml(porPedido)}La factura de tu compra <strong>${escapeHtml(f.compraId)}</strong> por ${escapeHtml(formatPrice(f.total))} MXN quedó cancelada ante el SAT.</p>
<p>Folio fiscal: <span style="font-family:monospace">${escapeHtml(f.uuid ?? "")}</span>${motivoText ? ` · Motivo ${escapeHtml(motivoText)}` : ""}</p>
<p>Puedes descargarla en Mis compras: <a href="${escapeHtml(pdfUrl)}">PDF</a> · <a href="${escapeHtml(xmlUrl)}">XML</a>.</p>`,
    ),
    text: `${porPedido}La factura de tu compra ${f.compraId} por ${formatPrice(f.total)} MXN quedó cancelada ante el SAT.\nFolio fiscal: ${f.uuid ?? ""}${motivoText ? `\nMotivo ${motivoText}` : ""}\nPDF: ${pdfUrl}\nXML: ${xmlUrl}`,
  });
}

// ---------------------------------------------------------------- reading (admin, downloads)

/** The notas de crédito and how each refund shows in the CFDI, newest first (admin). */
export async function listCreditNotes(db: Db, input: { compraId?: string; limit?: number } = {}) {
  return db
    .select()
    .from(notasCredito)
    .where(input.compraId ? eq(notasCredito.compraId, input.compraId) : inArray(notasCredito.estado, EGRESO))
    .orderBy(sql`${notasCredito.createdAt} desc`)
    .limit(input.limit ?? 200);
}

/** The order's CFDI for its admin page: its invoices (newest first) and how each refund shows. */
export async function cfdiOfOrder(db: Db, compraId: string) {
  const [own, notas] = await Promise.all([
    db.select().from(facturas).where(eq(facturas.compraId, compraId)).orderBy(sql`${facturas.createdAt} desc`),
    db.select().from(notasCredito).where(eq(notasCredito.compraId, compraId)).orderBy(asc(notasCredito.createdAt)),
  ]);
  return { facturas: own, notas };
}

/** A nota de crédito's PDF or XML: the client whose invoice it credits, or an admin (a global one: the admin only). */
export async function creditNoteFile(
  db: Db,
  input: { userId: string; admin: boolean; id: string; formato: string; provider?: InvoiceProvider },
) {
  if (input.formato !== "pdf" && input.formato !== "xml") return null;
  const [row] = await db.select().from(notasCredito).where(eq(notasCredito.reembolsoId, input.id));
  if (row?.estado !== "vigente") return null;
  if (!input.admin) {
    if (!row.facturaId) return null;
    const [f] = await db.select({ userId: facturas.userId }).from(facturas).where(eq(facturas.id, row.facturaId));
    if (f?.userId !== input.userId) return null;
  }
  const provider = input.provider ?? providerNamed(row.proveedor);
  const doc = await documentOf(db, row, row.emitidaEn ?? row.createdAt);
  const filename = `nota-credito-${row.compraId}.${input.formato}`;
  if (input.formato === "xml")
    return { filename, contentType: "application/xml; charset=utf-8", body: await provider.xml(doc) };
  return { filename, contentType: "application/pdf", body: await provider.pdf(doc) };
}

// ---------------------------------------------------------------- jobs

registerJob(CREDIT_NOTE_JOB, async (datos, { db, now }) => {
  if (typeof datos.id !== "string") return;
  await issueCreditNote(db, datos.id, { now });
});

registerJob(INVOICE_CANCEL_JOB, async (datos, { db, now }) => {
  if (typeof datos.id !== "string") return;
  await executeInvoiceCancellation(db, datos.id, { now });
});
