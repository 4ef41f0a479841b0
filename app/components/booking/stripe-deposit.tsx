/**
 * An appointment's deposit with Stripe Elements (the shop's own card form): the server
 * creates the payment for the deposit it priced, the browser authorises the card with
 * Stripe, the server confirms the appointment and only then captures (/cita/{token}/pago).
 */
import { useState } from "react";
import { useRevalidator } from "react-router";
import { type CardResult, StripeCardForm } from "~/components/checkout/payment-panel";

async function post(path: string, fields: Record<string, string>) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    credentials: "same-origin",
    body: new URLSearchParams(fields).toString(),
  });
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { ok: response.ok, json };
}

const failed = "No pudimos procesar el pago. Intenta de nuevo o escríbenos por WhatsApp.";

export function StripeDeposit({ token, publishableKey, label }: { token: string; publishableKey: string; label: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const path = `/cita/${token}/pago`;

  async function pay(confirmCard: (clientSecret: string, paymentId: string) => Promise<CardResult>) {
    setBusy(true);
    setError(null);
    try {
      const started = await post(path, { intent: "iniciar" });
      if (!started.ok) return setError(String(started.json?.error ?? failed));
      const card = await confirmCard(String(started.json?.clientSecret), String(started.json?.paymentId));
      if (!card.ok) return setError(card.message.text);
      const done = await post(path, { intent: "confirmar", paymentId: card.paymentId });
      if (!done.ok) return setError(String(done.json?.error ?? failed));
      await revalidator.revalidate();
    } catch {
      setError(failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-testid="stripe-deposit">
      <StripeCardForm publishableKey={publishableKey} busy={busy} disabled={false} label={label} onPay={pay} />
      {error && (
        <p className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-red-800" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
