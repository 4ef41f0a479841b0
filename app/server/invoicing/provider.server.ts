/**
 * The invoicing provider (ADR 022): Facturapi when FACTURAPI_KEY is set, the offline demo
 * otherwise. Everything the workflow needs from it: stamp an invoice, hand over its PDF and
 * XML, cancel it with a SAT reason.
 */
import type { Concepto, DatosFiscales, InformacionGlobal, MotivoCancelacion } from "~/domain/cfdi";
import { env } from "../env.server";
import { currentMode, type Mode } from "../mode.server";

/** What an invoice says: who receives it, what was sold, how it was paid. */
export type InvoiceDocument = {
  /** the idempotency key: a retry after a time-out sends the same one */
  clave: string;
  /** the order invoiced (a global invoice: its own id) */
  compraId: string;
  receptor: DatosFiscales;
  correo: string;
  conceptos: Concepto[];
  /** c_FormaPago (~/domain/cfdi formaPagoDe): 01 efectivo, 03 transferencia, 04 tarjeta de crédito, 28 tarjeta de débito; MetodoPago is always PUE */
  formaPago: string;
  /** the stamp date (the demo writes it on its PDF and XML) */
  fecha: Date;
  /** a monthly global invoice to the general public (one "Venta" concept per order); a nota de crédito of one carries its period too */
  global?: InformacionGlobal;
  /** TipoDeComprobante: I ingreso (the default), E egreso (a nota de crédito, ADR 034) */
  tipo?: "I" | "E";
  /** CfdiRelacionados: TipoRelacion 01 and the UUID of the invoice a nota de crédito credits */
  relacionados?: { tipoRelacion: string; uuids: string[] };
  /** once stamped */
  uuid?: string | null;
  proveedorId?: string | null;
  serie?: string;
  folio?: string;
};

export type Stamped = { proveedorId: string; uuid: string; serie: string; folio: string };

export type Cancelled = { status: "cancelada" | "cancelando"; cancelacion?: string };

/**
 * Where a CFDI stands at the provider: cancelled (the SAT accepted), a cancellation in
 * progress (waiting for the receiver), or valid (never cancelled, or the receiver rejected it /
 * let it expire); `cancelacion` is Facturapi's cancellation_status (pending, accepted, rejected, expired).
 */
export type CfdiStatus = { status: "cancelada" | "cancelando" | "vigente"; cancelacion: string | null };

export interface InvoiceProvider {
  name: "facturapi" | "demo";
  create(doc: InvoiceDocument): Promise<Stamped>;
  pdf(doc: InvoiceDocument): Promise<Buffer>;
  xml(doc: InvoiceDocument): Promise<Buffer>;
  cancel(doc: InvoiceDocument, motivo: MotivoCancelacion, sustitucion: string | null): Promise<Cancelled>;
  /** The CFDI's state at the provider (Facturapi: the invoice retrieved); null when the provider keeps none (the demo). */
  status(doc: InvoiceDocument): Promise<CfdiStatus | null>;
}

/** The provider did not answer in time: whether it stamped is unknown (a retry sends the same key). */
export class InvoiceTimeout extends Error {
  constructor() {
    super("El proveedor de facturación no respondió a tiempo");
  }
}

/** The provider refused the request; `message` is its own (Spanish) reason, for the client. */
export class InvoiceRefused extends Error {}

/**
 * Invoices can be issued: always in the demo (marked "sin validez fiscal"); in a deployment
 * only with FACTURAPI_KEY (a real shop never hands out invoices that are not real; without
 * the key the Factura button is hidden).
 */
export function invoicingEnabled(mode: Pick<Mode, "kind"> = currentMode()): boolean {
  return Boolean(env.facturapiKey) || mode.kind === "demo";
}
