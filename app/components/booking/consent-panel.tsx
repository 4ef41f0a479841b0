/**
 * The admin appointment's signed consent (issue 30): the record as signed, and the artist's
 * "Firmar como especialista" while it has no countersignature.
 */
import { PenLine } from "lucide-react";
import type { ConsentDisplay } from "~/domain/consent";
import { ConsentRecordView } from "./consent-record";

export function ConsentPanel({ record, onCountersign }: { record: ConsentDisplay; onCountersign: () => void }) {
  return (
    <div className="space-y-4">
      <ConsentRecordView record={record} />
      {!record.contrafirma && (
        <button type="button" className="btn-primary" onClick={onCountersign} data-testid="consent-countersign-button">
          <PenLine className="size-4" aria-hidden />
          Firmar como especialista
        </button>
      )}
    </div>
  );
}
