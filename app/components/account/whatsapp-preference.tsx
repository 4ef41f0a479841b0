/** Mi perfil → WhatsApp (ADR 039): her number and the opt-in, with the exact consent text. */
import { Form, useNavigation } from "react-router";
import { TEXT_LIMITS } from "~/domain/limits";
import { WHATSAPP_CONSENT_TEXT } from "~/domain/whatsapp";

export function WhatsAppPreference({
  acepta,
  telefono,
  notice,
  error,
}: {
  acepta: boolean;
  telefono: string;
  notice?: string;
  error?: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "whatsapp";
  return (
    <Form
      method="post"
      className="mt-6 rounded-2xl border border-sand bg-white p-6 md:p-8"
      data-testid="whatsapp-preference"
    >
      <input type="hidden" name="intent" value="whatsapp" />
      <h2 className="font-serif text-2xl text-cocoa">WhatsApp</h2>
      <label htmlFor="whatsapp-telefono" className="mt-4 block text-sm font-medium">
        Tu número de WhatsApp
      </label>
      <input
        id="whatsapp-telefono"
        name="telefono"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={TEXT_LIMITS.telefono}
        placeholder="33 1234 5678"
        defaultValue={telefono}
        className="field mt-1 max-w-xs"
      />
      <label className="mt-4 flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          name="whatsapp"
          value="si"
          defaultChecked={acepta}
          className="mt-1 size-5 shrink-0 accent-clay"
        />
        <span>{WHATSAPP_CONSENT_TEXT}</span>
      </label>
      <button type="submit" className="btn-outline mt-6 w-full sm:w-auto" disabled={saving}>
        {saving ? "Guardando…" : "Guardar preferencia"}
      </button>
      {error && !saving && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {notice && !saving && (
        <p role="status" className="mt-3 text-sm text-muted">
          {notice}
        </p>
      )}
    </Form>
  );
}
