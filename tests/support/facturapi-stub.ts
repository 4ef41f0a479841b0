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
 * answer a 500 without stamping.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";

export type StubInvoice = {
  id: string;
  uuid: string;
  status: "valid" | "canceled";
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
    globals: () => [...invoices.values()].filter((i) => i.body.global),
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
    cancellation_status: i.status === "canceled" ? "accepted" : "none",
  });

  app.use((req, res, next) => {
    stub.requests.push({
      method: req.method,
      path: req.path,
      auth: req.get("authorization") ?? "",
      body: (req.body ?? {}) as Record<string, unknown>,
      query: req.query as Record<string, unknown>,
    });
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
      };
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
            `${i.product?.sku ? ` NoIdentificacion="${i.product.sku}"` : ""} Descripcion="${i.product?.description ?? ""}" Importe="${(Math.round((i.product?.price ?? 0) * 100) * (i.quantity ?? 1) / 100).toFixed(2)}"/>`,
        )
        .join("");
      res
        .type("application/xml")
        .send(
          `<?xml version="1.0"?><cfdi:Comprobante Version="4.0" FormaPago="${body.payment_form ?? ""}" MetodoPago="${body.payment_method ?? "PUE"}" Total="${(total / 100).toFixed(2)}">` +
            global +
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
    invoice.status = "canceled";
    invoice.cancellation = { motive, substitution: req.query.substitution ? String(req.query.substitution) : null };
    res.json(view(invoice));
  });

  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  stub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return stub;
}
