/**
 * A local stand-in for Envia.com's shipping API (the network edge, ADR 036): the calls our
 * provider makes. `POST /ship/rate/` answers one carrier's rates per call (as Envia does:
 * `shipment.carrier` is required); `POST /ship/generate/` buys a label, and a repeated
 * `Idempotency-Key` answers the label already bought instead of buying a second one;
 * `GET /labels/:guia.pdf` serves the label; `POST /ship/generaltrack/` answers the status a
 * test set for a tracking number. `delayMs` answers late AFTER buying (the answer that never
 * arrives in time), `down` answers every call 503, `refuse` answers 400 with Envia's error
 * shape. It counts what it really bought. `webhookEvent` builds a signed tracking event
 * (X-Envia-Signature: hex HMAC-SHA256 of the body).
 */
import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";

export type StubLabel = {
  trackingNumber: string;
  carrier: string;
  service: string;
  key: string;
  body: Record<string, unknown>;
};

export type EnviaStub = {
  url: string;
  /** labels bought, by tracking number (a replayed key does not buy again) */
  labels: Map<string, StubLabel>;
  bought: () => number;
  requests: { path: string; auth: string; body: Record<string, unknown> }[];
  delayMs: number;
  down: boolean;
  /** the next /ship/generate/ answers 400 with this message */
  refuse: string | null;
  /** what /ship/generaltrack/ answers for a tracking number (default "Created") */
  status: Map<string, string>;
  close: () => Promise<void>;
};

const RATES: Record<string, { service: string; description: string; price: number; days: string }[]> = {
  estafeta: [{ service: "ground", description: "Terrestre", price: 139.5, days: "3 a 5 días" }],
  dhl: [{ service: "express", description: "Express", price: 249, days: "1 día" }],
  fedex: [
    { service: "standard", description: "Estándar", price: 179.9, days: "2 a 4 días" },
    { service: "express", description: "Express", price: 299, days: "1 día" },
  ],
};

export async function startEnviaStub(): Promise<EnviaStub> {
  const app = express();
  app.use(express.json());
  const byKey = new Map<string, string>();
  let next = 7_000_000;
  const stub: EnviaStub = {
    url: "",
    labels: new Map(),
    bought: () => stub.labels.size,
    requests: [],
    delayMs: 0,
    down: false,
    refuse: null,
    status: new Map(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const wait = () => new Promise((resolve) => setTimeout(resolve, stub.delayMs));
  const error = (res: express.Response, status: number, message: string) =>
    res.status(status).json({ meta: "error", error: { code: status, message } });

  app.use((req, res, next) => {
    stub.requests.push({ path: req.path, auth: req.get("authorization") ?? "", body: req.body ?? {} });
    if (stub.down) return void res.status(503).json({ meta: "error", error: { message: "Service Unavailable" } });
    if (!req.path.startsWith("/labels/") && req.get("authorization") !== "Bearer envia-clave-prueba") {
      return void error(res, 401, "Unauthorized");
    }
    next();
  });

  app.post("/ship/rate/", (req, res) => {
    const carrier = String(req.body?.shipment?.carrier ?? "");
    if (!carrier) return void error(res, 400, "The carrier is required.");
    if (!req.body?.destination?.postalCode) return void error(res, 400, "Invalid destination postal code.");
    res.json({
      meta: "rate",
      data: (RATES[carrier] ?? []).map((r) => ({
        carrier,
        carrierDescription: carrier === "dhl" ? "DHL" : carrier === "fedex" ? "FedEx" : "Estafeta",
        service: r.service,
        serviceDescription: r.description,
        totalPrice: r.price,
        currency: "MXN",
        deliveryEstimate: r.days,
      })),
    });
  });

  app.post("/ship/generate/", async (req, res) => {
    if (stub.refuse) {
      const message = stub.refuse;
      stub.refuse = null;
      return void error(res, 400, message);
    }
    const key = req.get("idempotency-key") ?? "";
    let tracking = key ? byKey.get(key) : undefined;
    if (!tracking) {
      tracking = String(next++);
      if (key) byKey.set(key, tracking);
      stub.labels.set(tracking, {
        trackingNumber: tracking,
        carrier: String(req.body?.shipment?.carrier ?? ""),
        service: String(req.body?.shipment?.service ?? ""),
        key,
        body: req.body,
      });
    }
    if (stub.delayMs > 0) await wait();
    const label = stub.labels.get(tracking)!;
    res.json({
      meta: "generate",
      data: [
        {
          carrier: label.carrier,
          service: label.service,
          shipmentId: Number(tracking) - 6_000_000,
          trackingNumber: tracking,
          trackUrl: `https://envia.com/rastreo?label=${tracking}`,
          label: `${stub.url}/labels/${tracking}.pdf`,
          totalPrice: 139.5,
          currency: "MXN",
        },
      ],
    });
  });

  app.get("/labels/:file", (req, res) => {
    const tracking = req.params.file.replace(/\.pdf$/, "");
    if (!stub.labels.has(tracking)) return void res.status(404).end();
    res.type("application/pdf").send(Buffer.from(`%PDF-1.4\n% guía ${tracking}\n%%EOF\n`));
  });

  app.post("/ship/generaltrack/", (req, res) => {
    const numbers: string[] = Array.isArray(req.body?.trackingNumbers) ? req.body.trackingNumbers : [];
    res.json({
      meta: "generaltrack",
      data: numbers.map((n) => ({ trackingNumber: n, status: stub.status.get(n) ?? "Created" })),
    });
  });

  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}

/** A tracking event as Envia sends it, signed with `secret`. */
export function webhookEvent(secret: string, trackingNumber: string, status = "In transit") {
  const body = JSON.stringify({ event: "onShipmentStatusUpdate", data: { trackingNumber, status } });
  return { body, signature: createHmac("sha256", secret).update(body).digest("hex") };
}
