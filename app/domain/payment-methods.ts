/**
 * How a buyer in Mexico can pay (issue 14, docs/decisions/021): the three methods, their
 * limits, "meses sin intereses" eligibility by amount, and the shapes of what a pending
 * payment shows (an OXXO voucher or SPEI transfer instructions). Pure: no server, no db.
 *
 *   tarjeta: authorised at once (optionally in 3/6/9/12 MSI, same total);
 *   oxxo:    cash voucher, expires in OXXO_DIAS days, not above the provider's OXXO limit;
 *   spei:    bank transfer to a CLABE with a reference, expires in SPEI_DIAS days.
 */
import { formatPrice } from "./money";

export const METODOS_PAGO = ["tarjeta", "oxxo", "spei"] as const;
export type MetodoPago = (typeof METODOS_PAGO)[number];
/** Methods paid later, offline: the order waits as 'Pendiente de pago'. */
export type MetodoDiferido = Exclude<MetodoPago, "tarjeta">;

export const METODO_LABEL: Record<MetodoPago, string> = {
  tarjeta: "Tarjeta",
  oxxo: "OXXO",
  spei: "Transferencia SPEI",
};

export function isMetodoPago(value: unknown): value is MetodoPago {
  return typeof value === "string" && (METODOS_PAGO as readonly string[]).includes(value);
}

export const isDiferido = (metodo: string): metodo is MetodoDiferido => metodo === "oxxo" || metodo === "spei";

/** Days a voucher or a transfer reference stays payable. */
export const OXXO_DIAS = 3;
export const SPEI_DIAS = 3;
export const diasParaPagar = (metodo: MetodoDiferido) => (metodo === "oxxo" ? OXXO_DIAS : SPEI_DIAS);

/** Stripe's OXXO limit per voucher: $10,000.00 MXN (the demo and Conekta use the same). */
export const OXXO_MAXIMO_MXN = 1_000_000;

// ---------------------------------------------------------------- meses sin intereses

export const MESES_MSI = [3, 6, 9, 12] as const;
export type MesesMsi = (typeof MESES_MSI)[number];

/**
 * The smallest total for each plan: $100 MXN per month ($300 for 3, ..., $1,200 for 12),
 * Stripe Mexico's minimums for installments. The card itself decides too (at the provider).
 */
export const MSI_MINIMO_POR_MES = 10_000;

export function isMesesMsi(value: unknown): value is MesesMsi {
  return typeof value === "number" && (MESES_MSI as readonly number[]).includes(value);
}

/** The plans a total allows, by amount alone. */
export function planesPorMonto(total: number): MesesMsi[] {
  return MESES_MSI.filter((meses) => total >= meses * MSI_MINIMO_POR_MES);
}

/**
 * The monthly amounts of a plan, to the centavo: every month but the last is the total
 * divided by the months, rounded DOWN; the last month carries the remainder. They add up
 * to the total exactly ($1,000.01 in 3: $333.33, $333.33, $333.35). The one rule for the
 * amounts shown anywhere (step 3, the course's payment page, the order, the receipt).
 */
export function cuotasMsi(total: number, meses: number): number[] {
  if (!Number.isSafeInteger(total) || total < 0 || !Number.isSafeInteger(meses) || meses < 1) {
    throw new RangeError(`Plan de meses no válido: ${total} en ${meses}`);
  }
  const mensual = Math.floor(total / meses);
  const cuotas = Array.from({ length: meses }, () => mensual);
  cuotas[meses - 1] = total - mensual * (meses - 1);
  return cuotas;
}

/**
 * "6 meses sin intereses de $500.00" when the months are equal; otherwise the last one is
 * named: "3 meses sin intereses de $333.33 (el último de $333.35)". The total is unchanged.
 */
export function describirMsi(meses: number, total: number): string {
  const cuotas = cuotasMsi(total, meses);
  const mensual = cuotas[0];
  const ultimo = cuotas[meses - 1];
  const base = `${meses} meses sin intereses de ${formatPrice(mensual)}`;
  return ultimo === mensual ? base : `${base} (el último de ${formatPrice(ultimo)})`;
}

/** Under the plan list wherever it is offered: the bank and the card decide too. */
export const MSI_SUJETO_A_BANCO = "Sujeto a tu banco: tu tarjeta de crédito debe participar. El total no cambia.";

/**
 * The re-check at payment time (the server's, whatever the browser sent): the plan the
 * provider charged must be the plan the buyer chose (both none, or the same months), one the
 * total allows (`planes`, the provider's plans for this amount) and, when the provider
 * reports the card's own plans (Stripe's `available_plans`), one of those. A Spanish reason
 * when not (nothing is given, the authorisation is released), else null.
 */
