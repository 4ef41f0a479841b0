/**
 * A local stand-in for Facturapi's HTTP API (v2), the calls our provider makes through the
 * official SDK: create an invoice, download its PDF and XML, cancel it. Like Facturapi, a
 * repeated `idempotency_key` returns the invoice already created instead of stamping a
 * second one. `delayMs` makes the stub answer late *after* it created the invoice (the
 * provider that stamps but whose answer never arrives in time); `refuse` answers a 400 with
 * Facturapi's error shape for the given RFCs. It counts what it really stamped and cancelled.
 * Its XML carries what the invoice was stamped with: the receptor, FormaPago and MetodoPago
 * (PUE when not sent, as Facturapi defaults). A global invoice (a `global` block) is
 * recorded with it (`globals()`), and its XML carries InformacionGlobal and each concept with
 * its NoIdentificacion (the item's sku) and Importe. `failures` makes the next creates
 * answer a 500 without stamping; `down` answers every call 503 (Facturapi unreachable).
 * A nota de crédito (`type: "E"`, `related_documents`) is stamped with TipoDeComprobante E and
 * CfdiRelacionados in its XML; each concept carries its Traslado (Base and IVA as Facturapi
 * splits a price with IVA included: base = price / 1.16 to the centavo). `cancelPending` makes
 * cancellations wait for the receiver (status valid, cancellation_status pending) until
 * `answerCancellation` says what the receiver did; GET /v2/invoices/:id reads an invoice.
 * `webhookEvent` builds a signed event as Facturapi sends it (Facturapi-Signature: hex HMAC-SHA256).
 */
