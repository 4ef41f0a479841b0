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
