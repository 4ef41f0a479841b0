/**
 * The installation's mode, decided here and nowhere else (ADR 013):
 *
 * - **demo**: no PUBLIC_URL, or one that names this machine (localhost, 127.x.x.x, [::1]),
 *   or DEMO_MODE=1. Offline: the demo payment provider, mail written to DATA_DIR/outbox,
 *   the demo catalogue seeded, every loopback origin trusted by the log-in (a laptop opens
 *   the site as localhost or 127.0.0.1 alike), and the footer says payments are not real.
 * - **deployment**: any other PUBLIC_URL. It starts only with everything a real shop needs
 *   (`missing` is empty): an https PUBLIC_URL, a real payment provider, BETTER_AUTH_SECRET and
 *   SMTP_URL. The demo provider and its payment route do not exist, the demo is seeded only
 *   with SEED_DEMO=1, and cookies are Secure.
 */
import { appContext } from "./context.server";
import type { AppConfig } from "./env.server";
import { MIN_SECRET_LENGTH, secretProblem } from "./secret.server";

/** The settings the mode is decided from (env.server.ts's names). */
export type ModeSettings = Pick<
  AppConfig,
  | "publicUrlSetting"
  | "demoMode"
  | "seedDemoFlag"
  | "authSecret"
  | "smtpUrl"
  | "stripeSecretKey"
  | "stripePublishableKey"
  | "conektaPrivateKey"
> & { conektaWebhookKey?: string; stripeWebhookSecret?: string };

/** One thing a deployment lacks, with its Spanish / English line for the start-up log. */
export type MissingItem = {
  setting: "PUBLIC_URL" | "BETTER_AUTH_SECRET" | "SMTP_URL" | "PAGOS";
  line: string;
};

export type Mode = {
  kind: "demo" | "deployment";
  /** The site's address names this machine: no PUBLIC_URL, localhost, 127.x.x.x or [::1]. */
  loopback: boolean;
  /** The demo on a real address, because DEMO_MODE=1 asked for it. */
  forced: boolean;
  /** What a deployment lacks to start (always empty in the demo). */
  missing: MissingItem[];
  /** Cookies travel only over https: whenever the address is https, and always in a deployment. */
  secureCookies: boolean;
  /** Seed the demo catalogue: SEED_DEMO when set; otherwise on in the demo, off in a deployment. */
  seedDemo: boolean;
};

/** localhost (and *.localhost), 127.0.0.0/8 and ::1, as `URL.hostname` writes them. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  // ::1, and 127.x.x.x mapped into IPv6 (the URL parser writes [::ffff:127.0.0.1] as [::ffff:7f00:1])
  return host === "::1" || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host);
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** An http(s) origin on this machine (the browser's Origin header of a page opened locally). */
export function isLoopbackOrigin(origin: string): boolean {
  const url = parseUrl(origin);
  return Boolean(url && (url.protocol === "http:" || url.protocol === "https:") && isLoopbackHost(url.hostname));
}

const SECRET_LINES = {
  missing: `Falta BETTER_AUTH_SECRET (≥ ${MIN_SECRET_LENGTH} caracteres) / BETTER_AUTH_SECRET missing (≥ ${MIN_SECRET_LENGTH} chars)`,
  short: `BETTER_AUTH_SECRET es demasiado corto (≥ ${MIN_SECRET_LENGTH} caracteres) / BETTER_AUTH_SECRET too short (≥ ${MIN_SECRET_LENGTH} chars)`,
  development:
    "BETTER_AUTH_SECRET es el valor de desarrollo, público en el repositorio / BETTER_AUTH_SECRET is the public development value",
} as const;

/** Everything a deployment at `publicUrl` lacks, in the order the README lists it. */
function deploymentMissing(settings: ModeSettings, publicUrl: URL | null): MissingItem[] {
  const missing: MissingItem[] = [];
  if (!publicUrl) {
    missing.push({
      setting: "PUBLIC_URL",
      line: "PUBLIC_URL no es una dirección válida / PUBLIC_URL is not a valid URL",
    });
  } else if (publicUrl.protocol !== "https:") {
    missing.push({
      setting: "PUBLIC_URL",
      line: "PUBLIC_URL debe empezar con https:// / PUBLIC_URL must start with https://",
    });
  }
  const secret = secretProblem(settings.authSecret);
  if (secret) missing.push({ setting: "BETTER_AUTH_SECRET", line: SECRET_LINES[secret] });
  const smtp = settings.smtpUrl ? parseUrl(settings.smtpUrl) : null;
  if (!settings.smtpUrl) {
    missing.push({
      setting: "SMTP_URL",
      line: "Falta SMTP_URL (smtp:// o smtps://) / SMTP_URL missing (smtp:// or smtps://)",
    });
  } else if (!smtp || (smtp.protocol !== "smtp:" && smtp.protocol !== "smtps:") || !smtp.hostname) {
    missing.push({
      setting: "SMTP_URL",
      line: "SMTP_URL no es una dirección smtp:// o smtps:// / SMTP_URL is not an smtp:// or smtps:// URL",
    });
  }
  const stripe = Boolean(settings.stripeSecretKey && settings.stripePublishableKey);
  if (!stripe && !settings.conektaPrivateKey) {
    missing.push({
      setting: "PAGOS",
      line:
        "Falta un proveedor de pagos real: STRIPE_SECRET_KEY y STRIPE_PUBLISHABLE_KEY, o CONEKTA_PRIVATE_KEY / " +
        "Real payment provider missing: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or CONEKTA_PRIVATE_KEY",
    });
  }
  // Stripe's OXXO / SPEI payments, and a card authorised in a tab that was closed, become
  // orders only through its signed webhook: no secret, no start.
  if (stripe && !settings.stripeWebhookSecret) {
    missing.push({
      setting: "PAGOS",
      line:
        "Falta STRIPE_WEBHOOK_SECRET (secreto del webhook de Stripe) / " +
        "STRIPE_WEBHOOK_SECRET missing (Stripe's webhook signing secret)",
    });
  }
  // Conekta's OXXO / SPEI orders are confirmed only by its signed webhook: no key, no start.
  if (settings.conektaPrivateKey && !settings.conektaWebhookKey) {
    missing.push({
      setting: "PAGOS",
      line:
        "Falta CONEKTA_WEBHOOK_KEY (llave pública del webhook de Conekta) / " +
        "CONEKTA_WEBHOOK_KEY missing (Conekta's webhook public key)",
    });
  }
  return missing;
}

/** The mode these settings ask for (pure: tests pass their own settings). */
export function decideMode(settings: ModeSettings): Mode {
  const publicUrl = settings.publicUrlSetting ? parseUrl(settings.publicUrlSetting) : null;
  const loopback = !settings.publicUrlSetting || Boolean(publicUrl && isLoopbackHost(publicUrl.hostname));
  const https = publicUrl?.protocol === "https:";
  if (loopback || settings.demoMode) {
    return {
      kind: "demo",
      loopback,
      forced: !loopback,
      missing: [],
      secureCookies: https,
      seedDemo: settings.seedDemoFlag ?? true,
    };
  }
  return {
    kind: "deployment",
    loopback: false,
    forced: false,
    missing: deploymentMissing(settings, publicUrl),
    secureCookies: true,
    seedDemo: settings.seedDemoFlag ?? false,
  };
}

/** The application context's mode (context.server.ts decides it once from its configuration). */
export function currentMode(): Mode {
  return appContext().mode;
}

export const isDemo = (mode: Mode = currentMode()) => mode.kind === "demo";
