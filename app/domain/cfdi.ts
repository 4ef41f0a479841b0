/**
 * CFDI 4.0 rules the Factura form needs (pure): the SAT catalogues c_RegimenFiscal and
 * c_UsoCFDI (the entries a buyer of a studio's supplies and courses can use), which uso goes
 * with which régimen (the catalogue's "Régimen Fiscal Receptor" column), the fiscal data a
 * client sends, the window in which an order can be invoiced, and the cancellation reasons.
 */
import { INVOICING } from "~/config/invoicing";
import { STUDIO_TIME_ZONE } from "./dates";
import { zonedInstant } from "./slots";
import { withoutNul } from "./limits";
import { RFC_GENERICO_EXTRANJERO, RFC_GENERICO_NACIONAL, type RfcTipo, validateRfc } from "./rfc";

type Persona = "fisica" | "moral";

/** c_RegimenFiscal: code, description, and whether personas físicas / morales may have it. */
export const REGIMENES_FISCALES: { clave: string; nombre: string; personas: Persona[] }[] = [
  { clave: "601", nombre: "General de Ley Personas Morales", personas: ["moral"] },
  { clave: "603", nombre: "Personas Morales con Fines no Lucrativos", personas: ["moral"] },
  { clave: "605", nombre: "Sueldos y Salarios e Ingresos Asimilados a Salarios", personas: ["fisica"] },
  { clave: "606", nombre: "Arrendamiento", personas: ["fisica"] },
  { clave: "607", nombre: "Régimen de Enajenación o Adquisición de Bienes", personas: ["fisica"] },
  { clave: "608", nombre: "Demás ingresos", personas: ["fisica"] },
  { clave: "610", nombre: "Residentes en el Extranjero sin Establecimiento Permanente en México", personas: ["fisica", "moral"] },
  { clave: "611", nombre: "Ingresos por Dividendos (socios y accionistas)", personas: ["fisica"] },
  { clave: "612", nombre: "Personas Físicas con Actividades Empresariales y Profesionales", personas: ["fisica"] },
  { clave: "614", nombre: "Ingresos por intereses", personas: ["fisica"] },
  { clave: "615", nombre: "Régimen de los ingresos por obtención de premios", personas: ["fisica"] },
  { clave: "616", nombre: "Sin obligaciones fiscales", personas: ["fisica"] },
  { clave: "620", nombre: "Sociedades Cooperativas de Producción que optan por diferir sus ingresos", personas: ["moral"] },
  { clave: "621", nombre: "Incorporación Fiscal", personas: ["fisica"] },
  { clave: "622", nombre: "Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras", personas: ["moral"] },
  { clave: "623", nombre: "Opcional para Grupos de Sociedades", personas: ["moral"] },
  { clave: "624", nombre: "Coordinados", personas: ["moral"] },
  {
    clave: "625",
    nombre: "Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas",
    personas: ["fisica"],
  },
  { clave: "626", nombre: "Régimen Simplificado de Confianza", personas: ["fisica", "moral"] },
];

// The régimen lists of c_UsoCFDI's "Régimen Fiscal Receptor" column.
const EMPRESARIALES = ["601", "603", "606", "612", "620", "621", "622", "623", "624", "625", "626"];
const PERSONALES = ["605", "606", "608", "611", "612", "614", "607", "615", "625"];
const TODOS = ["601", "603", "605", "606", "608", "610", "611", "612", "614", "616", "620", "621", "622", "623", "624", "607", "615", "625", "626"];

/**
 * c_UsoCFDI: the uses a purchase of goods or a course can have (payroll CN01 is left out),
 * with the régimens each one admits.
 */
export const USOS_CFDI: { clave: string; nombre: string; personas: Persona[]; regimenes: string[] }[] = [
  { clave: "G01", nombre: "Adquisición de mercancías", personas: ["fisica", "moral"], regimenes: EMPRESARIALES },
  { clave: "G03", nombre: "Gastos en general", personas: ["fisica", "moral"], regimenes: EMPRESARIALES },
  { clave: "I08", nombre: "Otra maquinaria y equipo", personas: ["fisica", "moral"], regimenes: EMPRESARIALES },
  { clave: "D01", nombre: "Honorarios médicos, dentales y gastos hospitalarios", personas: ["fisica"], regimenes: PERSONALES },
  { clave: "D10", nombre: "Pagos por servicios educativos (colegiaturas)", personas: ["fisica"], regimenes: PERSONALES },
  { clave: "S01", nombre: "Sin efectos fiscales", personas: ["fisica", "moral"], regimenes: TODOS },
  { clave: "CP01", nombre: "Pagos", personas: ["fisica", "moral"], regimenes: TODOS },
];