import { createHmac, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";

export type StubInvoice = {
  id: string;
  uuid: string;
  status: "valid" | "canceled";
  cancellation_status?: "none" | "pending" | "accepted" | "rejected" | "expired";
  series: string;
  folio_number: number;
  idempotency_key: string;
  body: Record<string, unknown>;
  cancellation?: { motive: string; substitution: string | null };
};

export type FacturapiStub = {
  /** the base URL to give the SDK (…/v2) */
  url: string;
  invoices: Map<string, StubInvoice>;
  requests: { method: string; path: string; auth: string; body: Record<string, unknown>; query: Record<string, unknown> }[];
  /** invoices actually created (a replayed idempotency key does not count) */
  created: () => number;
  delayMs: number;
  /** RFCs the "SAT" refuses */
  refuse: Set<string>;
  /** the next this-many creates answer 500 and stamp nothing */
  failures: number;
  /** the global invoices stamped (those sent with a `global` block) */
  globals: () => StubInvoice[];
  /** the notas de crédito stamped (type E) */
  egresos: () => StubInvoice[];
  /** every call answers 503 */
  down: boolean;
  /** cancellations wait for the receiver's answer */
  cancelPending: boolean;
  /** the receiver answers a pending cancellation */
  answerCancellation: (id: string, answer: "accepted" | "rejected" | "expired") => void;
  close: () => Promise<void>;
};

export async function startFacturapiStub(): Promise<FacturapiStub> {
  const app = express();
  app.use(express.json());
  const invoices = new Map<string, StubInvoice>();
  const byKey = new Map<string, string>();
  let folio = 100;
  const stub = {
    url: "",
    invoices,
    requests: [] as FacturapiStub["requests"],
    created: () => invoices.size,
    delayMs: 0,
    refuse: new Set<string>(),
    failures: 0,
    globals: () => [...invoices.values()].filter((i) => i.body.global && i.body.type !== "E"),
    egresos: () => [...invoices.values()].filter((i) => i.body.type === "E"),
    down: false,
    cancelPending: false,
    answerCancellation: (id: string, answer: "accepted" | "rejected" | "expired") => {
      const invoice = invoices.get(id);
      if (!invoice) throw new Error(`stub: no invoice ${id}`);
      invoice.cancellation_status = answer;
      if (answer === "accepted") invoice.status = "canceled";
    },
    close: async () => {},
  } satisfies FacturapiStub;
  const late = () => new Promise((resolve) => setTimeout(resolve, stub.delayMs));
  const view = (i: StubInvoice) => ({
    id: i.id,
    uuid: i.uuid,
    status: i.status,
    series: i.series,
    folio_number: i.folio_number,
    idempotency_key: i.idempotency_key,
    livemode: false,
    customer: (i.body as { customer?: unknown }).customer,
    cancellation_status: i.cancellation_status ?? (i.status === "canceled" ? "accepted" : "none"),
  });

  app.use((req, res, next) => {
    stub.requests.push({
      method: req.method,
      path: req.path,
      auth: req.get("authorization") ?? "",
      body: (req.body ?? {}) as Record<string, unknown>,
      query: req.query as Record<string, unknown>,
    });
    if (stub.down) {
      res.status(503).json({ message: "Servicio no disponible", status: 503 });
      return;
    }
    if (!req.get("authorization")?.startsWith("Bearer sk_test_")) {
      res.status(401).json({ message: "API key inválida", status: 401 });
      return;
    }
    next();
  });

  app.post("/v2/invoices", async (req, res) => {
    const body = req.body as { customer?: { tax_id?: string }; idempotency_key?: string };
    const key = body.idempotency_key ?? "";
    const existing = key ? byKey.get(key) : undefined;
    if (existing) {
      await late();
      res.json(view(invoices.get(existing)!));
      return;
    }
    if (stub.failures > 0) {
      stub.failures--;
      res.status(500).json({ message: "Error interno", status: 500 });
      return;
    }
    if (stub.refuse.has(body.customer?.tax_id ?? "")) {
      res.status(400).json({ message: "El RFC del receptor no se encuentra en la lista de RFC inscritos no cancelados en el SAT.", status: 400 });
      return;
    }
    const invoice: StubInvoice = {
      id: `inv_${randomUUID().replace(/-/g, "").slice(0, 20)}`,
      uuid: randomUUID().toUpperCase(),
      status: "valid",
      series: "F",
      folio_number: ++folio,
      idempotency_key: key,
      body: req.body as Record<string, unknown>,
    };
    invoices.set(invoice.id, invoice);
    if (key) byKey.set(key, invoice.id);
    await late();
    res.json(view(invoice));
  });

  app.get("/v2/invoices/:id", (req, res) => {
    const invoice = invoices.get(req.params.id);
    if (!invoice) {
      res.status(404).json({ message: "No se encontró la factura", status: 404 });
      return;
    }
    res.json(view(invoice));
  });

  app.get("/v2/invoices/:id/:format", (req, res) => {
    const invoice = invoices.get(req.params.id);
    if (!invoice || (req.params.format !== "pdf" && req.params.format !== "xml")) {
      res.status(404).json({ message: "No se encontró la factura", status: 404 });
      return;
    }
    if (req.params.format === "pdf") {
      res.type("application/pdf").send(Buffer.from(`%PDF-1.4\n% factura ${invoice.uuid}\n%%EOF\n`));
    } else {
      const body = invoice.body as {
        payment_form?: string;
        payment_method?: string;
        customer?: { tax_id?: string; legal_name?: string; tax_system?: string; address?: { zip?: string } };
        use?: string;
        global?: { periodicity?: string; months?: string; year?: number };
        items?: { quantity?: number; product?: { description?: string; product_key?: string; unit_key?: string; price?: number; sku?: string } }[];
        type?: string;
        related_documents?: { relationship?: string; documents?: string[] }[];
      };
      const relacionados = (body.related_documents ?? [])
        .map((r) => `<cfdi:CfdiRelacionados TipoRelacion="${r.relationship ?? ""}">${(r.documents ?? []).map((u) => `<cfdi:CfdiRelacionado UUID="${u}"/>`).join("")}</cfdi:CfdiRelacionados>`)
        .join("");
      const c = body.customer ?? {};
      const periodicidad: Record<string, string> = { day: "01", week: "02", fortnight: "03", month: "04", two_months: "05" };
      const global = body.global
        ? `<cfdi:InformacionGlobal Periodicidad="${periodicidad[body.global.periodicity ?? ""] ?? ""}" Meses="${body.global.months ?? ""}" Año="${body.global.year ?? ""}"/>`
        : "";
      const items = body.items ?? [];
      const total = items.reduce((sum, i) => sum + Math.round((i.product?.price ?? 0) * 100) * (i.quantity ?? 1), 0);
      const conceptos = items
        .map(
          (i) =>
            `<cfdi:Concepto ClaveProdServ="${i.product?.product_key ?? ""}" ClaveUnidad="${i.product?.unit_key ?? ""}" Cantidad="${i.quantity ?? 1}"` +
            `${i.product?.sku ? ` NoIdentificacion="${i.product.sku}"` : ""} Descripcion="${i.product?.description ?? ""}" Importe="${(Math.round((i.product?.price ?? 0) * 100) * (i.quantity ?? 1) / 100).toFixed(2)}">` +
            traslado(Math.round((i.product?.price ?? 0) * 100) * (i.quantity ?? 1)) +
            `</cfdi:Concepto>`,
        )
        .join("");
      res
        .type("application/xml")
        .send(
          `<?xml version="1.0"?><cfdi:Comprobante Version="4.0" TipoDeComprobante="${body.type ?? "I"}" FormaPago="${body.payment_form ?? ""}" MetodoPago="${body.payment_method ?? "PUE"}" Total="${(total / 100).toFixed(2)}">` +
            global +
            relacionados +
            `<cfdi:Receptor Rfc="${c.tax_id ?? ""}" Nombre="${c.legal_name ?? ""}" DomicilioFiscalReceptor="${c.address?.zip ?? ""}" RegimenFiscalReceptor="${c.tax_system ?? ""}" UsoCFDI="${body.use ?? ""}"/>` +
            `<cfdi:Conceptos>${conceptos}</cfdi:Conceptos>` +
            `<cfdi:Complemento><tfd:TimbreFiscalDigital UUID="${invoice.uuid}"/></cfdi:Complemento></cfdi:Comprobante>`,
        );
    }
  });

  app.delete("/v2/invoices/:id", (req, res) => {
    const invoice = invoices.get(req.params.id);
    if (!invoice) {
      res.status(404).json({ message: "No se encontró la factura", status: 404 });
      return;
    }
    const motive = String(req.query.motive ?? "");
    if (!["01", "02", "03", "04"].includes(motive) || (motive === "01" && !req.query.substitution)) {
      res.status(400).json({ message: "Motivo de cancelación inválido", status: 400 });
      return;
    }
    if (stub.cancelPending) invoice.cancellation_status = "pending";
    else invoice.status = "canceled";
    invoice.cancellation = { motive, substitution: req.query.substitution ? String(req.query.substitution) : null };
    res.json(view(invoice));
  });

  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  stub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return stub;
}

/** A concept's Traslado as Facturapi splits a price with IVA included (centavos in, pesos out). */
function traslado(conIva: number): string {
  const base = Math.round(conIva / 1.16);
  return `<cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="${(base / 100).toFixed(2)}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${((conIva - base) / 100).toFixed(2)}"/></cfdi:Traslados></cfdi:Impuestos>`;
}

/** A Facturapi event about an invoice, and its Facturapi-Signature with `secret`. */
export function webhookEvent(secret: string, type: string, invoice: { id: string; status?: string; cancellation_status?: string }) {
  const body = JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, "").slice(0, 16)}`,
    type,
    created_at: new Date().toISOString(),
    livemode: false,
    organization: "org_estudio",
    data: { type: "invoice", object: invoice },
  });
  return { body, signature: createHmac("sha256", secret).update(body).digest("hex") };
}
