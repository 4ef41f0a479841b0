/**
 * compras.estado_envio: a physical order's shipping progress (it starts at 0). The admin
 * sets it on the order screen; the buyer reads the same four words in /mis-compras and
 * gets a mail on each change.
 */
export const ESTADOS_ENVIO = ["Pendiente", "Preparando", "Enviado", "Entregado"] as const;

export function estadoEnvioLabel(estado: number): string {
  return ESTADOS_ENVIO[estado] ?? `Estado ${estado}`;
}

/** The sentence of the buyer's mail for each state. */
const MENSAJES = [
  "Recibimos tu pedido y está pendiente de preparación.",
  "Estamos preparando tu pedido.",
  "Tu pedido va en camino.",
  "Tu pedido fue entregado. ¡Gracias por tu compra!",
] as const;

export function estadoEnvioMensaje(estado: number): string {
  return MENSAJES[estado] ?? `Tu pedido cambió al estado ${estadoEnvioLabel(estado)}.`;
}

/** Carrier and tracking number as the buyer reads them ('Estafeta · guía 1234'), or ''. */
export function seguimientoTexto(paqueteria: string, guia: string): string {
  if (paqueteria && guia) return `${paqueteria} · guía ${guia}`;
  if (guia) return `Guía ${guia}`;
  return paqueteria;
}

/**
 * compras.estado_pago: whether an order's money is in (issue 14, docs/decisions/021). A card
 * order is written paid; an OXXO or SPEI order is written 'pendiente' with its stock held,
 * becomes 'pagado' when the provider's webhook confirms it, or 'vencido' when the voucher
 * or transfer expired (its stock released).
 *
 *   pendiente ──► pagado ──► reembolsado   (all its money given back from admin)
 *       │            │
 *       ▼            ▼
 *    vencido      cancelado   (from admin, not shipped yet: stock back, money refunded)
 *       └ a payment that arrives after this is recorded and refunded: pagos 'requiere-reembolso'
 *   (a pending order cancelled from admin: its voucher void, its stock back)
 */
export const ESTADO_PAGO = {
  pagado: "pagado",
  pendiente: "pendiente",
  vencido: "vencido",
  /** the studio cancelled it from admin (issue 28): stock back, voucher void, money refunded */
  cancelado: "cancelado",
  /** all its money was given back (payments/refunds.server.ts) */
  reembolsado: "reembolsado",
} as const;
export type EstadoPago = (typeof ESTADO_PAGO)[keyof typeof ESTADO_PAGO];

const ESTADO_PAGO_LABEL: Record<EstadoPago, string> = {
  pagado: "Pagado",
  pendiente: "Pendiente de pago",
  vencido: "Vencido",
  cancelado: "Cancelado",
  reembolsado: "Reembolsado",
};

export function estadoPagoLabel(estado: string): string {
  return ESTADO_PAGO_LABEL[estado as EstadoPago] ?? estado;
}