/** Whether the SAT admits `uso` for a receptor in `regimen`. */
export function usoPermitido(regimen: string, uso: string): boolean {
  return USOS_CFDI.some((u) => u.clave === uso && u.regimenes.includes(regimen));
}

/** The longest fiscal data accepted (the SAT's own field sizes). */
export const FISCAL_LIMITS = { rfc: 20, razonSocial: 254, regimen: 3, uso: 4, codigoPostal: 5 } as const;

export type DatosFiscales = {
  rfc: string;
  razonSocial: string;
  regimen: string;
  uso: string;
  codigoPostal: string;
};

export type DatosFiscalesField = keyof DatosFiscales;

export type DatosFiscalesResult =
  | { ok: true; data: DatosFiscales; tipo: RfcTipo }
  | { ok: false; field: DatosFiscalesField; message: string };

const text = (value: unknown) => (typeof value === "string" ? withoutNul(value).trim() : "");

/**
 * The client's fiscal data as CFDI 4.0 wants it: a valid RFC, the name of the Constancia de
 * Situación Fiscal (upper case, single spaces), a régimen the RFC's kind of person can have, a
 * uso that régimen admits, and the 5-digit postal code of the fiscal address.
 *
 * The generic RFCs (issue 28): a client invoices with her own RFC. XAXX010101000 (público en
 * general) is refused: a sale nobody invoices goes into the studio's monthly global invoice,
 * and a personal invoice to the generic RFC would block her real one. A foreign client uses
 * XEXX010101000 as the SAT's Anexo 20 says: régimen 616 'Sin obligaciones fiscales', uso S01
 * 'Sin efectos fiscales', and as DomicilioFiscalReceptor the lugar de expedición (the
 * studio's postal code; left empty, it is filled in).
 */
export function validateDatosFiscales(
  input: Record<string, unknown>,
  options: { lugarExpedicion?: string } = {},
): DatosFiscalesResult {
  const lugarExpedicion = options.lugarExpedicion ?? INVOICING.lugarExpedicion;
  const raw = {
    rfc: text(input.rfc),
    razonSocial: text(input.razonSocial),
    regimen: text(input.regimen),
    uso: text(input.uso),
    codigoPostal: text(input.codigoPostal),
  };
  const fail = (field: DatosFiscalesField, message: string): DatosFiscalesResult => ({ ok: false, field, message });
  if (raw.rfc.length > FISCAL_LIMITS.rfc) return fail("rfc", "El RFC tiene 12 o 13 caracteres");
  const rfc = validateRfc(raw.rfc);
  if (!rfc.ok) return fail("rfc", rfc.message);
  if (rfc.rfc === RFC_GENERICO_NACIONAL) return fail("rfc", RFC_GENERICO_NACIONAL_MENSAJE);

  const razonSocial = raw.razonSocial.toUpperCase().replace(/\s+/g, " ");
  if (razonSocial === "") return fail("razonSocial", "Escribe tu nombre o razón social");
  if (razonSocial.length > FISCAL_LIMITS.razonSocial) {
    return fail("razonSocial", `El nombre o razón social es demasiado largo (máximo ${FISCAL_LIMITS.razonSocial} caracteres)`);
  }

  const regimen = REGIMENES_FISCALES.find((r) => r.clave === raw.regimen);
  if (!regimen) return fail("regimen", "Elige tu régimen fiscal de la lista");
  const uso = USOS_CFDI.find((u) => u.clave === raw.uso);
  if (!uso) return fail("uso", "Elige el uso del CFDI de la lista");

  let codigoPostal = raw.codigoPostal;
  if (rfc.tipo === "generico") {
    // Only XEXX010101000 gets here (XAXX010101000 was refused above).
    if (regimen.clave !== "616") {
      return fail("regimen", "Con el RFC de residente en el extranjero el régimen fiscal es 616 Sin obligaciones fiscales");
    }
    if (uso.clave !== "S01") return fail("uso", "Con el RFC de residente en el extranjero el uso del CFDI es S01 Sin efectos fiscales");
    if (codigoPostal === "") codigoPostal = lugarExpedicion;
    if (codigoPostal !== lugarExpedicion) {
      return fail(
        "codigoPostal",
        `Con el RFC de residente en el extranjero el código postal es el del lugar de expedición: ${lugarExpedicion}`,
      );
    }
  } else {
    if (!regimen.personas.includes(rfc.tipo)) {
      return fail(
        "regimen",
        rfc.tipo === "fisica"
          ? `El régimen ${regimen.clave} es de personas morales; tu RFC es de persona física`
          : `El régimen ${regimen.clave} es de personas físicas; tu RFC es de persona moral`,
      );
    }
    if (!uso.regimenes.includes(regimen.clave) || !uso.personas.includes(rfc.tipo)) {
      return fail("uso", `El uso ${uso.clave} no corresponde al régimen ${regimen.clave} según el SAT`);
    }
  }

  if (!/^\d{5}$/.test(codigoPostal)) return fail("codigoPostal", "El código postal fiscal debe tener 5 dígitos");

  return {
    ok: true,
    tipo: rfc.tipo,
    data: { rfc: rfc.rfc, razonSocial, regimen: regimen.clave, uso: uso.clave, codigoPostal },
  };
}

