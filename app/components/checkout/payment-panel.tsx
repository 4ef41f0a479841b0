/**
 * Step 3 of the checkout: the card payment panel (SPEC §2, §4 'Payment success', §8), the same
 * for /pagar and /pagar-curso. The flow, whichever provider:
 *   1. POST {PAYMENT_API}/stripe with `body` → the server prices the order and creates the
 *      payment → { clientSecret } (no amount ever leaves the browser);
 *   2. the card is AUTHORISED (not charged): Stripe Elements (Stripe.js) or the demo form;
 *   3. POST {PAYMENT_API}/confirmar → the server asks the provider, writes the order and only
 *      then captures the payment → 'Compra exitosa!' with the purchase id, then `onPaid`.
 * With the server's offer (config.oferta, ADR 021): a choice of Tarjeta (with its MSI plans),
 * OXXO and SPEI; OXXO/SPEI issue a voucher in one call and lead to /mis-compras, where it waits.
 * A $0 total (a 100 % code, a free course) shows no card form: one button, and step 1 answers
 * with the order already written.
 * A card refusal shows 'Error: {provider message}'; anything else 'Error en el proceso de
 * pago' (the server logs the cause). The loading overlay is removed either way.
 */
import { CreditCard, Landmark, Loader2, LockKeyhole, Store } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useAlert } from "~/components/ui/alert-provider";
import { PAYMENT_API, type PaymentPanelConfig } from "~/config/payments";
import { type AlertMessage, cardError, paymentError, purchaseSuccess } from "~/domain/messages";
import { formatPrice } from "~/domain/money";
import {
  METODO_LABEL,
  type MetodoPago,
  type MetodoOfrecido,
  OXXO_DIAS,
  SPEI_DIAS,
  describirMsi,
  MSI_SUJETO_A_BANCO,
} from "~/domain/payment-methods";

export type CardResult = { ok: true; paymentId: string } | { ok: false; message: AlertMessage };

async function postJson(path: string, body: unknown): Promise<{ ok: boolean; json: Record<string, unknown> | null }> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { ok: response.ok, json };
}

const errorOf = (json: Record<string, unknown> | null): AlertMessage =>
  (json?.error as AlertMessage | undefined) ?? paymentError;

