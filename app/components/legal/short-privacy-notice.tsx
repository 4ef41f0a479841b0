/**
 * The short privacy notice (aviso de privacidad simplificado) a form shows where it collects
 * personal data: what it is used for, and a link to the full notice. It opens in a new tab so
 * what was typed stays.
 */
export function ShortPrivacyNotice({ purpose, className = "" }: { purpose: string; className?: string }) {
  return (
    <p className={`text-xs leading-relaxed text-muted ${className}`}>
      Michel Alvarez usa estos datos para {purpose}. Conoce tus derechos en nuestro{" "}
      <a
        href="/aviso-de-privacidad"
        target="_blank"
        rel="noreferrer"
        className="font-medium text-cocoa underline underline-offset-2"
      >
        Aviso de privacidad
      </a>
      .
    </p>
  );
}
