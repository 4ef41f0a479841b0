/**
 * The health questions and the signed consent of a booking (issue 30, ADR 038): each question
 * answered Sí/No with an optional detail, the declaration of the version in force, the
 * signature (typed, and drawn once interactive) and "He leído y acepto". One form for the
 * booking page and a waitlist offer's claim: the server reads both with parseBookingForm.
 */
import { ConsentSignature } from "~/components/booking/consent-signature";
import { BOOKING_PROSE } from "~/components/booking/prose";
import { ContentHtml } from "~/components/content/content-html";
import { CONSENT_DETAIL_MAX } from "~/domain/booking";

export type ConsentFormText = {
  titulo: string;
  declaracionHtml: string;
  preguntas: { id: string; texto: string }[];
};

function FieldError({ errors, name }: { errors: Record<string, string>; name: string }) {
  return errors[name] ? (
    <p id={`${name}-error`} className="mt-1 text-sm text-red-700" role="alert">
      {errors[name]}
    </p>
  ) : null;
}

export function ConsentForm({
  consent,
  legend,
  errors,
  values,
}: {
  consent: ConsentFormText;
  /** the fieldset's legend (the booking page numbers its steps) */
  legend: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  return (
    <fieldset className="space-y-4" data-testid="consent-form">
      <legend className="text-2xl md:text-3xl">{legend}</legend>
      {consent.preguntas.map((q) => (
        <div key={q.id} className="rounded-2xl border border-sand bg-white p-4">
          <p id={`p_${q.id}-label`} className="font-medium">
            {q.texto}
          </p>
          <div className="mt-2 flex gap-6" role="radiogroup" aria-labelledby={`p_${q.id}-label`}>
            {(["no", "si"] as const).map((v) => (
              <label key={v} className="inline-flex items-center gap-2 py-1">
                <input
                  type="radio"
                  name={`p_${q.id}`}
                  value={v}
                  required
                  defaultChecked={values[`p_${q.id}`] === v}
                  className="size-5 accent-clay"
                />
                {v === "si" ? "Sí" : "No"}
              </label>
            ))}
          </div>
          <input
            name={`d_${q.id}`}
            aria-label={`Detalle: ${q.texto}`}
            className="field mt-2 py-2 text-sm"
            maxLength={CONSENT_DETAIL_MAX}
            placeholder="Si respondiste sí, cuéntanos cuál o desde cuándo"
            defaultValue={values[`d_${q.id}`] ?? ""}
          />
          <FieldError errors={errors} name={`p_${q.id}`} />
        </div>
      ))}
      <ContentHtml html={consent.declaracionHtml} className={`${BOOKING_PROSE} text-sm`} />
      <ConsentSignature errors={errors} values={values} />
      <label className="flex items-start gap-3">
        <input type="checkbox" name="acepto" value="si" required className="mt-1 size-5 accent-clay" />
        <span>He leído y acepto el consentimiento informado.</span>
      </label>
      <FieldError errors={errors} name="acepto" />
    </fieldset>
  );
}
