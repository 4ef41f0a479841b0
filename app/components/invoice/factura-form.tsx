/**
 * The Factura form (CFDI 4.0): RFC, razón social, régimen fiscal, uso del CFDI and código
 * postal fiscal. The régimen list follows the RFC's kind of person and the uso list follows
 * the régimen (the SAT's pairing); the server checks it all again. The generic RFC
 * XAXX010101000 is not offered (a sale nobody invoices goes into the monthly global
 * invoice); a foreign client uses XEXX010101000 with 616, S01 and the studio's postal code.
 */
import { FileText } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { INVOICING } from "~/config/invoicing";
import {
  type DatosFiscales,
  FISCAL_LIMITS,
  REGIMENES_FISCALES,
  RFC_GENERICO_NACIONAL_MENSAJE,
  USOS_CFDI,
} from "~/domain/cfdi";
import { normalizeRfc, RFC_GENERICO_EXTRANJERO, RFC_GENERICO_NACIONAL } from "~/domain/rfc";

function personaDe(rfc: string): "fisica" | "moral" | "generico" | "publico" | null {
  const value = normalizeRfc(rfc);
  if (value === RFC_GENERICO_NACIONAL) return "publico";
  if (value === RFC_GENERICO_EXTRANJERO) return "generico";
  if (value.length === 13) return "fisica";
  if (value.length === 12) return "moral";
  return null;
}

export function FacturaForm({
  datos,
  error,
  submitting,
}: {
  datos: Partial<DatosFiscales> | null;
  error?: { field?: string; message: string } | null;
  submitting: boolean;
}) {
  const [rfc, setRfc] = useState(datos?.rfc ?? "");
  const [regimen, setRegimen] = useState(datos?.regimen ?? "");
  const [uso, setUso] = useState(datos?.uso ?? "");
  const persona = personaDe(rfc);
  const regimenes = REGIMENES_FISCALES.filter((r) =>
    persona === "generico" ? r.clave === "616" : persona && persona !== "publico" ? r.personas.includes(persona) : true,
  );
  const usos = USOS_CFDI.filter((u) =>
    persona === "generico" ? u.clave === "S01" : regimen ? u.regimenes.includes(regimen) : true,
  );
  const invalid = (field: string) => (error?.field === field ? { "aria-invalid": true, "aria-describedby": "factura-error" } : {});

  return (
    <Form method="post" className="flex flex-col gap-5" data-testid="factura-form">
      {error && (
        <p id="factura-error" role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
          {error.message}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1.5 text-sm text-cocoa">
          RFC
          <input
            name="rfc"
            required
            value={rfc}
            onChange={(e) => setRfc(e.currentTarget.value)}
            maxLength={FISCAL_LIMITS.rfc}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="field uppercase"
            {...invalid("rfc")}
          />
          {persona === "publico" ? (
            <span className="text-xs text-red-800">{RFC_GENERICO_NACIONAL_MENSAJE}</span>
          ) : (
            <span className="text-xs text-muted">
              13 caracteres si eres persona física, 12 si es una empresa. Si resides en el extranjero: XEXX010101000.
            </span>
          )}
        </label>
        <label className="flex flex-col gap-1.5 text-sm text-cocoa">
          Código postal fiscal
          <input
            name="codigoPostal"
            required
            key={persona === "generico" ? "extranjero" : "nacional"}
            defaultValue={persona === "generico" ? INVOICING.lugarExpedicion : (datos?.codigoPostal ?? "")}
            readOnly={persona === "generico"}
            maxLength={FISCAL_LIMITS.codigoPostal}
            inputMode="numeric"
            pattern="\d{5}"
            title="5 dígitos"
            placeholder="44160"
            className="field"
            {...invalid("codigoPostal")}
          />
          <span className="text-xs text-muted">
            {persona === "generico"
              ? "Residente en el extranjero: el del lugar de expedición, como pide el SAT."
              : "El de tu Constancia de Situación Fiscal."}
          </span>
        </label>
        <label className="flex flex-col gap-1.5 text-sm text-cocoa sm:col-span-2">
          Nombre o razón social
          <input
            name="razonSocial"
            required
            defaultValue={datos?.razonSocial ?? ""}
            maxLength={FISCAL_LIMITS.razonSocial}
            autoComplete="organization"
            className="field uppercase"
            {...invalid("razonSocial")}
          />
          <span className="text-xs text-muted">
            Exactamente como aparece en tu Constancia, sin el régimen societario (sin «S.A. de C.V.»).
          </span>
        </label>
        <label className="flex flex-col gap-1.5 text-sm text-cocoa sm:col-span-2">
          Régimen fiscal
          <select
            name="regimen"
            required
            value={regimenes.some((r) => r.clave === regimen) ? regimen : ""}
            onChange={(e) => setRegimen(e.currentTarget.value)}
            className="field"
            {...invalid("regimen")}
          >
            <option value="">Elige tu régimen fiscal</option>
            {regimenes.map((r) => (
              <option key={r.clave} value={r.clave}>
                {r.clave} · {r.nombre}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1.5 text-sm text-cocoa sm:col-span-2">
          Uso del CFDI
          <select
            name="uso"
            required
            value={usos.some((u) => u.clave === uso) ? uso : ""}
            onChange={(e) => setUso(e.currentTarget.value)}
            className="field"
            {...invalid("uso")}
          >
            <option value="">Elige el uso que le darás</option>
            {usos.map((u) => (
              <option key={u.clave} value={u.clave}>
                {u.clave} · {u.nombre}
              </option>
            ))}
          </select>
          <span className="text-xs text-muted">Solo aparecen los usos que el SAT permite para tu régimen.</span>
        </label>
      </div>
      <p className="text-xs text-muted">Guardaremos estos datos para tu próxima factura.</p>
      <button type="submit" disabled={submitting} className="btn-primary min-h-12 self-stretch sm:self-start">
        <FileText className="size-4" aria-hidden />
        {submitting ? "Generando factura…" : "Generar factura"}
      </button>
    </Form>
  );
}
