/**
 * The RFC (Registro Federal de Contribuyentes) as the SAT writes it: its structure, the date
 * inside it and its check digit (módulo 11). Pure: the Factura form checks it in the browser
 * and the server checks it again before anything is sent to the invoicing provider.
 *
 * - persona física: 13 characters, 4 letters (names) + YYMMDD (birth) + 2 homoclave + 1 check
 * - persona moral: 12 characters, 3 letters (company) + YYMMDD (constitution) + 2 + 1 check
 * - the SAT's generic RFCs: XAXX010101000 (público en general, national) and
 *   XEXX010101000 (residente en el extranjero); they are valid as written.
 */

export const RFC_GENERICO_NACIONAL = "XAXX010101000";
export const RFC_GENERICO_EXTRANJERO = "XEXX010101000";

export type RfcTipo = "fisica" | "moral" | "generico";

export type RfcResult = { ok: true; rfc: string; tipo: RfcTipo } | { ok: false; message: string };

// Values of the check-digit dictionary (Anexo 20's algorithm): 0-9, A-N, &, O-Z, space, Ñ.
const DICTIONARY = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ";

/** The check digit the first 11 (moral) or 12 (física) characters call for. */
export function rfcCheckDigit(withoutDigit: string): string {
  const padded = withoutDigit.length === 11 ? ` ${withoutDigit}` : withoutDigit;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += DICTIONARY.indexOf(padded[i]) * (13 - i);
  const remainder = sum % 11;
  if (remainder === 0) return "0";
  const digit = 11 - remainder;
  return digit === 10 ? "A" : String(digit);
}

function isDate(yymmdd: string): boolean {
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  if (mm < 1 || mm > 12 || dd < 1) return false;
  // The century is not written: 29 February is fine if either 19YY or 20YY was a leap year.
  const days = (year: number) => new Date(Date.UTC(year, mm, 0)).getUTCDate();
  return dd <= Math.max(days(1900 + yy), days(2000 + yy));
}

const SHAPE = /^([A-ZÑ&]{3,4})(\d{6})([A-Z\d]{2})([\dA])$/;

/** Upper case, without spaces, dashes or dots (people copy it as 'GODE-561231-GR8'). */
export function normalizeRfc(value: string): string {
  return value.toUpperCase().replace(/[\s\-.]/g, "");
}

export function validateRfc(value: string): RfcResult {
  const rfc = normalizeRfc(value);
  if (rfc === "") return { ok: false, message: "Escribe tu RFC" };
  if (rfc === RFC_GENERICO_NACIONAL || rfc === RFC_GENERICO_EXTRANJERO) return { ok: true, rfc, tipo: "generico" };
  if (rfc.length !== 12 && rfc.length !== 13) {
    return { ok: false, message: "El RFC tiene 13 caracteres (persona física) o 12 (persona moral)" };
  }
  const match = SHAPE.exec(rfc);
  if (!match || match[1].length !== rfc.length - 9) {
    return {
      ok: false,
      message:
        rfc.length === 13
          ? "El RFC de persona física son 4 letras, 6 dígitos de fecha y 3 de homoclave"
          : "El RFC de persona moral son 3 letras, 6 dígitos de fecha y 3 de homoclave",
    };
  }
  if (!isDate(match[2])) return { ok: false, message: "La fecha dentro del RFC no es válida" };
  if (rfcCheckDigit(rfc.slice(0, -1)) !== rfc.slice(-1)) {
    return { ok: false, message: "El RFC no es válido: revisa la homoclave (el dígito verificador no coincide)" };
  }
  return { ok: true, rfc, tipo: rfc.length === 13 ? "fisica" : "moral" };
}
