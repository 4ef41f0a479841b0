/**
 * Who carries a WhatsApp message (issue 30, ADR 039), like the payment, invoicing and shipping
 * providers: the **WhatsApp Business Cloud API** when WHATSAPP_TOKEN and WHATSAPP_PHONE_ID are
 * set (plain HTTPS: POST {WHATSAPP_API_URL}/{version}/{phone-number-id}/messages with a bearer
 * token, an approved template and its parameters); the **demo** provider in the demo, which only
 * records (the message is listed in /admin/correos → Mensajes); **none** otherwise: every client
 * message goes by e-mail.
 */
import { randomUUID } from "node:crypto";
import { templatePayload } from "~/domain/whatsapp";
import { env } from "../env.server";
import { currentMode } from "../mode.server";

export type SentMessage = { id: string };

export interface WhatsAppProvider {
  readonly name: "whatsapp" | "demo";
  /** Sends an approved template; answers WhatsApp's message id, or throws WhatsAppError. */
  sendTemplate(to: string, template: string, params: readonly string[]): Promise<SentMessage>;
}

/** A refusal, an error answer or a time-out: `code` and `detail` carry no number or text of the message. */
export class WhatsAppError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`WhatsApp: ${code}${detail ? ` ${detail}` : ""}`);
    this.name = "WhatsAppError";
  }
}

export type CloudApiSettings = {
  token: string;
  phoneId: string;
  apiUrl: string;
  apiVersion: string;
  timeoutMs: number;
};

export function cloudApiProvider(settings: CloudApiSettings): WhatsAppProvider {
  return {
    name: "whatsapp",
    async sendTemplate(to, template, params) {
      const url = `${settings.apiUrl}/${settings.apiVersion}/${encodeURIComponent(settings.phoneId)}/messages`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${settings.token}`, "content-type": "application/json" },
          body: JSON.stringify(templatePayload(to, template, params)),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        const name = (error as Error)?.name;
        throw new WhatsAppError(name === "TimeoutError" || name === "AbortError" ? "timeout" : "red", "");
      }
      const body = (await response.json().catch(() => null)) as {
        messages?: { id?: unknown }[];
        error?: { code?: unknown; message?: unknown; error_data?: unknown };
      } | null;
      if (!response.ok) {
        // Graph errors: { error: { message, type, code, error_subcode, fbtrace_id } }; the message names no recipient
        const code = body?.error?.code != null ? String(body.error.code) : String(response.status);
        const detail = typeof body?.error?.message === "string" ? body.error.message.slice(0, 160) : "";
        throw new WhatsAppError(`http-${response.status}:${code}`, detail);
      }
      const id = body?.messages?.[0]?.id;
      if (typeof id !== "string" || !id) throw new WhatsAppError("sin-id", "respuesta sin id de mensaje");
      return { id };
    },
  };
}

/** The demo's provider: nothing leaves the machine; the message is recorded as sent. */
export const demoWhatsAppProvider: WhatsAppProvider = {
  name: "demo",
  async sendTemplate() {
    return { id: `demo.${randomUUID()}` };
  },
};

/** The provider of the current configuration, or null: e-mail only. */
export function currentWhatsAppProvider(): WhatsAppProvider | null {
  const w = env.whatsapp;
  if (w.token && w.phoneId) return cloudApiProvider({ ...w, token: w.token, phoneId: w.phoneId });
  if (currentMode().kind === "demo") return demoWhatsAppProvider;
  return null;
}
