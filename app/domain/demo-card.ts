/**
 * The demo payment provider's card rules: the offline stand-in for Stripe's test mode, so
 * the whole checkout runs without keys. It answers as Stripe's test cards do:
 * 4242 4242 4242 4242 is approved (a credit card), 4000 0566 5566 5556 is approved (a debit
 * card: its invoice says 28 Tarjeta de débito), 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 has insufficient funds, and any other valid number is declined as a
 * non-test card.
 * Messages are the provider's own and are shown as 'Error: {message}'.
 * Card data is checked and forgotten: nothing of it is stored.
 */

export const DEMO_CARDS = {
  approved: "4242424242424242",
  /** Stripe's Visa debit test card */
  debit: "4000056655665556",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

export type DemoCardInput = { numero?: unknown; vencimiento?: unknown; cvc?: unknown; nombre?: unknown };

export type DemoCardResult =
  | { ok: true; last4: string; funding: "credit" | "debit" }
  | { ok: false; code: DemoCardError; message: string };

export type DemoCardError =
  | "invalid_number"
  | "invalid_expiry"
  | "expired_card"
  | "invalid_cvc"
  | "missing_name"
  | "card_declined"
  | "insufficient_funds";

export const DEMO_CARD_MESSAGES: Record<DemoCardError, string> = {
  invalid_number: "El número de tu tarjeta no es válido.",
  invalid_expiry: "La fecha de vencimiento de tu tarjeta no es válida.",
  expired_card: "Tu tarjeta está vencida.",
  invalid_cvc: "El código de seguridad de tu tarjeta no es válido.",
  missing_name: "Escribe el nombre que aparece en la tarjeta.",
  card_declined: "Tu tarjeta fue rechazada.",
  insufficient_funds: "Tu tarjeta no tiene fondos suficientes.",
};

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "MM/AA" (or MM/AAAA): valid through the last day of that month. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = value.match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

function fail(code: DemoCardError): DemoCardResult {
  return { ok: false, code, message: DEMO_CARD_MESSAGES[code] };
}

export function checkDemoCard(input: DemoCardInput, now: Date = new Date()): DemoCardResult {
  const numero = text(input.numero).replace(/[\s-]/g, "");
  if (!luhnValid(numero)) return fail("invalid_number");

  const expiry = parseExpiry(text(input.vencimiento));
  if (!expiry) return fail("invalid_expiry");
  // Month index `expiry.month` of the 0-based Date API is the month after: its first moment
  // is when the card stops working.
  if (now >= new Date(Date.UTC(expiry.year, expiry.month, 1))) return fail("expired_card");

  if (!/^\d{3,4}$/.test(text(input.cvc))) return fail("invalid_cvc");
  if (text(input.nombre) === "") return fail("missing_name");

  if (numero === DEMO_CARDS.approved) return { ok: true, last4: numero.slice(-4), funding: "credit" };
  if (numero === DEMO_CARDS.debit) return { ok: true, last4: numero.slice(-4), funding: "debit" };
  if (numero === DEMO_CARDS.insufficientFunds) return fail("insufficient_funds");
  // The declined test card and every real card number: test mode charges nothing real.
  return fail("card_declined");
}
