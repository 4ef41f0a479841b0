/**
 * Which payment provider this installation uses, decided in one place: Stripe when
 * STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set; otherwise the offline demo, in the
 * demo mode only (mode.server.ts): a deployment never creates nor confirms a demo payment.
 * A payment is always confirmed with the provider that created it (`pagos.proveedor`), even
 * if the configuration changed since.
 */
import type { PaymentPanelConfig } from "~/config/payments";
import { type OfertaPago, ofertaPago } from "~/domain/payment-methods";
import { getDb } from "../db/index.server";
import { env } from "../env.server";
import { isDemo } from "../mode.server";
import { createConektaProvider } from "./conekta.server";
import { createDemoProvider } from "./demo.server";
import { createFreeProvider } from "./free.server";
import type { PaymentProvider } from "./provider.server";
import { createStripeProvider } from "./stripe.server";
import { createStudioProvider } from "./studio.server";

export type { PaymentProvider } from "./provider.server";

export type { PaymentPanelConfig } from "~/config/payments";

/** The SDK's address options: Stripe's own API unless STRIPE_API_URL names another (a local stub). */
function stripeApi(): { host?: string; port?: number; protocol?: "http" | "https" } {
  if (!env.stripeApiUrl) return {};
  const url = new URL(env.stripeApiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port) || (protocol === "http" ? 80 : 443), protocol };
}

/** Stripe needs both keys: the secret one here, the publishable one for Elements in the browser. */
function stripeKeys() {
  return env.stripeSecretKey && env.stripePublishableKey
    ? { secretKey: env.stripeSecretKey, publishableKey: env.stripePublishableKey }
    : null;
}

/** The payment panel for a total: the provider the browser talks to and what it offers (ADR 021). */
export function paymentPanelConfig(total?: number): PaymentPanelConfig {
  const keys = stripeKeys();
  const base: PaymentPanelConfig = keys
    ? { provider: "stripe", publishableKey: keys.publishableKey }
    : // A deployment paid through Conekta's API only: no card form, and never the demo's.
      isDemo()
      ? { provider: "demo" }
      : { provider: "none" };
  if (total === undefined) return base;
  if (base.provider === "none") {
    // Conekta's API only: no card form here, but OXXO and SPEI (ADR 021, Conekta).
    const conekta = conektaProvider();
    if (!conekta) return base;
    const offline = { ...conekta, methods: conekta.methods.filter((m) => m !== "tarjeta") };
    return { ...base, oferta: paymentOffer(offline, total) };
  }
  return { ...base, oferta: paymentOffer(activeProvider(), total) };
}

/** What `provider` offers for `total` (the page shows it; the API checks the same). */
export function paymentOffer(provider: PaymentProvider, total: number): OfertaPago {
  return ofertaPago(
    {
      methods: provider.methods,
      oxxoMaximum: provider.oxxoMaximum,
      minimumAmount: provider.minimumAmount,
      plans: provider.installmentPlans(total),
    },
    total,
  );
}

/** The demo provider, which only the demo mode may use. */
function demoProvider(): PaymentProvider {
  if (!isDemo()) throw new Error("El proveedor de pagos demo no existe fuera del modo demostración");
  return createDemoProvider(getDb());
}

/** The provider new payments are created with (throws in a deployment without Stripe). */
export function activeProvider(): PaymentProvider {
  const keys = stripeKeys();
  return keys ? createStripeProvider({ secretKey: keys.secretKey, ...stripeApi() }) : demoProvider();
}

/**
 * The provider that issues OXXO vouchers and SPEI accounts: Stripe when configured, else
 * the demo in demo mode, else Conekta (a deployment on Conekta's API: step 3 offers its OXXO/SPEI).
 */
export function pendingProvider(): PaymentProvider {
  if (stripeKeys() || isDemo()) return activeProvider();
  return conektaProvider() ?? activeProvider();
}

/** Conekta, when CONEKTA_PRIVATE_KEY is set: the `conekta` API call's provider. */
export function conektaProvider(): PaymentProvider | null {
  return env.conektaPrivateKey
    ? createConektaProvider({ privateKey: env.conektaPrivateKey, apiUrl: env.conektaApiUrl })
    : null;
}

/** A $0 order (a 100 % code, a free course): no card, no provider call. */
export function freeProvider(): PaymentProvider {
  return createFreeProvider();
}

/** The provider that created a stored payment. */
export function providerNamed(name: string): PaymentProvider {
  if (name === "demo") return demoProvider();
  if (name === "gratis") return createFreeProvider();
  if (name === "estudio") return createStudioProvider();
  if (name === "stripe") {
    if (!env.stripeSecretKey) throw new Error("Pago de Stripe sin STRIPE_SECRET_KEY configurada");
    return createStripeProvider({ secretKey: env.stripeSecretKey, ...stripeApi() });
  }
  if (name === "conekta") {
    const conekta = conektaProvider();
    if (!conekta) throw new Error("Pago de Conekta sin CONEKTA_PRIVATE_KEY configurada");
    return conekta;
  }
  throw new Error(`Proveedor de pagos desconocido: ${name}`);
}
