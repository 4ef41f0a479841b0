import path from "node:path";

/** Configuration read from the environment, in one place. */
export const env = {
  port: Number(process.env.PORT ?? 3000),
  dataDir: path.resolve(process.env.DATA_DIR ?? "data"),
  databaseUrl: process.env.DATABASE_URL || undefined,
  /** The site's address: PUBLIC_URL, or this machine (the demo) when it is not set. */
  publicUrl: process.env.PUBLIC_URL || `http://localhost:${process.env.PORT ?? 3000}`,
  /** PUBLIC_URL as given (undefined when not set): mode.server.ts decides the mode from it. */
  publicUrlSetting: process.env.PUBLIC_URL || undefined,
  /** DEMO_MODE=1: the demo (demo payments, outbox, notice) even on a real address. */
  demoMode: process.env.DEMO_MODE === "1",
  authSecret: process.env.BETTER_AUTH_SECRET || undefined,
  smtpUrl: process.env.SMTP_URL || undefined,
  mailFrom: process.env.MAIL_FROM || "Michel Alvarez <no-responder@michelalvarez.mx>",
  studioInbox: process.env.STUDIO_INBOX || "contacto@michelalvarez.mx",
  stripeSecretKey: process.env.STRIPE_SECRET_KEY || undefined,
  stripePublishableKey: process.env.STRIPE_PUBLISHABLE_KEY || undefined,
  stripeWebhookSecret: process.env.STRIPE_WEBHOOK_SECRET || undefined,
  /** Stripe's API address: Stripe's own unless set (a local stub in the deployment test). */
  stripeApiUrl: process.env.STRIPE_API_URL || undefined,
  /** Conekta, the second card provider, is switched on by its private key. */
  conektaPrivateKey: process.env.CONEKTA_PRIVATE_KEY || undefined,
  /** The public key (PEM) of Conekta's webhook: verifies the `digest` of each event. */
  conektaWebhookKey: process.env.CONEKTA_WEBHOOK_KEY || undefined,
  conektaApiUrl: process.env.CONEKTA_API_URL || "https://api.conekta.io",
  /** Facturapi (CFDI invoices, ADR 022): on with its key; the API address is overridable (a local stub in tests). */
  facturapiKey: process.env.FACTURAPI_KEY || undefined,
  facturapiApiUrl: process.env.FACTURAPI_API_URL || undefined,
  /** How long an invoice request may take before the client is told to retry (ms). */
  facturapiTimeoutMs: Math.max(1, Number(process.env.FACTURAPI_TIMEOUT_MS) || 20_000),
  googleClientId: process.env.GOOGLE_CLIENT_ID || undefined,
  googleClientSecret: process.env.GOOGLE_CLIENT_SECRET || undefined,
  facebookClientId: process.env.FACEBOOK_CLIENT_ID || undefined,
  facebookClientSecret: process.env.FACEBOOK_CLIENT_SECRET || undefined,
  /** OAuth endpoints: the providers' own by default; overridable (a local stub in tests). */
  googleOAuth: {
    authorizationUrl: process.env.GOOGLE_AUTHORIZATION_URL || "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: process.env.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
    userInfoUrl: process.env.GOOGLE_USERINFO_URL || "https://openidconnect.googleapis.com/v1/userinfo",
  },
  facebookOAuth: {
    authorizationUrl: process.env.FACEBOOK_AUTHORIZATION_URL || "https://www.facebook.com/v24.0/dialog/oauth",
    tokenUrl: process.env.FACEBOOK_TOKEN_URL || "https://graph.facebook.com/v24.0/oauth/access_token",
    userInfoUrl: process.env.FACEBOOK_USERINFO_URL || "https://graph.facebook.com/v24.0/me?fields=id,name,email,picture",
  },
  /** Behind one reverse proxy (TRUST_PROXY=1) the client IP is the last X-Forwarded-For hop. */
  trustProxy: process.env.TRUST_PROXY === "1",
  /** S3-compatible storage for uploads when S3_BUCKET is set; a folder in DATA_DIR otherwise. */
  s3: process.env.S3_BUCKET
    ? {
        endpoint: process.env.S3_ENDPOINT || `https://s3.${process.env.S3_REGION || "us-east-1"}.amazonaws.com`,
        bucket: process.env.S3_BUCKET,
        region: process.env.S3_REGION || "us-east-1",
        accessKeyId: process.env.S3_ACCESS_KEY_ID ?? "",
        secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? "",
        publicUrl: process.env.S3_PUBLIC_URL || undefined,
      }
    : undefined,
  /** SEED_DEMO=1 or 0; unset, the mode decides (mode.server.ts: on in the demo, off in a deployment). */
  seedDemoFlag: process.env.SEED_DEMO === "1" ? true : process.env.SEED_DEMO === "0" ? false : undefined,
  isProduction: process.env.NODE_ENV === "production",
  /** The daily backup job (ADR 029): on unless BACKUP_DAILY=0. */
  backupDaily: process.env.BACKUP_DAILY !== "0",
  /** The rendered-page cache (ADR 015): PAGE_CACHE=0 turns it off; PAGE_CACHE_MB bounds its memory. */
  pageCache: {
    enabled: process.env.PAGE_CACHE !== "0",
    maxBytes: Math.max(1, Number(process.env.PAGE_CACHE_MB) || 32) * 1024 * 1024,
  },
};

export const uploadsDir = () => path.join(env.dataDir, "uploads");
export const outboxDir = () => path.join(env.dataDir, "outbox");
/** Private files (course videos, manuals, visit photos): only routes that check access serve them. */
export const privateDir = () => path.join(env.dataDir, "private");
