/** How the admin agenda names an appointment's state and its deposit's payment, in Spanish. */

const CITA_ESTADO_LABELS: Record<string, string> = {
  apartada: "Apartada (pago pendiente)",
  confirmada: "Confirmada",
  atendida: "Atendida",
  "no-asistio": "No asistió",
  cancelada: "Cancelada",
  vencida: "Vencida",
};

export function citaEstadoLabel(estado: string): string {
  return CITA_ESTADO_LABELS[estado] ?? estado;
}

const PAGO_ESTADO_LABELS: Record<string, string> = {
  pendiente: "Pendiente",
  autorizado: "Autorizado",
  "por-capturar": "Por capturar",
  pagado: "Pagado",
  cancelado: "Cancelado",
  fallido: "Fallido",
  "requiere-reembolso": "Por reembolsar",
  reembolsado: "Reembolsado",
};

export function pagoEstadoLabel(estado: string | null): string {
  if (!estado) return "Sin pago en línea";
  return PAGO_ESTADO_LABELS[estado] ?? estado;
}

/** Whether a deposit's payment counts as money received. */
export function anticipoPagado(pagoEstado: string | null): boolean {
  return pagoEstado === "pagado" || pagoEstado === "requiere-reembolso" || pagoEstado === "reembolsado";
}

/** Whether the deposit went (or must go) back to the client. */
export function anticipoReembolso(pagoEstado: string | null): "no" | "pendiente" | "hecho" {
  if (pagoEstado === "reembolsado") return "hecho";
  if (pagoEstado === "requiere-reembolso") return "pendiente";
  return "no";
}