/** Why a client's invoice cannot go to XAXX010101000 (the form shows it as soon as it is typed, the server refuses it). */
export const RFC_GENERICO_NACIONAL_MENSAJE =
  "Factura con tu propio RFC: las compras sin factura van en la factura global del mes. Si resides en el extranjero, usa XEXX010101000.";

export const isRfcGenerico = (rfc: string) => rfc === RFC_GENERICO_NACIONAL || rfc === RFC_GENERICO_EXTRANJERO;

// ---------------------------------------------------------------- how it was paid (c_FormaPago)

/** A card's funding as the payment provider reports it (Stripe's card.funding; Conekta's card type). */
export type CardFunding = "credit" | "debit" | "prepaid" | "unknown";

/** A provider's word on a card's funding, or undefined when it says nothing we know ("Credit", "debito" too). */
export function cardFunding(value: unknown): CardFunding | undefined {
  if (typeof value !== "string") return undefined;
  const word = value.trim().toLowerCase();
  if (word === "credit" || word === "credito" || word === "crédito") return "credit";
  if (word === "debit" || word === "debito" || word === "débito") return "debit";
  if (word === "prepaid" || word === "prepago") return "prepaid";
  if (word === "unknown") return "unknown";
  return undefined;
}

/** The funding a settled payment recorded (`pagos.detalle.funding`, ledger recordFunding), or null. */
export function fundingOf(detalle: unknown): string | null {
  const funding = (detalle as { funding?: unknown } | null)?.funding;
  return typeof funding === "string" ? funding : null;
}

/** The c_FormaPago entries the studio's invoices use. */
export const FORMAS_PAGO = {
  "01": "Efectivo",
  "03": "Transferencia electrónica de fondos",
  "04": "Tarjeta de crédito",
  "28": "Tarjeta de débito",
} as const;

export type FormaPago = keyof typeof FORMAS_PAGO;

/**
 * c_MetodoPago: every sale is paid in one go before it is invoiced (a card is captured,
 * OXXO and SPEI are invoiced only once paid), so PUE 'Pago en una sola exhibición'. Meses sin
 * intereses too: the bank pays the studio the whole amount; the client's months are her
 * credit with her bank, not with the studio.
 */
export const METODO_PAGO = "PUE";

/**
 * c_FormaPago of how an order was paid: OXXO 01 efectivo, SPEI 03 transferencia, a card 04
 * crédito or 28 débito from the funding its provider reported. Choices where the SAT is silent:
 * - meses sin intereses: 04 (only credit cards take them; the bank pays in full, PUE);
 * - a prepaid card: 28, as a débito card (the money is the client's own, already loaded;
 *   the SAT's 05 'Monedero electrónico' is for vouchers and wallets, not bank cards);
 * - unknown funding, or a payment from before the funding was recorded: 04, as before.
 */
export function formaPagoDe(pago: { metodo: string | null; funding?: string | null; meses?: number | null }): FormaPago {
  // cash at OXXO or at the studio; a SPEI or a bank transfer to the studio (a hand grant, issue 28)
  if (pago.metodo === "oxxo" || pago.metodo === "efectivo") return "01";
  if (pago.metodo === "spei" || pago.metodo === "transferencia") return "03";
  if (pago.meses && pago.meses > 1) return "04";
  const funding = cardFunding(pago.funding);
  if (funding === "debit" || funding === "prepaid") return "28";
  return "04";
}

// ---------------------------------------------------------------- the invoicing window

