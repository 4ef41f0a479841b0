/**
 * /admin/diplomas: every diploma with its folio, student, course, dates and state, and
 * 'Revocar' (with a reason) on those not revoked yet (ADR 047).
 */
import { Award, Ban } from "lucide-react";
import { RevokeForm } from "~/components/admin/revoke-form";
import { useConfirmedSubmit } from "~/components/admin/use-admin-feedback";

export type AdminDiplomaRow = {
  folio: string;
  nombre: string;
  correo: string;
  curso: string;
  emitido: string;
  vence: string | null;
  estado: "vigente" | "revocado" | "vencido";
  revocado: { en: string; por: string; motivo: string } | null;
};

const LABEL = { vigente: "Vigente", revocado: "Revocado", vencido: "Vencido" } as const;
const CHIP = {
  vigente: "bg-emerald-50 text-emerald-800",
  revocado: "bg-red-50 text-red-800",
  vencido: "bg-amber-50 text-amber-900",
} as const;

export function AdminDiplomaList({ diplomas }: { diplomas: AdminDiplomaRow[] }) {
  const submit = useConfirmedSubmit();
  return (
    <ul className="mt-4 divide-y divide-sand" data-testid="diplomas">
      {diplomas.map((d) => (
        <li key={d.folio} className="flex flex-wrap items-start gap-3 py-4" data-testid="diploma">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-blush text-cocoa">
            {d.revocado ? <Ban className="size-5" aria-hidden /> : <Award className="size-5" aria-hidden />}
          </span>
          <div className="min-w-0 flex-1 basis-56">
            <p className="font-medium text-cocoa">
              {d.nombre}{" "}
              <span className={`ml-1 rounded-full px-2 py-0.5 text-xs font-medium ${CHIP[d.estado]}`}>
                {LABEL[d.estado]}
              </span>
            </p>
            <p className="break-words text-sm text-cocoa">
              {d.curso} · {d.correo}
            </p>
            <p className="text-xs text-muted">
              Folio{" "}
              <a className="underline" href={`/diploma/${d.folio}`} target="_blank" rel="noreferrer">
                {d.folio}
              </a>{" "}
              · emitido el {d.emitido}
              {d.vence ? ` · vence el ${d.vence}` : " · no vence"}
            </p>
            {d.revocado && (
              <p className="text-xs text-muted">
                Revocado{d.revocado.por ? ` por ${d.revocado.por}` : ""} el {d.revocado.en}
                {d.revocado.motivo ? `: ${d.revocado.motivo}` : ""}
              </p>
            )}
          </div>
          {!d.revocado && (
            <RevokeForm fields={{ folio: d.folio }} reasonName="motivo" submit={submit} />
          )}
        </li>
      ))}
    </ul>
  );
}
