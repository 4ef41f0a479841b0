/**
 * The one 'Acepto los Términos y Condiciones' checkbox (SPEC section 5), its label linking to
 * the terms in a new tab, with the age statement the terms require (at least 18).
 */
export function AcceptTerms({
  checked,
  onChange,
  ageNote,
  className = "",
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** e.g. 'Al crear una cuenta declaras que tienes al menos 18 años.' */
  ageNote: string;
  className?: string;
}) {
  return (
    <div className={`text-left text-sm ${className}`}>
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-cocoa"
        />
        <span>
          Acepto los{" "}
          <a
            href="/terminos-y-condiciones"
            target="_blank"
            rel="noreferrer"
            className="font-medium text-cocoa underline underline-offset-2"
          >
            Términos y Condiciones
          </a>
        </span>
      </label>
      <p className="mt-2 pl-8 text-xs text-muted">{ageNote}</p>
    </div>
  );
}