export function PaymentPanel({
  config,
  body,
  total,
  disabled = false,
  onPaid,
  onPending,
  endpoint = `${PAYMENT_API}/stripe`,
}: {
  config: PaymentPanelConfig;
  /** what /stripe needs to price the order ({} for the cart, { curso, codigo } for a course) */
  body: Record<string, unknown>;
  /** centavos, for the button label only */
  total: number;
  /** purchases paused ('Aviso'): the panel shows but cannot pay */
  disabled?: boolean;
  onPaid: (compraId: string) => void;
  /** OXXO / SPEI issued: where the buyer sees the voucher (default: /mis-compras at that order) */
  onPending?: (compraId: string) => void;
  /** the call that prices and creates the payment (another "thing being paid" can bring its own) */
  endpoint?: string;
}) {
  const alert = useAlert();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const metodos = config.oferta?.metodos ?? [];
  const planes = config.oferta?.planes ?? [];
  // The first method this total allows (a deployment on Conekta's API alone: OXXO / SPEI, no card form).
  const [metodo, setMetodo] = useState<MetodoPago>(
    (metodos.find((m) => m.disponible) ?? metodos[0])?.metodo ?? "tarjeta",
  );
  const [meses, setMeses] = useState<number | null>(null);
  const offline = metodo !== "tarjeta";

  /** OXXO / SPEI: one call issues the voucher and writes the order 'Pendiente de pago'. */
  async function requestVoucher() {
    setBusy(true);
    let failure: AlertMessage | null = null;
    try {
      const created = await postJson(endpoint, { ...body, metodo });
      if (!created.ok || !created.json?.compraId) failure = errorOf(created.json);
      else {
        setBusy(false);
        const compraId = String(created.json.compraId);
        await alert.show({
          icon: "success",
          title: metodo === "oxxo" ? "Ficha de pago generada" : "Datos para transferir",
          text: `Apartamos tu compra ${compraId}. Te enviamos ${metodo === "oxxo" ? "la ficha" : "los datos"} por correo; también está en Mis compras.`,
        });
        if (onPending) onPending(compraId);
        else navigate(`/mis-compras#compra-${compraId}`);
        return;
      }
    } catch {
      failure = paymentError;
    }
    setBusy(false);
    void alert.show(failure ?? paymentError);
  }

  async function pay(confirmCard: (clientSecret: string, paymentId: string) => Promise<CardResult>) {
    setBusy(true);
    let failure: AlertMessage | null = null;
    try {
      const created = await postJson(endpoint, { ...body, ...(meses ? { metodo: "tarjeta", meses } : {}) });
      if (!created.ok) failure = errorOf(created.json);
      else if (created.json?.compraId) {
        // A $0 order: written at once, no card involved.
        setBusy(false);
        const compraId = String(created.json.compraId);
        await alert.show(purchaseSuccess(compraId));
        onPaid(compraId);
        return;
      } else {
        const card = await confirmCard(String(created.json?.clientSecret), String(created.json?.paymentId));
        if (!card.ok) failure = card.message;
        else {
          const confirmed = await postJson(`${PAYMENT_API}/confirmar`, { paymentId: card.paymentId });
          if (!confirmed.ok) failure = errorOf(confirmed.json);
          else {
            setBusy(false);
            const compraId = String(confirmed.json?.compraId);
            await alert.show(purchaseSuccess(compraId));
            onPaid(compraId);
            return;
          }
        }
      }
    } catch {
      failure = paymentError;
    }
    setBusy(false);
    void alert.show(failure ?? paymentError);
  }

  const label = `Pagar ${formatPrice(total)}`;
  return (
    <section
      aria-labelledby="pago-titulo"
      className="rounded-3xl bg-white/80 p-6 ring-1 ring-sand sm:p-8"
      data-testid="payment-panel"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="pago-titulo" className="text-3xl">
          {total === 0 ? "Confirmar pedido" : metodos.length > 1 ? "Forma de pago" : "Pago con tarjeta"}
        </h2>
        <LockKeyhole className="size-5 text-clay" aria-label="Pago seguro" role="img" />
      </div>
      {total > 0 && metodos.length > 1 && <MethodPicker metodos={metodos} value={metodo} onChange={setMetodo} />}
      {total > 0 && !offline && planes.length > 0 && (
        <InstallmentPicker planes={planes} total={total} value={meses} onChange={setMeses} />
      )}
      {total === 0 ? (
        <FreeOrderForm busy={busy} disabled={disabled} onPay={pay} />
      ) : offline ? (
        <OfflineMethodForm metodo={metodo} busy={busy} disabled={disabled} total={total} onRequest={requestVoucher} />
      ) : config.provider === "stripe" ? (
        <StripeCardForm
          meses={meses}
          publishableKey={config.publishableKey}
          busy={busy}
          disabled={disabled}
          label={label}
          onPay={pay}
        />
      ) : config.provider === "demo" ? (
        <DemoCardForm busy={busy} disabled={disabled} label={label} onPay={pay} />
      ) : (
        <p className="mt-4 text-sm text-muted" data-testid="card-payment-unavailable">
          El pago con tarjeta no está disponible en este momento. Escríbenos para completar tu compra.
        </p>
      )}
      {busy && (
        <div
          role="status"
          aria-live="polite"
          className="fixed inset-0 z-50 grid place-items-center bg-cream/85 backdrop-blur-sm"
          data-testid="payment-overlay"
        >
          <span className="flex flex-col items-center gap-4 text-cocoa">
            <Loader2 className="size-10 animate-spin text-clay" aria-hidden />
            <span className="font-serif text-2xl">Procesando tu pago…</span>
            <span className="text-sm text-muted">No cierres ni recargues esta página.</span>
          </span>
        </div>
      )}
    </section>
  );
}

export type FormProps = {
  busy: boolean;
  disabled: boolean;
  label: string;
  onPay: (confirmCard: (clientSecret: string, paymentId: string) => Promise<CardResult>) => Promise<void>;
};

