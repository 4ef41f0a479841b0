/**
 * The shipping-label provider (issue 29, ADR 036), like the payment and invoicing providers:
 * Envia.com when ENVIA_API_KEY is set, the offline demo in the demo (a label marked "SIN
 * VALOR"), none otherwise (the studio types the carrier and tracking number by hand).
 *
 *   quote (several carriers, one call each) → the studio picks a rate → buy (once, with an
 *   idempotency key written before the call) → the label's PDF, the tracking number and the
 *   carrier's tracking page → tracking events move the order to Enviado, then Entregado.
 */
import type { TarifaGuardada } from "../db/schema";
import { env } from "../env.server";
import { currentMode } from "../mode.server";

export type Direccion = {
  nombre: string;
  telefono: string;
  correo: string;
  calle: string;
  colonia: string;
  ciudad: string;
  /** the state's name as the checkout stores it ('Jalisco', 'Ciudad de México') */
  estado: string;
  codigoPostal: string;
};

export type Paquete = {
  /** grams */
  peso: number;
  /** centimetres */
  largo: number;
  ancho: number;
  alto: number;
  /** centavos: the declared value (the order's products) */
  valor: number;
};

export type Tarifa = TarifaGuardada;

export type Envio = { origen: Direccion; destino: Direccion; paquete: Paquete };

export type EtiquetaComprada = {
  envioId: string;
  guia: string;
  paqueteria: string;
  urlRastreo: string | null;
  /** the label, a PDF */
  pdf: Buffer;
  /** centavos charged */
  costo: number;
};

/** Where a parcel is, as the provider reports it. */
export type Rastreo = "creada" | "en-camino" | "entregada" | "otro";

export interface ShippingProvider {
  readonly name: "envia" | "demo";
  /** Rates of every configured carrier for this parcel, cheapest first. */
  quote(envio: Envio): Promise<Tarifa[]>;
  /** Buys the label for a rate. `clave` is the same on every retry of one purchase. */
  buy(envio: Envio & { tarifa: Tarifa; clave: string; referencia: string }): Promise<EtiquetaComprada>;
  /** The parcel's state at the carrier, read from the provider (never from an event's body). */
  track(guia: string, paqueteria: string): Promise<Rastreo>;
}

/** The provider did not answer in time: whether it bought is unknown (a retry sends the same key). */
export class ShippingTimeout extends Error {
  constructor() {
    super("Envia.com no respondió a tiempo");
  }
}

/** The provider refused; `message` is its reason (shown to the studio). */
export class ShippingRefused extends Error {}

/** Envia with its key, the demo in the demo, none otherwise (manual entry only). */
export function shippingEnabled(): boolean {
  return Boolean(env.enviaApiKey) || currentMode().kind === "demo";
}