const monthFormatter = /* @__PURE__ */ new Intl.DateTimeFormat("en-CA", { timeZone: STUDIO_TIME_ZONE, year: "numeric", month: "2-digit" });

/** '2026-11': the calendar month of `date` in Guadalajara. */
export function studioMonth(date: Date): string {
  return monthFormatter.format(date).slice(0, 7);
}

/**
 * An order can be invoiced during the calendar month it was paid in (Guadalajara time): the
 * studio declares each month's income, and a sale not invoiced to its client that month goes
 * into the month's global invoice to the general public, so a later personal invoice would
 * declare the same income twice.
 */
export function dentroDelMesDeCompra(fechaCompra: Date, now: Date): boolean {
  return studioMonth(fechaCompra) === studioMonth(now);
}

// ---------------------------------------------------------------- cancellation (SAT reasons)

export const MOTIVOS_CANCELACION = [
  { clave: "01", nombre: "Comprobante emitido con errores con relación" },
  { clave: "02", nombre: "Comprobante emitido con errores sin relación" },
  { clave: "03", nombre: "No se llevó a cabo la operación" },
  { clave: "04", nombre: "Operación nominativa relacionada en una factura global" },
] as const;

export type MotivoCancelacion = (typeof MOTIVOS_CANCELACION)[number]["clave"];

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

export type CancelacionResult =
  | { ok: true; motivo: MotivoCancelacion; sustitucion: string | null }
  | { ok: false; message: string };

/** A cancellation reason of the SAT; '01' names the UUID of the invoice that replaces this one. */
export function validateCancelacion(motivo: unknown, sustitucion: unknown): CancelacionResult {
  const found = MOTIVOS_CANCELACION.find((m) => m.clave === motivo);
  if (!found) return { ok: false, message: "Elige el motivo de cancelación del SAT" };
  if (found.clave !== "01") return { ok: true, motivo: found.clave, sustitucion: null };
  const uuid = text(sustitucion).toUpperCase();
  if (!UUID.test(uuid)) {
    return { ok: false, message: "El motivo 01 pide el folio fiscal (UUID) de la factura que sustituye a esta" };
  }
  return { ok: true, motivo: found.clave, sustitucion: uuid };
}

// ---------------------------------------------------------------- the invoice's lines

export type Concepto = {
  descripcion: string;
  /** venta: one order in the monthly global invoice (ClaveProdServ 01010101, unidad ACT); devolucion: a nota de crédito's (84111506, ACT) */
  tipo: "producto" | "curso" | "envio" | "venta" | "devolucion";
  /** NoIdentificacion: the order id of a global invoice's concept */
  noIdentificacion?: string;
  cantidad: number;
  /** unit price with IVA, centavos */
  precio: number;
  /** line total with IVA, centavos, before the order's discount */
  importe: number;
  /** this line's share of a whole-order discount code, with IVA, centavos (0 without one) */
  descuento: number;
  /** what was charged for the line (importe − descuento) without IVA, centavos */
  base: number;
  iva: number;
};

/** A price that includes IVA split into base and tax, in whole centavos (the tax takes the rounding). */
export function desglosarIva(conIva: number, tasa = 0.16): { base: number; iva: number } {
  const base = Math.round(conIva / (1 + tasa));
  return { base, iva: conIva - base };
}

/**
 * The order's lines (and its shipping, when charged) as the invoice's conceptos. A
 * whole-order discount code (`descuento`, centavos with IVA: compras.descuento) comes off the
 * products, shared in proportion to each product line's total (whole centavos, the last
 * product line takes the remainder), so the conceptos add up to what was charged.
 */
export function conceptosDeCompra(
  lines: { nombre: string; precio: number; cantidad: number; curso: boolean }[],
  envio: number,
  tasa = 0.16,
  descuento = 0,
): Concepto[] {
  const productos = lines.filter((l) => !l.curso);
  const subtotalProductos = productos.reduce((s, l) => s + l.precio * l.cantidad, 0);
  let repartido = 0;
  const lastProduct = productos.at(-1);
  const conceptos: Concepto[] = lines.map((l) => {
    const importe = l.precio * l.cantidad;
    let parte = 0;
    if (descuento > 0 && !l.curso && subtotalProductos > 0) {
      parte = l === lastProduct ? descuento - repartido : Math.floor((descuento * importe) / subtotalProductos);
      repartido += parte;
    }
    return {
      descripcion: l.nombre,
      tipo: l.curso ? "curso" : "producto",
      cantidad: l.cantidad,
      precio: l.precio,
      importe,
      descuento: parte,
      ...desglosarIva(importe - parte, tasa),
    };
  });
  if (envio > 0) {
    conceptos.push({
      descripcion: "Envío Express",
      tipo: "envio",
      cantidad: 1,
      precio: envio,
      importe: envio,
      descuento: 0,
      ...desglosarIva(envio, tasa),
    });
  }
  return conceptos;
}