const METODO_ICON = { tarjeta: CreditCard, oxxo: Store, spei: Landmark } as const;
const METODO_NOTA: Record<MetodoPago, string> = {
  tarjeta: "Crédito o débito",
  oxxo: `Efectivo · ${OXXO_DIAS} días para pagar`,
  spei: `Desde tu banco · ${SPEI_DIAS} días`,
};

/** Step 3's methods, as the server offered them for this total: a method it refuses shows why. */
export function MethodPicker({
  metodos,
  value,
  onChange,
}: {
  metodos: MetodoOfrecido[];
  value: MetodoPago;
  onChange: (metodo: MetodoPago) => void;
}) {
  return (
    <fieldset className="mt-6" data-testid="payment-methods">
      <legend className="sr-only">Elige cómo pagar</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {metodos.map((m) => {
          const Icon = METODO_ICON[m.metodo];
          return (
            <label
              key={m.metodo}
              className={`flex cursor-pointer items-start gap-3 rounded-2xl bg-white px-4 py-3 ring-1 ring-sand has-[:checked]:ring-2 has-[:checked]:ring-clay ${m.disponible ? "" : "cursor-not-allowed opacity-60"}`}
            >
              <input
                type="radio"
                name="metodo"
                value={m.metodo}
                checked={value === m.metodo}
                disabled={!m.disponible}
                onChange={() => onChange(m.metodo)}
                className="mt-1 size-4 accent-clay"
              />
              <span className="flex min-w-0 flex-col">
                <span className="flex items-center gap-2 font-medium text-cocoa">
                  <Icon className="size-4 text-clay" aria-hidden />
                  {METODO_LABEL[m.metodo]}
                </span>
                <span className="text-xs text-muted">{m.disponible ? METODO_NOTA[m.metodo] : m.motivo}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** "Pagar a meses sin intereses": the plans the server offers for this total; the total does not change. */
function InstallmentPicker({
  planes,
  total,
  value,
  onChange,
}: {
  planes: number[];
  total: number;
  value: number | null;
  onChange: (meses: number | null) => void;
}) {
  return (
    <label className="mt-5 flex flex-col gap-1.5 text-sm text-cocoa">
      Pagar a meses sin intereses
      <select
        name="meses"
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        className="field"
        data-testid="msi-select"
      >
        <option value="">Una sola exhibición · {formatPrice(total)}</option>
        {planes.map((n) => (
          <option key={n} value={n}>
            {describirMsi(n, total)}
          </option>
        ))}
      </select>
      <span className="text-xs text-muted" data-testid="msi-sujeto">
        {MSI_SUJETO_A_BANCO}
      </span>
    </label>
  );
}

/** OXXO or SPEI: what happens next, and one button that issues the voucher or the CLABE. */
function OfflineMethodForm({
  metodo,
  busy,
  disabled,
  total,
  onRequest,
}: {
  metodo: MetodoPago;
  busy: boolean;
  disabled: boolean;
  total: number;
  onRequest: () => Promise<void>;
}) {
  const oxxo = metodo === "oxxo";
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onRequest();
      }}
      className="mt-6 flex flex-col gap-4"
      data-testid="offline-method-form"
    >
      <p className="rounded-2xl bg-blush/25 px-4 py-3 text-sm text-cocoa">
        {oxxo
          ? `Te daremos una ficha con número de referencia y código de barras para pagar ${formatPrice(total)} en efectivo en cualquier OXXO. Tienes ${OXXO_DIAS} días; apartamos tu compra mientras tanto.`
          : `Te daremos una CLABE y una referencia para transferir ${formatPrice(total)} por SPEI desde tu banco. Tienes ${SPEI_DIAS} días; apartamos tu compra mientras tanto.`}{" "}
        Confirmamos tu compra en cuanto recibimos el pago.
      </p>
      <button type="submit" className="btn-primary w-full" disabled={busy || disabled}>
        {oxxo ? "Generar ficha OXXO" : "Ver datos para transferir"}
      </button>
    </form>
  );
}

/** Nothing to pay (a 100 % code, a free course): no card form, one button that places the order. */
function FreeOrderForm({ busy, disabled, onPay }: Omit<FormProps, "label">) {
  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Step 1 answers with the order itself; no card step follows.
    void onPay(async () => ({ ok: false, message: paymentError }));
  }
  return (
    <form onSubmit={submit} className="mt-6 flex flex-col gap-4" data-testid="free-order-form">
      <p className="rounded-2xl bg-blush/25 px-4 py-3 text-sm text-cocoa">
        Tu pedido no tiene costo: no necesitas tarjeta.
      </p>
      <button type="submit" className="btn-primary mt-2 w-full" disabled={busy || disabled}>
        Confirmar pedido sin costo
      </button>
    </form>
  );
}

/** Groups card digits by four as they are typed: "4242 4242 4242 4242". */
function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1230" → "12/30" while typing. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The demo provider's card form: visibly a test mode, so nobody mistakes it for a real charge.
 * The card is sent to our server only to be checked against the test cards, never stored.
 */
function DemoCardForm({ busy, disabled, label, onPay }: FormProps) {
  const [numero, setNumero] = useState("");
  const [vencimiento, setVencimiento] = useState("");

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const card = {
      numero: String(form.get("numero") ?? ""),
      vencimiento: String(form.get("vencimiento") ?? ""),
      cvc: String(form.get("cvc") ?? ""),
      nombre: String(form.get("nombre") ?? ""),
    };
    void onPay(async (clientSecret) => {
      const answer = await postJson(`${PAYMENT_API}/demo/pago`, { clientSecret, ...card });
      return answer.ok
        ? { ok: true, paymentId: String(answer.json?.paymentId) }
        : { ok: false, message: errorOf(answer.json) };
    });
  }

  return (
    <form onSubmit={submit} className="mt-6 flex flex-col gap-4" data-testid="demo-card-form">
      <div className="rounded-2xl border border-dashed border-clay/60 bg-blush/25 px-4 py-3 text-sm text-cocoa">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
          <span className="whitespace-nowrap rounded-full bg-clay-dark px-2 py-0.5 text-[0.65rem] uppercase tracking-[0.2em] text-white">
            Modo de prueba
          </span>
          No se hará ningún cargo real.
        </p>
        <p className="mt-2 text-muted">
          Usa <strong className="font-medium text-cocoa">4242 4242 4242 4242</strong> (aprobada, crédito),{" "}
          <strong className="font-medium text-cocoa">4000 0566 5566 5556</strong> (aprobada, débito) o{" "}
          <strong className="font-medium text-cocoa">4000 0000 0000 0002</strong> (rechazada), cualquier fecha futura y
          cualquier CVC.
        </p>
      </div>
      <label className="flex flex-col gap-1.5 text-sm text-cocoa">
        Número de tarjeta
        <span className="relative">
          <input
            name="numero"
            required
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={numero}
            onChange={(e) => setNumero(formatCardNumber(e.target.value))}
            className="field pr-11 tracking-wider"
          />
          <CreditCard
            className="pointer-events-none absolute right-4 top-1/2 size-5 -translate-y-1/2 text-muted"
            aria-hidden
          />
        </span>
      </label>
      <div className="grid grid-cols-2 gap-4">
        <label className="flex flex-col gap-1.5 text-sm text-cocoa">
          Vencimiento (MM/AA)
          <input
            name="vencimiento"
            required
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            value={vencimiento}
            onChange={(e) => setVencimiento(formatExpiry(e.target.value))}
            className="field"
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm text-cocoa">
          CVC
          <input
            name="cvc"
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            className="field"
          />
        </label>
      </div>
      <label className="flex flex-col gap-1.5 text-sm text-cocoa">
        Nombre en la tarjeta
        <input
          name="nombre"
          required
          autoComplete="cc-name"
          placeholder="Como aparece en la tarjeta"
          className="field"
        />
      </label>
      <button type="submit" className="btn-primary mt-2 w-full" disabled={busy || disabled}>
        {label}
      </button>
    </form>
  );
}

// The few Stripe.js calls we use (loaded from js.stripe.com, which Stripe requires).
type StripeCardElement = { mount(el: HTMLElement): void; destroy(): void };
type StripeJs = {
  elements(): { create(type: "card", options: Record<string, unknown>): StripeCardElement };
  confirmCardPayment(
    clientSecret: string,
    data: {
      payment_method: { card: StripeCardElement; billing_details: { name: string } };
      payment_method_options?: { card: { installments: { plan: { count: number; interval: "month"; type: "fixed_count" } } } };
    },
  ): Promise<{
    error?: { type: string; message?: string };
    paymentIntent?: { id: string; status: string };
  }>;
};
declare global {
  interface Window {
    Stripe?: (key: string, options?: { locale?: string }) => StripeJs;
  }
}

let stripeScript: Promise<void> | null = null;

function loadStripeJs(): Promise<void> {
  stripeScript ??= new Promise<void>((resolve, reject) => {
    if (window.Stripe) return resolve();
    const script = document.createElement("script");
    script.src = "https://js.stripe.com/v3/";
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      stripeScript = null;
      reject(new Error("No se pudo cargar Stripe.js"));
    };
    document.head.appendChild(script);
  });
  return stripeScript;
}

