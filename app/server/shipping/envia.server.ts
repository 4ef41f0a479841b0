/**
 * Envia.com's shipping API (ADR 036), over fetch, at ENVIA_API_URL (https://api.envia.com;
 * a local stub in tests, tests/support/envia-stub.ts):
 *
 *   POST /ship/rate/         one carrier per call: the carriers of ENVIA_PAQUETERIAS asked at once
 *   POST /ship/generate/     the label for a carrier and service: trackingNumber, label (PDF URL), trackUrl
 *   POST /ship/generaltrack/ a tracking number's status (Created, In transit, Delivered…)
 *
 * Bearer authentication with the API key. Each call has a deadline (ENVIA_TIMEOUT_MS): past it
 * ShippingTimeout, and the purchase is retried with the same `Idempotency-Key` (the same
 * `clave`), so a label bought whose answer was lost is not bought twice. Envia answers errors
 * as { meta: "error", error: { message } }: refused (4xx) carries its message to the studio.
 */
import { env } from "../env.server";
import {
  type Direccion,
  type Envio,
  type Rastreo,
  ShippingRefused,
  type ShippingProvider,
  ShippingTimeout,
  type Tarifa,
} from "./provider.server";

/** Envia's two-letter codes of the 32 federal entities. */
const ESTADOS: Record<string, string> = {
  Aguascalientes: "AG",
  "Baja California": "BC",
  "Baja California Sur": "BS",
  Campeche: "CM",
  Chiapas: "CS",
  Chihuahua: "CH",
  "Ciudad de México": "CX",
  "Coahuila de Zaragoza": "CO",
  Colima: "CL",
  Durango: "DG",
  "Estado de México": "EM",
  Guanajuato: "GT",
  Guerrero: "GR",
  Hidalgo: "HG",
  Jalisco: "JA",
  "Michoacán de Ocampo": "MI",
  Morelos: "MO",
  Nayarit: "NA",
  "Nuevo León": "NL",
  Oaxaca: "OA",
  Puebla: "PU",
  Querétaro: "QT",
  "Quintana Roo": "QR",
  "San Luis Potosí": "SL",
  Sinaloa: "SI",
  Sonora: "SO",
  Tabasco: "TB",
  Tamaulipas: "TM",
  Tlaxcala: "TL",
  "Veracruz de Ignacio de la Llave": "VE",
  Yucatán: "YU",
  Zacatecas: "ZA",
};

const address = (d: Direccion) => ({
  name: d.nombre,
  phone: d.telefono.replace(/\D/g, "").slice(-10),
  email: d.correo,
  street: d.calle,
  number: "",
  district: d.colonia,
  city: d.ciudad,
  state: ESTADOS[d.estado] ?? d.estado,
  country: "MX",
  postalCode: d.codigoPostal,
});

const packages = (envio: Envio) => [
  {
    content: "Productos de belleza",
    amount: 1,
    type: "box",
    weight: Math.max(0.1, Math.round(envio.paquete.peso / 100) / 10),
    weightUnit: "KG",
    lengthUnit: "CM",
    insurance: 0,
    declaredValue: Math.round(envio.paquete.valor) / 100,
    dimensions: { length: envio.paquete.largo, width: envio.paquete.ancho, height: envio.paquete.alto },
  },
];

type EnviaAnswer = { meta?: string; data?: unknown; error?: { message?: string; description?: string } };

export type EnviaOptions = { apiKey?: string; apiUrl?: string; timeoutMs?: number; paqueterias?: string[] };