// ---------------------------------------------------------------- the monthly global invoice

/**
 * The receptor of the monthly global invoice (the SAT's Anexo 20 guide for a factura global):
 * RFC XAXX010101000, "PUBLICO EN GENERAL", régimen 616, uso S01, and the lugar de expedición
 * as DomicilioFiscalReceptor.
 */
export function receptorPublicoEnGeneral(lugarExpedicion: string = INVOICING.lugarExpedicion): DatosFiscales {
  return { rfc: RFC_GENERICO_NACIONAL, razonSocial: "PUBLICO EN GENERAL", regimen: "616", uso: "S01", codigoPostal: lugarExpedicion };
}

/** c_ClaveProdServ and c_ClaveUnidad the SAT asks for each sale in a global invoice. */
export const CLAVE_VENTA_GLOBAL = { claveProdServ: "01010101", claveUnidad: "ACT", descripcion: "Venta" } as const;

/** InformacionGlobal: Periodicidad 04 mensual, Meses "01".."12", Año. */
export type InformacionGlobal = { periodicidad: "04"; meses: string; anio: number };

const MES = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isMes = (mes: string) => MES.test(mes);

/** The InformacionGlobal of a month '2026-11'. */
export function informacionGlobal(mes: string): InformacionGlobal {
  const m = MES.exec(mes);
  if (!m) throw new RangeError(`Mes inválido: ${mes}`);
  return { periodicidad: "04", meses: m[2], anio: Number(m[1]) };
}

/** The month before '2026-11' (the one whose global invoice is due). */
export function mesAnterior(mes: string): string {
  const { meses, anio } = informacionGlobal(mes);
  const n = Number(meses);
  return n === 1 ? `${anio - 1}-12` : `${anio}-${String(n - 1).padStart(2, "0")}`;
}

/** The month after '2026-11'. */
export function mesSiguiente(mes: string): string {
  const { meses, anio } = informacionGlobal(mes);
  const n = Number(meses);
  return n === 12 ? `${anio + 1}-01` : `${anio}-${String(n + 1).padStart(2, "0")}`;
}

/** The instants a studio month spans, [desde, hasta), Guadalajara time. */
export function rangoDelMes(mes: string): { desde: Date; hasta: Date } {
  return {
    desde: zonedInstant(`${mes}-01`, "00:00", STUDIO_TIME_ZONE),
    hasta: zonedInstant(`${mesSiguiente(mes)}-01`, "00:00", STUDIO_TIME_ZONE),
  };
}

/** When the global invoice of `mes` is issued: the 3rd of the next month at 06:00 (OXXO and SPEI paid on the last day are settled by then). */
export function emisionGlobal(mes: string): Date {
  return zonedInstant(`${mesSiguiente(mes)}-03`, "06:00", STUDIO_TIME_ZONE);
}

/**
 * One order as a concept of the global invoice: quantity 1, "Venta", NoIdentificacion the
 * order id, its total, and the base and IVA its own invoice would have stated (the sum of
 * conceptosDeCompra's lines), so the global and a personal invoice never differ by a centavo.
 * An order partly refunded before the invoice is issued goes in net of it.
 */
export function conceptoGlobal(
  compra: { id: string; total: number; envio: number; descuento?: number; reembolsado?: number },
  lines: { nombre: string; precio: number; cantidad: number; curso: boolean }[],
  tasa = 0.16,
): Concepto {
  const split = desgloseDeCompra(compra, lines, tasa);
  // net of what was given back (issue 28): the refunds' own split comes off, so a nota de
  // crédito of the rest later splits the same way (desglosePorcion, cumulative)
  const reembolsado = Math.min(compra.reembolsado ?? 0, compra.total);
  const devuelto = desglosePorcion(split, 0, reembolsado);
  const neto = compra.total - reembolsado;
  return {
    descripcion: CLAVE_VENTA_GLOBAL.descripcion,
    tipo: "venta",
    noIdentificacion: compra.id,
    cantidad: 1,
    precio: neto,
    importe: neto,
    descuento: 0,
    base: split.base - devuelto.base,
    iva: split.iva - devuelto.iva,
  };
}

