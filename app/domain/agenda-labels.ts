/**
 * How the admin agenda names a deposit's payment, in Spanish (the appointment's states are
 * named in agenda.ts, CITA_ESTADO_LABEL), and what it asks before releasing a hold.
 */
import type { AlertMessage } from "./messages";

/** Asked before "Liberar" a held slot (the agenda's card and the appointment's screen). */
export const releaseHoldConfirm: AlertMessage = {
  icon: "warning",
  title: "¿Liberar este horario?",
  text: "El apartado termina ya: el horario queda libre, se anula la ficha o el pago pendiente del anticipo y la clienta recibe un correo.",
  confirmText: "Liberar",
  cancelText: "No",
};

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
