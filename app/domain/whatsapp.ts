/**
 * WhatsApp messages, the pure part (ADR 039): the studio's approved templates and their
 * parameters, a Mexican phone number as WhatsApp wants it, the Cloud API's send payload, what
 * its webhook says (statuses, a "BAJA" reply), and which status may follow which.
 */

/** The exact text a client agrees to (booking form, Mi perfil); stored with her consent. */
export const WHATSAPP_CONSENT_TEXT =
  "Acepto recibir por WhatsApp los avisos de mis citas y pedidos con Michel Alvarez (confirmaciones, cambios, recordatorios, cuidados y envíos). Puedo darme de baja en Mi perfil o respondiendo BAJA.";

/** The templates' language (approved as es_MX in WhatsApp Manager). */
export const TEMPLATE_LANGUAGE = "es_MX";

/**
 * The approved templates (WhatsApp Manager, category UTILITY) and their body parameters in
 * order ({{1}}, {{2}}…). Every message we send is business-initiated, outside any 24-hour
 * window: a template, never free text.
 */
export const WHATSAPP_TEMPLATES = {
  cita_confirmada: ["nombre", "tratamiento", "fecha", "enlace"],
  cita_cambio: ["nombre", "tratamiento", "fecha", "enlace"],
  cita_cancelada: ["nombre", "tratamiento", "fecha"],
  cita_recordatorio: ["nombre", "tratamiento", "fecha", "enlace"],
  cita_recordatorio_2h: ["nombre", "tratamiento", "fecha", "enlace"],
  cita_retoque: ["nombre", "tratamiento", "enlace"],
  cita_liberada: ["nombre", "tratamiento", "fecha"],
  anticipo_ficha: ["nombre", "fecha", "monto", "enlace"],
  anticipo_recordatorio: ["nombre", "fecha", "monto", "enlace"],
  anticipo_vencido: ["nombre", "fecha"],
  anticipo_tardio: ["nombre", "monto", "referencia"],
  cuidados: ["nombre", "tratamiento", "enlace"],
  espera_alta: ["nombre", "tratamiento", "fechas"],
  espera_oferta: ["nombre", "tratamiento", "fecha", "enlace"],
  pedido_envio: ["nombre", "pedido", "estado", "seguimiento"],
  aviso_estudio: ["aviso"],
} as const satisfies Record<string, readonly string[]>;

export type WhatsAppTemplate = keyof typeof WHATSAPP_TEMPLATES;

/** WhatsApp refuses a template parameter with a new line, a tab or more than four spaces in a row; 1,024 characters at most here. */
export const MAX_PARAMETER_LENGTH = 1024;

export function cleanParameter(value: string): string {
  const flat = value
    .replace(/[\r\n\t]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
  return (flat || "—").slice(0, MAX_PARAMETER_LENGTH);
}

/** Whether `params` fill `template` (one value per placeholder). */
export function fillsTemplate(template: string, params: readonly string[]): template is WhatsAppTemplate {
  const names = (WHATSAPP_TEMPLATES as Record<string, readonly string[]>)[template];
  return names !== undefined && names.length === params.length;
}

/**
 * A phone number as WhatsApp's `to` (digits with the country code): Mexico's 10 digits get 52;
 * the old mobile prefix 521 (13 digits) becomes 52; another country's number must come with its
 * code (+…). Null when it is not a phone number.
 */
export function whatsappNumber(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  if (trimmed.length > 40 || !/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (!trimmed.startsWith("+") && digits.length === 10) digits = `52${digits}`;
  if (digits.length === 13 && digits.startsWith("521")) digits = `52${digits.slice(3)}`;
  if (digits.length < 11 || digits.length > 15 || digits.startsWith("0")) return null;
  return digits;
}

/** The Cloud API's body for a template message (POST /{version}/{phone-number-id}/messages). */
export function templatePayload(to: string, template: string, params: readonly string[]) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "template",
    template: {
      name: template,
      language: { code: TEMPLATE_LANGUAGE },
      components:
        params.length > 0
          ? [{ type: "body", parameters: params.map((text) => ({ type: "text", text: cleanParameter(text) })) }]
          : [],
    },
  };
}

/** Our states of a WhatsApp message. */
export type MessageState = "pendiente" | "enviando" | "enviado" | "entregado" | "leido" | "fallido";

export const MESSAGE_STATE_LABEL: Record<MessageState, string> = {
  pendiente: "En cola",
  enviando: "Enviando",
  enviado: "Enviado",
  entregado: "Entregado",
  leido: "Leído",
  fallido: "Fallido (se envió por correo)",
};

const RANK: Record<MessageState, number> = {
  pendiente: 0,
  enviando: 0,
  enviado: 1,
  entregado: 2,
  leido: 3,
  fallido: 4,
};

/**
 * Whether a status from the webhook moves a message forward: statuses arrive out of order and
 * twice (a late "delivered" after "read" changes nothing); "failed" ends a message not yet read.
 */
export function advances(current: MessageState, next: MessageState): boolean {
  if (current === "fallido") return false;
  if (next === "fallido") return current !== "leido";
  return RANK[next] > RANK[current];
}

export type WebhookStatus = { id: string; state: MessageState; at: Date; error?: string };
export type WebhookReply = { from: string; text: string };

const STATUS: Record<string, MessageState> = {
  sent: "enviado",
  delivered: "entregado",
  read: "leido",
  failed: "fallido",
};

/**
 * The statuses and text replies of a webhook notification (`entry[].changes[].value`
 * `.statuses[]` and `.messages[]`); anything else is ignored. Never throws.
 */
export function parseWebhook(body: unknown): { statuses: WebhookStatus[]; replies: WebhookReply[] } {
  const statuses: WebhookStatus[] = [];
  const replies: WebhookReply[] = [];
  const entries = Array.isArray((body as { entry?: unknown })?.entry) ? (body as { entry: unknown[] }).entry : [];
  for (const entry of entries.slice(0, 100)) {
    const changes = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes.slice(0, 100)) {
      const value = (change as { value?: Record<string, unknown> })?.value;
      if (!value) continue;
      for (const s of Array.isArray(value.statuses) ? value.statuses.slice(0, 1000) : []) {
        const status = s as { id?: unknown; status?: unknown; timestamp?: unknown; errors?: unknown };
        const state = typeof status.status === "string" ? STATUS[status.status] : undefined;
        if (typeof status.id !== "string" || !state || status.id.length > 200) continue;
        const seconds = Number(status.timestamp);
        const first = Array.isArray(status.errors) ? (status.errors[0] as { code?: unknown; title?: unknown }) : null;
        statuses.push({
          id: status.id,
          state,
          at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
          ...(first ? { error: `${String(first.code ?? "")} ${String(first.title ?? "")}`.trim().slice(0, 200) } : {}),
        });
      }
      for (const m of Array.isArray(value.messages) ? value.messages.slice(0, 1000) : []) {
        const message = m as { from?: unknown; type?: unknown; text?: { body?: unknown } };
        if (typeof message.from !== "string" || message.type !== "text") continue;
        const text = typeof message.text?.body === "string" ? message.text.body.slice(0, 200) : "";
        replies.push({ from: message.from, text });
      }
    }
  }
  return { statuses, replies };
}

/** A reply that withdraws her consent: "BAJA" or "STOP" (any case, accents and punctuation aside). */
export function isOptOut(text: string): boolean {
  const word = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z]/gi, "")
    .toUpperCase();
  return word === "BAJA" || word === "STOP" || word === "DARMEDEBAJA";
}
