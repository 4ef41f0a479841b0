import { Form, useNavigation } from "react-router";
import { ShortPrivacyNotice } from "~/components/legal/short-privacy-notice";
import { TEXT_LIMITS } from "~/domain/limits";
import { type ContactField, type ContactValues, HONEYPOT_FIELD, MENSAJE_MAX } from "~/domain/contact";

const FIELDS: {
  name: ContactField;
  label: string;
  type: string;
  autoComplete: string;
  placeholder?: string;
  inputMode?: "tel" | "email";
  maxLength: number;
}[] = [
  { name: "nombre", label: "Nombre", type: "text", autoComplete: "name", maxLength: TEXT_LIMITS.nombre },
  {
    name: "correo",
    label: "Correo electrónico",
    type: "email",
    autoComplete: "email",
    placeholder: "nombre@correo.com",
    maxLength: TEXT_LIMITS.correo,
  },
  {
    name: "telefono",
    label: "Teléfono",
    type: "tel",
    autoComplete: "tel",
    placeholder: "33-3333-3333",
    inputMode: "tel",
    maxLength: TEXT_LIMITS.telefono,
  },
];

/**
 * The contact form. It posts to the page's action (works without JavaScript); the server's
 * field errors show under each field and what was typed stays in place.
 */
export function ContactForm({
  errors,
  values,
  formError,
}: {
  errors: Partial<Record<ContactField, string>>;
  values?: Partial<ContactValues>;
  formError: string | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/Contacto";
  // A new server answer remounts the fields so their defaults show what the server kept.
  const formKey = JSON.stringify(values ?? {});

  return (
    <Form
      method="post"
      action="/Contacto"
      noValidate
      className="mt-8 space-y-6"
      key={formKey}
      aria-describedby={formError ? "contacto-error" : undefined}
    >
      {formError && (
        <p
          id="contacto-error"
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {formError}
        </p>
      )}
      <div className="grid gap-6 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field.name} className={field.name === "nombre" ? "sm:col-span-2" : ""}>
            <label htmlFor={`contacto-${field.name}`} className="mb-2 block text-sm font-medium text-cocoa">
              {field.label}
            </label>
            <input
              id={`contacto-${field.name}`}
              name={field.name}
              type={field.type}
              inputMode={field.inputMode}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              maxLength={field.maxLength}
              defaultValue={values?.[field.name] ?? ""}
              required
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={errors[field.name] ? `contacto-${field.name}-error` : undefined}
              className={`field ${errors[field.name] ? "border-red-400" : ""}`}
            />
            {errors[field.name] && (
              <p id={`contacto-${field.name}-error`} className="mt-2 text-sm text-red-700">
                {errors[field.name]}
              </p>
            )}
          </div>
        ))}
      </div>
      <div>
        <label htmlFor="contacto-mensaje" className="mb-2 block text-sm font-medium text-cocoa">
          Mensaje
        </label>
        <textarea
          id="contacto-mensaje"
          name="mensaje"
          rows={6}
          maxLength={MENSAJE_MAX}
          defaultValue={values?.mensaje ?? ""}
          required
          aria-invalid={errors.mensaje ? true : undefined}
          aria-describedby={errors.mensaje ? "contacto-mensaje-error" : undefined}
          className={`field resize-y ${errors.mensaje ? "border-red-400" : ""}`}
        />
        {errors.mensaje && (
          <p id="contacto-mensaje-error" className="mt-2 text-sm text-red-700">
            {errors.mensaje}
          </p>
        )}
      </div>
      {/* Honeypot: hidden from people and from assistive technology; bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`contacto-${HONEYPOT_FIELD}`}>No llenes este campo</label>
        <input id={`contacto-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <ShortPrivacyNotice purpose="responder tu mensaje" />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={sending}>
        {sending ? "Enviando…" : "Enviar mensaje"}
      </button>
    </Form>
  );
}
