/**
 * One signed consent as the studio and the client see it (issue 30): the exact text of the
 * version she signed, her answers, her signature (drawing and typed name), when, from which
 * IP, the record's hash (and whether the stored record still matches it), and the artist's
 * countersignature. Shown on uncached pages only: the admin appointment and /mis-citas.
 */
import { ContentHtml } from "~/components/content/content-html";
import { type ConsentDisplay, SIGNATURE_BOX } from "~/domain/consent";
import { BOOKING_PROSE } from "./prose";

export function ConsentRecordView({ record }: { record: ConsentDisplay }) {
  return (
    <div className="space-y-4" data-testid="consent-record">
      <p className="text-sm text-muted">
        {record.titulo} · versión {record.version}
      </p>
      <dl className="divide-y divide-sand">
        {record.respuestas.map((r) => (
          <div key={r.id} className="py-2 sm:flex sm:gap-4">
            <dt className="text-muted sm:w-1/2">{r.pregunta}</dt>
            <dd className={`font-medium sm:w-1/2 ${r.respuesta === "si" ? "text-red-800" : "text-ink"}`}>
              {r.respuesta === "si" ? "Sí" : "No"}
              {r.detalle ? `: ${r.detalle}` : ""}
            </dd>
          </div>
        ))}
      </dl>
      <details>
        <summary className="cursor-pointer text-sm text-clay-dark underline">
          Texto que firmó (versión {record.version})
        </summary>
        <ContentHtml html={record.declaracionHtml} className={`${BOOKING_PROSE} mt-2 text-sm`} />
      </details>
      <div>
        {record.firmaTrazo && (
          <svg
            viewBox={`0 0 ${SIGNATURE_BOX.width} ${SIGNATURE_BOX.height}`}
            className="aspect-[3/1] w-full max-w-sm rounded-xl border border-sand bg-white"
            role="img"
            aria-label={`Firma dibujada de ${record.firmaNombre}`}
          >
            <path
              d={record.firmaTrazo}
              fill="none"
              stroke="currentColor"
              strokeWidth={3}
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        )}
        <p className="mt-1 font-serif text-xl italic">{record.firmaNombre}</p>
      </div>
      <dl className="space-y-1 text-sm">
        <div className="sm:flex sm:gap-4">
          <dt className="text-muted sm:w-40 sm:shrink-0">Firmado</dt>
          <dd>
            {record.firmadoEn}
            {record.ip ? ` · IP ${record.ip}` : ""}
          </dd>
        </div>
        <div className="sm:flex sm:gap-4">
          <dt className="text-muted sm:w-40 sm:shrink-0">Especialista</dt>
          <dd data-testid="consent-countersign">{record.contrafirma ?? "Falta su firma"}</dd>
        </div>
        <div className="sm:flex sm:gap-4">
          <dt className="text-muted sm:w-40 sm:shrink-0">Huella (SHA-256)</dt>
          <dd className="break-all font-mono text-xs">
            {record.hash}
            {record.integro ? " · verificada" : " · NO coincide con el registro"}
          </dd>
        </div>
      </dl>
    </div>
  );
}
