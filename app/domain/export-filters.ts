/**
 * The owner's lists that export to CSV (issue 29) and what each filters by: states and methods
 * (value → Spanish label), shared by the screens' filter form and server/admin/exports.server.ts.
 */
import { FORMAS_PAGO } from "./cfdi";
import { ESTADOS_ENVIO } from "./order-status";

export const LISTAS = ["pedidos", "pagos", "citas", "clientas", "facturas"] as const;
export type Lista = (typeof LISTAS)[number];
export const isLista = (v: unknown): v is Lista => typeof v === "string" && (LISTAS as readonly string[]).includes(v);

export const METODOS: Record<string, string> = {
  tarjeta: "Tarjeta",
  oxxo: "OXXO",
  spei: "Transferencia SPEI",
  efectivo: "Efectivo",
  transferencia: "Transferencia",
};

export const ESTADOS_PAGO_PEDIDO: Record<string, string> = {
  pagado: "Pagado",
  pendiente: "Pendiente de pago",
  vencido: "Vencido",
  cancelado: "Cancelado",
  reembolsado: "Reembolsado",
};

export const ESTADOS_PAGO: Record<string, string> = {
  pendiente: "Sin confirmar",
  autorizado: "Autorizado",
  "por-capturar": "Por capturar",
  "esperando-pago": "Esperando pago",
  pagado: "Pagado",
  "requiere-reembolso": "Por reembolsar",
  reembolsado: "Reembolsado",
  cancelado: "Cancelado",
  fallido: "Rechazado",
  vencido: "Vencido",
};

export const ESTADOS_CITA: Record<string, string> = {
  apartada: "Apartada",
  confirmada: "Confirmada",
  atendida: "Atendida",
  "no-asistio": "No asistió",
  cancelada: "Cancelada",
  vencida: "Vencida",
};

export const ESTADOS_CLIENTA: Record<string, string> = {
  verificada: "Correo confirmado",
  "sin-verificar": "Correo sin confirmar",
  "con-compras": "Con compras pagadas",
};

export const ESTADOS_FACTURA: Record<string, string> = {
  emitiendo: "Generándose",
  vigente: "Vigente",
  cancelando: "Cancelación en proceso",
  cancelada: "Cancelada",
};

/** What each list filters by: its states and methods (value → label). */
export const FILTROS: Record<Lista, { estados: Record<string, string>; metodos: Record<string, string> }> = {
  pedidos: { estados: Object.fromEntries(ESTADOS_ENVIO.map((l, i) => [String(i), l])), metodos: METODOS },
  pagos: { estados: ESTADOS_PAGO, metodos: METODOS },
  citas: { estados: ESTADOS_CITA, metodos: METODOS },
  clientas: { estados: ESTADOS_CLIENTA, metodos: {} },
  facturas: { estados: ESTADOS_FACTURA, metodos: FORMAS_PAGO },
};

/**
 * The filter panel's own mark in a screen's URL (`filtro=1`, a hidden field of its form): the
 * screens use `estado`, `metodo` or `q` for their own tabs and searches, which must not switch
 * the filtered list on (server/admin/filtered-lists.server.ts).
 */
export const FILTER_MARK = "filtro";
