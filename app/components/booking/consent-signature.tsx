/**
 * The consent's signature in the booking form (issue 30): her full name typed (works without
 * JavaScript; it is her signature then) and, once the page is interactive, a pad to draw it
 * with a finger. The pad's code is a chunk of its own, fetched only here.
 */
import { Suspense, lazy, useEffect, useState } from "react";
import { TEXT_LIMITS } from "~/domain/limits";

const SignaturePad = lazy(() => import("./signature-pad"));

export function ConsentSignature({
  errors,
  values,
}: {
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="firma" className="block text-sm font-medium">
          Firma: escribe tu nombre completo
        </label>
        <input
          name="firma"
          id="firma"
          aria-invalid={errors.firma ? true : undefined}
          aria-describedby={errors.firma ? "firma-error" : undefined}
          className="field mt-1 font-serif text-xl italic"
          required
          maxLength={TEXT_LIMITS.nombre}
          autoComplete="name"
          defaultValue={values.firma ?? ""}
        />
        {errors.firma && (
          <p id="firma-error" className="mt-1 text-sm text-red-700" role="alert">
            {errors.firma}
          </p>
        )}
      </div>
      {interactive ? (
        <Suspense fallback={null}>
          <SignaturePad error={errors.trazo} />
        </Suspense>
      ) : (
        errors.trazo && (
          <p className="text-sm text-red-700" role="alert">
            {errors.trazo}
          </p>
        )
      )}
    </div>
  );
}

/** "Tu consentimiento está vigente (firmado el …)": the form is skipped (the server decided). */
export function ConsentStanding({ firmadoEn }: { firmadoEn: string }) {
  return (
    <p className="rounded-2xl bg-sand/50 px-5 py-4 text-cocoa" data-testid="consent-vigente">
      Tu consentimiento está vigente (firmado el {firmadoEn}). No necesitas llenarlo de nuevo; si tu salud cambió,
      avísanos por WhatsApp antes de tu cita.
    </p>
  );
}