export function createEnviaProvider(options: EnviaOptions = {}): ShippingProvider {
  const apiKey = options.apiKey ?? env.enviaApiKey ?? "";
  const apiUrl = (options.apiUrl ?? env.enviaApiUrl).replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? env.enviaTimeoutMs;
  const paqueterias = options.paqueterias ?? env.enviaPaqueterias;

  async function call(path: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown[]> {
    let response: Response;
    try {
      response = await fetch(`${apiUrl}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
        throw new ShippingTimeout();
      throw error;
    }
    let answer: EnviaAnswer;
    try {
      answer = (await response.json()) as EnviaAnswer;
    } catch (error) {
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
        throw new ShippingTimeout();
      throw new Error(`Envia.com respondió ${response.status} sin JSON`);
    }
    const message = answer.error?.message || answer.error?.description;
    if (response.status >= 400 && response.status < 500 && response.status !== 401 && response.status !== 429) {
      throw new ShippingRefused(String(message || "Envia.com rechazó la solicitud.").slice(0, 300));
    }
    if (!response.ok) throw new Error(`Envia.com respondió ${response.status}`);
    if (answer.meta === "error")
      throw new ShippingRefused(String(message || "Envia.com rechazó la solicitud.").slice(0, 300));
    return Array.isArray(answer.data) ? answer.data : [];
  }

  return {
    name: "envia",
    async quote(envio) {
      const answers = await Promise.allSettled(
        paqueterias.map((carrier) =>
          call("/ship/rate/", {
            origin: address(envio.origen),
            destination: address(envio.destino),
            packages: packages(envio),
            shipment: { type: 1, carrier },
            settings: { currency: "MXN" },
          }),
        ),
      );
      const rates: Tarifa[] = [];
      for (const answer of answers) {
        if (answer.status !== "fulfilled") continue;
        for (const raw of answer.value as Record<string, unknown>[]) {
          const precio = Math.round(Number(raw.totalPrice) * 100);
          if (
            !Number.isSafeInteger(precio) ||
            precio <= 0 ||
            typeof raw.carrier !== "string" ||
            typeof raw.service !== "string"
          )
            continue;
          rates.push({
            id: `${raw.carrier}:${raw.service}`.slice(0, 100),
            paqueteria: String(raw.carrierDescription ?? raw.carrier).slice(0, 60),
            servicio: raw.service.slice(0, 60),
            descripcion: String(raw.serviceDescription ?? raw.service).slice(0, 100),
            precio,
            dias: String(raw.deliveryEstimate ?? "").slice(0, 60),
          });
        }
      }
      // every carrier down or refusing: say so rather than "no rates"
      if (rates.length === 0) {
        const failure = answers.find((a): a is PromiseRejectedResult => a.status === "rejected");
        if (failure) throw failure.reason;
      }
      return rates.sort((a, b) => a.precio - b.precio);
    },

    async buy(input) {
      const [carrier = "", service = ""] = input.tarifa.id.split(":");
      const [label] = (await call(
        "/ship/generate/",
        {
          origin: address(input.origen),
          destination: address(input.destino),
          packages: packages(input),
          shipment: { type: 1, carrier, service, orderReference: input.referencia },
          settings: { currency: "MXN", printFormat: "PDF", printSize: "PAPER_4X6" },
        },
        { "idempotency-key": input.clave },
      )) as Record<string, unknown>[];
      if (!label || typeof label.trackingNumber !== "string" || typeof label.label !== "string") {
        throw new Error("Envia.com no devolvió la guía");
      }
      const file = await fetch(label.label, { signal: AbortSignal.timeout(timeoutMs) }).catch(() => null);
      const pdf = file?.ok ? Buffer.from(await file.arrayBuffer()) : null;
      // bought: a PDF we could not fetch now is fetched again later (its URL is kept)
      return {
        envioId: String(label.shipmentId ?? label.trackingNumber),
        guia: label.trackingNumber.slice(0, 60),
        paqueteria: input.tarifa.paqueteria,
        urlRastreo: typeof label.trackUrl === "string" && /^https:\/\//.test(label.trackUrl) ? label.trackUrl : null,
        pdf: pdf ?? Buffer.alloc(0),
        costo: Math.round(Number(label.totalPrice ?? input.tarifa.precio / 100) * 100),
      };
    },

    async track(guia): Promise<Rastreo> {
      const [row] = (await call("/ship/generaltrack/", { trackingNumbers: [guia] })) as Record<string, unknown>[];
      const status = String(row?.status ?? "").toLowerCase();
      if (status.includes("deliver") || status.includes("entregad")) return "entregada";
      if (
        status.includes("transit") ||
        status.includes("picked") ||
        status.includes("out for") ||
        status.includes("camino")
      )
        return "en-camino";
      if (status.includes("created") || status.includes("creada")) return "creada";
      return "otro";
    },
  };
}