export function motivoPlanRechazado(input: {
  elegido: number | null;
  cobrado: number | null;
  planes: readonly number[];
  planesTarjeta?: readonly number[] | null;
}): string | null {
  const { elegido, cobrado, planes, planesTarjeta } = input;
  if (elegido === null && cobrado === null) return null;
  if (elegido !== cobrado) {
    return "El plan de meses sin intereses autorizado no es el que elegiste. No se hizo ningún cargo; vuelve a intentarlo.";
  }
  if (!planes.includes(cobrado as number) || (planesTarjeta && !planesTarjeta.includes(cobrado as number))) {
    return `Tu banco no ofrece ${cobrado} meses sin intereses con esta tarjeta para este total. No se hizo ningún cargo; elige otro plan o paga en una sola exhibición.`;
  }
  return null;
}

// ---------------------------------------------------------------- what a pending payment shows

/** An OXXO voucher or SPEI instructions, as the provider issued them. */
export type InstruccionesPago =
  | { metodo: "oxxo"; numero: string; vence: string; urlFicha?: string }
  | {
      metodo: "spei";
      clabe: string;
      referencia: string;
      banco: string;
      /** who receives the transfer (bank apps ask for it); absent only in instructions stored before issue 28 */
      beneficiario?: string;
      vence: string;
    };

// ---------------------------------------------------------------- CLABE and voucher numbers

const CLABE_PESOS = [3, 7, 1];

/** The CLABE's control digit (Banxico): weights 3,7,1 over the first 17 digits, mod 10. */
export function clabeCheckDigit(first17: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * CLABE_PESOS[i % 3]) % 10;
  return (10 - (sum % 10)) % 10;
}

export function isValidClabe(clabe: string): boolean {
  return /^\d{18}$/.test(clabe) && clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17]);
}

/** "646 180 1234 5678 9012" → groups of 3-3-4-4-4 as banks print them. */
export function formatClabe(clabe: string): string {
  return clabe.replace(/^(\d{3})(\d{3})(\d{4})(\d{4})(\d{4})$/, "$1 $2 $3 $4 $5");
}

/** Luhn check digit, used for demo voucher numbers (they look like real OXXO references). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** "9300 0262 2769 08" → groups of four. */
export function formatVoucherNumber(numero: string): string {
  return numero.replace(/(\d{4})(?=\d)/g, "$1 ");
}

// ---------------------------------------------------------------- Code 128 (barcode of the voucher)

/** Code 128 bar patterns (widths of bar/space modules), values 0..106. */
const CODE128 = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
];

/**
 * A digit string as Code 128 set C (two digits per symbol; an odd length starts in set B
 * for its first digit): the module widths, alternating bar and space, quiet zones excluded.
 */
export function code128Modules(digits: string): number[] {
  if (!/^\d+$/.test(digits)) throw new RangeError("Code 128: solo dígitos");
  const values: number[] = [];
  let rest = digits;
  if (rest.length % 2 === 1) {
    values.push(104, rest.charCodeAt(0) - 32, 99); // Start B, the first digit, switch to C
    rest = rest.slice(1);
  } else {
    values.push(105); // Start C
  }
  for (let i = 0; i < rest.length; i += 2) values.push(Number(rest.slice(i, i + 2)));
  let checksum = values[0];
  for (let i = 1; i < values.length; i++) checksum += values[i] * i;
  values.push(checksum % 103, 106);
  return values.flatMap((v) => [...CODE128[v]].map(Number));
}

// ---------------------------------------------------------------- what step 3 offers

/** What a provider can do, as the offer needs it (PaymentProvider's capabilities). */
export type Capacidades = {
  methods: readonly MetodoPago[];
  oxxoMaximum: number;
  minimumAmount: number;
  plans: readonly MesesMsi[];
};

export type MetodoOfrecido = { metodo: MetodoPago; disponible: boolean; motivo?: string };
/** Step 3's choice for one total: the methods (each available or why not) and the MSI plans. */
export type OfertaPago = { metodos: MetodoOfrecido[]; planes: MesesMsi[] };

/** The one rule of which method a total may use (the page shows it, the API enforces it). */
export function ofertaPago(cap: Capacidades, total: number): OfertaPago {
  const metodos = METODOS_PAGO.filter((m) => cap.methods.includes(m)).map((metodo): MetodoOfrecido => {
    if (total < cap.minimumAmount) {
      return { metodo, disponible: false, motivo: `El monto mínimo es de ${formatPrice(cap.minimumAmount)} MXN.` };
    }
    if (metodo === "oxxo" && total > cap.oxxoMaximum) {
      return { metodo, disponible: false, motivo: `OXXO acepta pagos de hasta ${formatPrice(cap.oxxoMaximum)} MXN.` };
    }
    return { metodo, disponible: true };
  });
  const tarjeta = metodos.find((m) => m.metodo === "tarjeta")?.disponible ?? false;
  return { metodos, planes: tarjeta ? [...cap.plans] : [] };
}

/** Why a method cannot pay this total, or null when it can. */
export function motivoNoDisponible(oferta: OfertaPago, metodo: MetodoPago): string | null {
  const found = oferta.metodos.find((m) => m.metodo === metodo);
  if (!found) return "Este método de pago no está disponible.";
  return found.disponible ? null : (found.motivo ?? "Este método de pago no está disponible.");
}
