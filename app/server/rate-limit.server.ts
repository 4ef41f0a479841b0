/**
 * Fixed-window rate limits kept in the database (table rate_limits, shared with Better
 * Auth), so every app instance counts the same requests. For our keys `lastRequest` holds
 * the start of the current window. One atomic upsert per hit: two instances racing on the
 * same key never both get the last free slot.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "./db/index.server";
import { rateLimit } from "./db/schema";

export type RateLimitRule = { max: number; windowMs: number };

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one hit on `key`; refuses once `max` hits fell in the current window. */
export async function hitRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitResult> {
  const expired = sql`${rateLimit.lastRequest} <= ${now - rule.windowMs}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  if (row.count <= rule.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + rule.windowMs - now) / 1000)) };
}

/**
 * The site's throttles: each counts per client IP (http/request.server.ts `clientIp`) and,
 * when someone is logged in, per account too. Windows stay within 15 minutes: Better Auth
 * prunes rate_limits rows older than its longest window (auth.server.ts).
 */
export const THROTTLES = {
  /** the contact form (/Contacto): each one mails the studio */
  contacto: { ip: { max: 5, windowMs: 15 * 60_000 } },
  /** a review saved or edited */
  resena: { ip: { max: 20, windowMs: 15 * 60_000 }, account: { max: 10, windowMs: 15 * 60_000 } },
  /** a question asked under a course unit (/curso-michel-alvarez/…, issue 31) */
  duda: { ip: { max: 20, windowMs: 15 * 60_000 }, account: { max: 5, windowMs: 15 * 60_000 } },
  /** a discount code checked (cart, course checkout) */
  codigo: { ip: { max: 20, windowMs: 15 * 60_000 }, account: { max: 20, windowMs: 15 * 60_000 } },
  /**
   * a payment created (Stripe, Conekta): the account limit does the work; the IP one is wide
   * because many buyers share one address behind a mobile carrier's NAT at a busy hour
   */
  pago: { ip: { max: 200, windowMs: 15 * 60_000 }, account: { max: 10, windowMs: 15 * 60_000 } },
  /** a booking step sent (/agendar/…: hold a slot; /cita/…: pay the deposit, reschedule, cancel): each may mail */
  cita: { ip: { max: 30, windowMs: 15 * 60_000 }, account: { max: 20, windowMs: 15 * 60_000 } },
  /** 'Reenviar enlace': a new e-mail verification link mailed to the account (issue 25) */
  verificacion: { ip: { max: 10, windowMs: 15 * 60_000 }, account: { max: 3, windowMs: 15 * 60_000 } },
  /** an order confirmation mailed again (/v2/correo) */
  correo: { ip: { max: 10, windowMs: 15 * 60_000 }, account: { max: 5, windowMs: 15 * 60_000 } },
} as const satisfies Record<string, { ip: RateLimitRule; account?: RateLimitRule }>;

export type ThrottleName = keyof typeof THROTTLES;

/**
 * One hit on a throttle for this IP and (if any) account; refused when either is spent.
 * Both counters are hit, so a refused account still spends its IP's budget.
 */
export async function throttle(
  db: Db,
  name: ThrottleName,
  who: { ip: string | undefined; userId?: string | null },
  now = Date.now(),
): Promise<RateLimitResult> {
  const rules: { ip: RateLimitRule; account?: RateLimitRule } = THROTTLES[name];
  const results = [await hitRateLimit(db, `${name}|ip|${who.ip ?? "desconocida"}`, rules.ip, now)];
  if (rules.account && who.userId)
    results.push(await hitRateLimit(db, `${name}|cuenta|${who.userId}`, rules.account, now));
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfterSeconds)) };
}
