/**
 * The opt-in to WhatsApp messages (issue 30, ADR 039): unticked by default; the server records
 * the number, this exact text and the time when she ticks it.
 */
import { WHATSAPP_CONSENT_TEXT } from "~/domain/whatsapp";

export function WhatsAppOptIn({ defaultChecked = false }: { defaultChecked?: boolean }) {
  return (
    <label className="flex items-start gap-3" data-testid="whatsapp-opt-in">
      <input
        type="checkbox"
        name="whatsapp"
        value="si"
        defaultChecked={defaultChecked}
        className="mt-1 size-5 accent-clay"
      />
      <span>{WHATSAPP_CONSENT_TEXT}</span>
    </label>
  );
}
