/** compras.estado_envio: a physical order's shipping progress (it starts at 0). */
export const ESTADOS_ENVIO = ["Pendiente", "Preparando", "Enviado", "Entregado"] as const;

export function estadoEnvioLabel(estado: number): string {
  return ESTADOS_ENVIO[estado] ?? `Estado ${estado}`;
}
