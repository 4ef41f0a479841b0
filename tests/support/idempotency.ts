/**
 * What a payment provider does with an `Idempotency-Key` (Stripe, Conekta): the first answer
 * to a POST with a key is kept, and a repeated POST with that key gets the same answer back
 * without acting again. Shared by the provider stubs.
 */
import type { Request, Response } from "express";

export type IdempotentAnswers = Map<string, { status: number; body: unknown }>;

/** Answers a repeated keyed POST from `answered` (true: answered), or records this one's answer. */
export function replayOrRecord(req: Request, res: Response, answered: IdempotentAnswers): boolean {
  const key = req.get("idempotency-key") ?? "";
  if (req.method !== "POST" || !key) return false;
  const replay = answered.get(key);
  if (replay) {
    res.status(replay.status).json(replay.body);
    return true;
  }
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    answered.set(key, { status: res.statusCode, body });
    return json(body);
  };
  return false;
}
