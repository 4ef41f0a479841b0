/**
 * Facturapi through its official SDK (npm `facturapi`). The SDK's BASE_URL points at
 * FACTURAPI_API_URL when set (a local stub in tests). Each call has a deadline
 * (FACTURAPI_TIMEOUT_MS): past it the client is told to retry, and the retry sends the same
 * idempotency key, so an invoice the provider stamped late is not stamped twice.
 */
import FacturapiSdk, { FacturapiError } from "facturapi";
import { INVOICING } from "~/config/invoicing";
import { CLAVE_EGRESO, CLAVE_VENTA_GLOBAL, METODO_PAGO } from "~/domain/cfdi";
import { env } from "../env.server";
import {
  type Cancelled,
  type CfdiStatus,
  type InvoiceDocument,
  type InvoiceProvider,
  InvoiceRefused,
  InvoiceTimeout,
  type Stamped,
} from "./provider.server";

/**
 * The SDK's class. Node loads the package's CommonJS build (it has no "exports" map), where a
 * default import is the whole module object with the class as its `default`; Vite and Vitest
 * hand over the class itself. (The production build failed with "Facturapi is not a
 * constructor": npm run test:deploy.)
 */
const Facturapi: typeof FacturapiSdk =
  (FacturapiSdk as unknown as { default?: typeof FacturapiSdk }).default ?? FacturapiSdk;

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new InvoiceTimeout()), ms);
  });
  promise.catch(() => {}); // a late failure after the deadline is not an unhandled rejection
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** 4xx answers carry the provider's reason for the client; anything else is ours to hide. */
function translate(error: unknown): never {
  if (error instanceof FacturapiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429) {
    throw new InvoiceRefused(error.message);
  }
  throw error;
}

async function toBuffer(download: unknown): Promise<Buffer> {
  if (download instanceof Blob) return Buffer.from(await download.arrayBuffer());
  if (Buffer.isBuffer(download)) return download;
  if (typeof download === "string") return Buffer.from(download);
  const chunks: Buffer[] = [];
  for await (const chunk of download as AsyncIterable<Buffer | Uint8Array | string>) {
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

const pesos = (centavos: number) => Math.round(centavos) / 100;

type Tipo = InvoiceDocument["conceptos"][number]["tipo"];
const productKey = (tipo: Tipo) =>
  tipo === "devolucion"
    ? CLAVE_EGRESO.claveProdServ
    : tipo === "venta"
    ? CLAVE_VENTA_GLOBAL.claveProdServ
    : tipo === "curso"
      ? INVOICING.claveCurso
      : tipo === "envio"
        ? INVOICING.claveEnvio
        : INVOICING.claveProducto;
const unitKey = (tipo: Tipo) =>
  tipo === "devolucion" ? CLAVE_EGRESO.claveUnidad : tipo === "venta" ? CLAVE_VENTA_GLOBAL.claveUnidad : tipo === "producto" ? INVOICING.unidadProducto : INVOICING.unidadServicio;

export function createFacturapiProvider(
  key = env.facturapiKey ?? "",
  options: { apiUrl?: string; timeoutMs?: number } = {},
): InvoiceProvider {
  const client = new Facturapi(key);
  const apiUrl = options.apiUrl ?? env.facturapiApiUrl;
  if (apiUrl) client.BASE_URL = apiUrl;
  const timeoutMs = options.timeoutMs ?? env.facturapiTimeoutMs;
  const call = <T>(promise: Promise<T>) => withDeadline(promise, timeoutMs).catch(translate);

  return {
    name: "facturapi",
    async create(doc: InvoiceDocument): Promise<Stamped> {
      const invoice = await call(
        client.invoices.create({
          // a nota de crédito: TipoDeComprobante E, related to the invoice it credits (TipoRelacion 01)
          ...(doc.tipo === "E" ? { type: "E" as never } : {}),
          ...(doc.relacionados
            ? { related_documents: [{ relationship: doc.relacionados.tipoRelacion, documents: doc.relacionados.uuids }] as never }
            : {}),
          customer: {
            legal_name: doc.receptor.razonSocial,
            tax_id: doc.receptor.rfc,
            tax_system: doc.receptor.regimen,
            ...(doc.correo ? { email: doc.correo } : {}),
            address: { zip: doc.receptor.codigoPostal },
          },
          items: doc.conceptos.map((c) => ({
            quantity: c.cantidad,
            product: {
              description: c.descripcion,
              product_key: productKey(c.tipo),
              unit_key: unitKey(c.tipo),
              price: pesos(c.precio),
              tax_included: true,
              taxes: [{ type: "IVA", rate: INVOICING.iva }],
              // NoIdentificacion: the order of a global invoice's concept
              ...(c.noIdentificacion ? { sku: c.noIdentificacion } : {}),
            },
            // a whole-order code's share, in the same terms as the price (IVA included)
            ...(c.descuento > 0 ? { discount: pesos(c.descuento) } : {}),
          })),
          // InformacionGlobal (Periodicidad 04 mensual, Meses, Año) of the monthly invoice to the general public
          ...(doc.global ? { global: { periodicity: "month" as never, months: doc.global.meses, year: doc.global.anio } } : {}),
          payment_form: doc.formaPago,
          payment_method: METODO_PAGO,
          use: doc.receptor.uso,
          external_id: doc.compraId,
          idempotency_key: doc.clave,
        }),
      );
      return {
        proveedorId: invoice.id,
        uuid: invoice.uuid,
        serie: invoice.series ?? "",
        folio: String(invoice.folio_number ?? ""),
      };
    },
    async pdf(doc) {
      return toBuffer(await call(client.invoices.downloadPdf(doc.proveedorId ?? "")));
    },
    async xml(doc) {
      return toBuffer(await call(client.invoices.downloadXml(doc.proveedorId ?? "")));
    },
    async cancel(doc, motivo, sustitucion): Promise<Cancelled> {
      const invoice = await call(
        client.invoices.cancel(doc.proveedorId ?? "", {
          motive: motivo as never,
          ...(sustitucion ? { substitution: sustitucion } : {}),
        }),
      );
      return { status: invoice.status === "canceled" ? "cancelada" : "cancelando", cancelacion: invoice.cancellation_status ?? null };
    },
    async status(doc): Promise<CfdiStatus> {
      const invoice = await call(client.invoices.retrieve(doc.proveedorId ?? ""));
      return statusOf(invoice);
    },
  };
}

/** An invoice as Facturapi describes it: its `status` says whether it is cancelled; `cancellation_status` how far a cancellation got. */
export function statusOf(invoice: { status?: unknown; cancellation_status?: unknown }): CfdiStatus {
  const cancelacion = typeof invoice.cancellation_status === "string" ? invoice.cancellation_status : null;
  if (invoice.status === "canceled") return { status: "cancelada", cancelacion };
  if (cancelacion === "pending" || cancelacion === "verifying") return { status: "cancelando", cancelacion };
  return { status: "vigente", cancelacion };
}