/**
 * An order's base and IVA as its own invoice states them (the sum of conceptosDeCompra's
 * lines); an order whose lines do not add up to its total (a whole-order discount) is split
 * from its total: the invoice always carries what was paid.
 */
export function desgloseDeCompra(
  compra: { total: number; envio: number; descuento?: number },
  lines: { nombre: string; precio: number; cantidad: number; curso: boolean }[],
  tasa = 0.16,
): { base: number; iva: number } {
  const parts = conceptosDeCompra(lines, compra.envio, tasa, compra.descuento ?? 0);
  const sumLines = parts.reduce((s, c) => s + c.base + c.iva, 0);
  return sumLines === compra.total
    ? { base: parts.reduce((s, c) => s + c.base, 0), iva: parts.reduce((s, c) => s + c.iva, 0) }
    : desglosarIva(compra.total, tasa);
}

// ---------------------------------------------------------------- money given back (issue 28, ADR 034)

/**
 * A CFDI de egreso (nota de crédito) of a refund: TipoDeComprobante E, CfdiRelacionados with
 * TipoRelacion 01 'Nota de crédito de los documentos relacionados', one concept with the
 * ClaveProdServ the SAT's guide gives for a devolución, descuento o bonificación.
 */
export const CLAVE_EGRESO = { claveProdServ: "84111506", claveUnidad: "ACT", descripcion: "Devolución" } as const;
export const TIPO_RELACION_NOTA_CREDITO = "01";

/** c_UsoCFDI G02 'Devoluciones, descuentos o bonificaciones' and the régimens that admit it. */
export const USO_DEVOLUCION = { clave: "G02", regimenes: EMPRESARIALES } as const;

/**
 * The uso of a nota de crédito to a client: G02 when her régimen admits it; otherwise (605
 * sueldos, 616 sin obligaciones...) S01 'Sin efectos fiscales', which every régimen admits.
 */
export function usoEgreso(regimen: string): string {
  return USO_DEVOLUCION.regimenes.includes(regimen) ? USO_DEVOLUCION.clave : "S01";
}

/**
 * c_FormaPago of money given back: a card's refund goes back to that card (04 / 28 as the
 * sale); SPEI and a transfer to the studio come back by transfer (03); OXXO cash cannot go
 * back to the store, so the provider (Stripe, Conekta) sends it to the client's bank
 * account: 03; cash at the studio is handed back in cash: 01.
 */
export function formaPagoDevolucion(pago: { metodo: string | null; funding?: string | null; meses?: number | null }): FormaPago {
  if (pago.metodo === "efectivo") return "01";
  if (pago.metodo === "oxxo" || pago.metodo === "spei" || pago.metodo === "transferencia") return "03";
  return formaPagoDe(pago);
}

/**
 * The share of a CFDI's base and IVA that `monto` of its `total` carries, after `antes` was
 * already given back: cumulative, so that the refunds of a whole total add up to the
 * original's base and IVA to the centavo (the last one takes the remainder) and each one
 * splits IVA as the original did.
 */
export function desglosePorcion(
  original: { base: number; iva: number },
  antes: number,
  monto: number,
): { base: number; iva: number } {
  const total = original.base + original.iva;
  if (total <= 0) return desglosarIva(monto);
  const baseHasta = (hasta: number) => (hasta >= total ? original.base : Math.round((original.base * hasta) / total));
  const base = baseHasta(antes + monto) - baseHasta(antes);
  return { base, iva: monto - base };
}

/** A cancellation waits for the receiver's acceptance (the rule): over $1,000 and issued more than 72 h before. */
export const CANCELACION_SIN_ACEPTACION = { montoMaximo: 100_000, horas: 72 } as const;

export function cancelacionRequiereAceptacion(total: number, emitida: Date, now: Date): boolean {
  return (
    total > CANCELACION_SIN_ACEPTACION.montoMaximo &&
    now.getTime() - emitida.getTime() > CANCELACION_SIN_ACEPTACION.horas * 3_600_000
  );
}

/** Facturapi's cancellation_status in the studio's words (admin pages). */
export const ESTADOS_CANCELACION: Record<string, string> = {
  pending: "Esperando la aceptación del cliente",
  verifying: "El SAT la está verificando",
  accepted: "Aceptada",
  rejected: "Rechazada por el cliente",
  expired: "Vencida sin respuesta",
};
