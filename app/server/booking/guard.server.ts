/**
 * Every booking POST (hold a slot, pay the deposit, reschedule, cancel) passes here first: a
 * small body (BOOKING_BODY_LIMIT_BYTES) and the `cita` throttle per IP and account.
 */
import { BOOKING_BODY_LIMIT_BYTES, bodyTooLarge, tooManyAttempts } from "~/domain/limits";
import { getDb } from "../db/index.server";
import { throttle } from "../rate-limit.server";

export type Refusal = { status: number; message: string; headers?: Record<string, string> };

export async function guardBookingPost(
  request: Request,
  who: { ip: string | undefined; userId?: string | null },
): Promise<Refusal | null> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > BOOKING_BODY_LIMIT_BYTES) return { status: 413, message: bodyTooLarge.text };
  const limit = await throttle(getDb(), "cita", who);
  if (!limit.allowed) {
    return {
      status: 429,
      message: tooManyAttempts(limit.retryAfterSeconds).text,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    };
  }
  return null;
}

/** The form, read only when the body is within the limit (a body without length is read and measured). */
export async function readBookingForm(request: Request): Promise<URLSearchParams | null> {
  const text = await request.text();
  if (text.length > BOOKING_BODY_LIMIT_BYTES) return null;
  return new URLSearchParams(text);
}
