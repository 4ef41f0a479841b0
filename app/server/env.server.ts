import path from "node:path";
import { site } from "~/config/site";
import { appContext } from "./context.server";

type Source = Record<string, string | undefined>;

/**
 * The installation's configuration, read from an environment (process.env at start-up, or a
 * test's own variables) in one place. Pure: the application context (context.server.ts) holds
 * the result; no module keeps a copy.
 */
export function readConfig(source: Source = process.env) {
  return {
    port: Number(source.PORT ?? 3000),
    dataDir: path.resolve(source.DATA_DIR ?? "data"),
    databaseUrl: source.DATABASE_URL || undefined,
    /** The site's address: PUBLIC_URL, or this machine (the demo) when it is not set. */
    publicUrl: source.PUBLIC_URL || `http://localhost:${source.PORT ?? 3000}`,
    /** PUBLIC_URL as given (undefined when not set): mode.server.ts decides the mode from it. */
    publicUrlSetting: source.PUBLIC_URL || undefined,
    /** DEMO_MODE=1: the demo (demo payments, outbox, notice) even on a real address. */
    demoMode: source.DEMO_MODE === "1",
    authSecret: source.BETTER_AUTH_SECRET || undefined,
    smtpUrl: source.SMTP_URL || undefined,
    mailFrom: source.MAIL_FROM || "Michel Alvarez <no-responder@michelalvarez.mx>",
    studioInbox: source.STUDIO_INBOX || "contacto@michelalvarez.mx",
    stripeSecretKey: source.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: source.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: source.STRIPE_WEBHOOK_SECRET || undefined,
    /** Stripe's API address: Stripe's own unless set (a local stub in the deployment test). */
    stripeApiUrl: source.STRIPE_API_URL || undefined,
    /** Conekta, the second card provider, is switched on by its private key. */
    conektaPrivateKey: source.CONEKTA_PRIVATE_KEY || undefined,
    /** The public key (PEM) of Conekta's webhook: verifies the `digest` of each event. */
    conektaWebhookKey: source.CONEKTA_WEBHOOK_KEY || undefined,
    conektaApiUrl: source.CONEKTA_API_URL || "https://api.conekta.io",
    /**
     * The SPEI transfer's beneficiary as bank apps ask for it, where the provider does not say
     * (Conekta, the demo): the account holder's name; the studio's business name unless set.
     * Stripe's instructions carry their own (`account_holder_name`).
     */
    speiBeneficiario: (source.SPEI_BENEFICIARIO || site.legalName).trim().slice(0, 120),
    /** Facturapi (CFDI invoices, ADR 022): on with its key; the API address is overridable (a local stub in tests). */
    facturapiKey: source.FACTURAPI_KEY || undefined,
    facturapiApiUrl: source.FACTURAPI_API_URL || undefined,
    /** How long an invoice request may take before the client is told to retry (ms). */
    facturapiTimeoutMs: Math.max(1, Number(source.FACTURAPI_TIMEOUT_MS) || 20_000),
    /** The secret of Facturapi's webhook (its dashboard): verifies the Facturapi-Signature of each event. */
    facturapiWebhookSecret: source.FACTURAPI_WEBHOOK_SECRET || undefined,
    /** Envia.com (guías, ADR 036): on with its key; the API address is overridable (a local stub in tests). */
    enviaApiKey: source.ENVIA_API_KEY || undefined,
    enviaApiUrl: source.ENVIA_API_URL || "https://api.envia.com",
    /** How long an Envia call may take before the purchase is left to its retry (ms). */
    enviaTimeoutMs: Math.max(1, Number(source.ENVIA_TIMEOUT_MS) || 20_000),
    /** The carriers quoted (Envia's codes), one call each. */
    enviaPaqueterias: (source.ENVIA_PAQUETERIAS || "estafeta,dhl,fedex,redpack,paquetexpress")
      .split(",")
      .map((c) => c.trim().toLowerCase())
      .filter((c) => /^[a-z0-9_-]{1,40}$/.test(c)),
    /** The secret of Envia's tracking webhook: verifies the X-Envia-Signature (hex HMAC-SHA256 of the body). */
    enviaWebhookSecret: source.ENVIA_WEBHOOK_SECRET || undefined,
    /**
     * WhatsApp Business Cloud API (client messages, ADR 039): on with its token and phone number id;
     * the API address is overridable (a local stub in tests). The app secret checks the webhook's
     * X-Hub-Signature-256; the verify token answers its GET handshake. STUDIO_WHATSAPP: the studio's
     * own number for its notices (opted in by this configuration).
     */
    whatsapp: {
      token: source.WHATSAPP_TOKEN || undefined,
      phoneId: source.WHATSAPP_PHONE_ID || undefined,
      appSecret: source.WHATSAPP_APP_SECRET || undefined,
      verifyToken: source.WHATSAPP_VERIFY_TOKEN || undefined,
      apiUrl: (source.WHATSAPP_API_URL || "https://graph.facebook.com").replace(/\/+$/, ""),
      apiVersion: source.WHATSAPP_API_VERSION || "v23.0",
      timeoutMs: Math.max(1, Number(source.WHATSAPP_TIMEOUT_MS) || 10_000),
      studioNumber: source.STUDIO_WHATSAPP || undefined,
    },
    googleClientId: source.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: source.GOOGLE_CLIENT_SECRET || undefined,
    facebookClientId: source.FACEBOOK_CLIENT_ID || undefined,
    facebookClientSecret: source.FACEBOOK_CLIENT_SECRET || undefined,
    /** OAuth endpoints: the providers' own by default; overridable (a local stub in tests). */
    googleOAuth: {
      authorizationUrl: source.GOOGLE_AUTHORIZATION_URL || "https://accounts.google.com/o/oauth2/v2/auth",
      tokenUrl: source.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
      userInfoUrl: source.GOOGLE_USERINFO_URL || "https://openidconnect.googleapis.com/v1/userinfo",
    },
    facebookOAuth: {
      authorizationUrl: source.FACEBOOK_AUTHORIZATION_URL || "https://www.facebook.com/v24.0/dialog/oauth",
      tokenUrl: source.FACEBOOK_TOKEN_URL || "https://graph.facebook.com/v24.0/oauth/access_token",
      userInfoUrl: source.FACEBOOK_USERINFO_URL || "https://graph.facebook.com/v24.0/me?fields=id,name,email,picture",
    },
    /** Behind one reverse proxy (TRUST_PROXY=1) the client IP is the last X-Forwarded-For hop. */
    trustProxy: source.TRUST_PROXY === "1",
    /** ADMIN_EMAILS (comma-separated): addresses made admin once verified (admin/admin-emails.server.ts). */
    adminEmails: source.ADMIN_EMAILS ?? "",
    /** S3-compatible storage for uploads when S3_BUCKET is set; a folder in DATA_DIR otherwise. */
    s3: source.S3_BUCKET
      ? {
          endpoint: source.S3_ENDPOINT || `https://s3.${source.S3_REGION || "us-east-1"}.amazonaws.com`,
          bucket: source.S3_BUCKET,
          region: source.S3_REGION || "us-east-1",
          accessKeyId: source.S3_ACCESS_KEY_ID ?? "",
          secretAccessKey: source.S3_SECRET_ACCESS_KEY ?? "",
          publicUrl: source.S3_PUBLIC_URL || undefined,
        }
      : undefined,
    /** SEED_DEMO=1 or 0; unset, the mode decides (mode.server.ts: on in the demo, off in a deployment). */
    seedDemoFlag: source.SEED_DEMO === "1" ? true : source.SEED_DEMO === "0" ? false : undefined,
    isProduction: source.NODE_ENV === "production",
    /** The daily backup job (ADR 029): on unless BACKUP_DAILY=0. */
    backupDaily: source.BACKUP_DAILY !== "0",
    /** The rendered-page cache (ADR 015): PAGE_CACHE=0 turns it off; PAGE_CACHE_MB bounds its memory. */
    pageCache: {
      enabled: source.PAGE_CACHE !== "0",
      maxBytes: Math.max(1, Number(source.PAGE_CACHE_MB) || 32) * 1024 * 1024,
    },
  };
}

export type AppConfig = ReturnType<typeof readConfig>;

/**
 * The current application context's configuration (context.server.ts), read-only: a test that
 * needs other settings builds a context with them (tests/support/context.ts), never assigns here.
 */
export const env: Readonly<AppConfig> = new Proxy({} as AppConfig, {
  get: (_, name) => appContext().config[name as keyof AppConfig],
  has: (_, name) => name in appContext().config,
  ownKeys: () => Reflect.ownKeys(appContext().config),
  getOwnPropertyDescriptor: (_, name) => Reflect.getOwnPropertyDescriptor(appContext().config, name),
  set: (_, name) => {
    throw new Error(
      `La configuración es de solo lectura (${String(name)}): crea un contexto con ella (context.server.ts)`,
    );
  },
});

export const uploadsDir = () => path.join(env.dataDir, "uploads");
export const outboxDir = () => path.join(env.dataDir, "outbox");
/** Private files (course videos, manuals, visit photos): only routes that check access serve them. */
export const privateDir = () => path.join(env.dataDir, "private");
