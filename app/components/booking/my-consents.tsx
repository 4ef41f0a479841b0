/**
 * "Mis consentimientos" on /mis-citas (issue 30): every consent she signed, newest first,
 * each opening to its exact text, answers and signature. Only she (logged in) sees it here;
 * the studio sees it on the appointment.
 */
import type { ConsentDisplay } from "~/domain/consent";
import { ConsentRecordView } from "./consent-record";

export function MyConsents({ records }: { records: ConsentDisplay[] }) {
  if (records.length === 0) return null;
  return (
    <section aria-labelledby="consentimientos" className="mt-10" data-testid="mis-consentimientos">
      <h2 id="consentimientos" className="text-2xl">
        Mis consentimientos firmados
      </h2>
      <ul className="mt-4 space-y-3">
        {records.map((r) => (
          <li key={r.id}>
            <details className="rounded-2xl border border-sand bg-white p-5">
              <summary className="cursor-pointer font-medium">
                Firmado el {r.firmadoEn} · versión {r.version}
              </summary>
              <div className="mt-4">
                <ConsentRecordView record={r} />
              </div>
            </details>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-muted">
        ¿Algo no es correcto o quieres que lo borremos? Escríbenos: lo corregimos o eliminamos conforme al Aviso de
        Privacidad.
      </p>
    </section>
  );
}