/** Stripe Elements' card field: card data goes from the browser to Stripe, never to us (also an appointment's deposit). */
export function StripeCardForm({
  publishableKey,
  meses = null,
  busy,
  disabled,
  label,
  onPay,
}: FormProps & { publishableKey: string; meses?: number | null }) {
  const alert = useAlert();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeJs; card: StripeCardElement } | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    loadStripeJs()
      .then(() => {
        if (cancelled || !window.Stripe || !mountRef.current) return;
        const stripe = window.Stripe(publishableKey, { locale: "es-419" });
        card = stripe.elements().create("card", {
          hidePostalCode: true,
          style: { base: { fontFamily: "Jost, Helvetica, Arial, sans-serif", fontSize: "16px", color: "#2b211d" } },
        });
        card.mount(mountRef.current);
        stripeRef.current = { stripe, card };
        setReady(true);
      })
      .catch(() => void alert.show(paymentError));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey, alert]);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const loaded = stripeRef.current;
    if (!loaded) return;
    const name = String(new FormData(event.currentTarget).get("nombre") ?? "");
    void onPay(async (clientSecret) => {
      const result = await loaded.stripe.confirmCardPayment(clientSecret, {
        payment_method: { card: loaded.card, billing_details: { name } },
        // MSI: the plan the server checked; Stripe refuses it if the card does not take it.
        ...(meses
          ? { payment_method_options: { card: { installments: { plan: { count: meses, interval: "month", type: "fixed_count" } } } } }
          : {}),
      });
      if (result.error) {
        const isCard = result.error.type === "card_error" || result.error.type === "validation_error";
        return { ok: false, message: isCard && result.error.message ? cardError(result.error.message) : paymentError };
      }
      // Manual capture: an accepted card leaves the intent `requires_capture` (authorised);
      // the server captures once the order is written.
      const intent = result.paymentIntent;
      if (!intent || (intent.status !== "requires_capture" && intent.status !== "succeeded")) {
        return { ok: false, message: paymentError };
      }
      return { ok: true, paymentId: intent.id };
    });
  }

  return (
    <form onSubmit={submit} className="mt-6 flex flex-col gap-4" data-testid="stripe-card-form">
      <label className="flex flex-col gap-1.5 text-sm text-cocoa">
        Nombre en la tarjeta
        <input
          name="nombre"
          required
          autoComplete="cc-name"
          placeholder="Como aparece en la tarjeta"
          className="field"
        />
      </label>
      <div className="flex flex-col gap-1.5 text-sm text-cocoa">
        <span>Tarjeta</span>
        <div ref={mountRef} className="field min-h-12 py-3.5" />
      </div>
      <button type="submit" className="btn-primary mt-2 w-full" disabled={busy || disabled || !ready}>
        {label}
      </button>
    </form>
  );
}
