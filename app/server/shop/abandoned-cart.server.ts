/**
 * The abandoned-cart reminder (issue 29 part 4, ADR 036): a logged-in client who reached the
 * payment step (/pagar) and did not pay gets ONE mail a few hours later, with a link back to
 * her cart and a one-click unsubscribe link, only if she accepted marketing mail (Mi perfil,
 * off by default).
 *
 * - A durable job per cart ('carrito-abandonado:{cart}', ADR 023), scheduled on each visit to
 *   the payment step: a pending one moves later, a done one never runs again (once per cart).
 * - When it runs: the cart still has lines (a purchase empties it of what was bought) and she
 *   still consents; the mail is keyed by the cart, so a second run queues nothing.
 * - The unsubscribe token is an HMAC of her id with the server's secret: it names her, is not
 *   guessable, and needs no login.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, eq, isNull, or } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.server";
import { carritoLineas, carritos, user } from "../db/schema";
import { env } from "../env.server";
import { registerJob, scheduleJob } from "../jobs.server";
import { escapeHtml, mailLayout, sendMail } from "../mail.server";
import { serverSecret } from "../secret.server";

export const CARRITO_ABANDONADO = "carrito-abandonado";
/** How long after the last visit to the payment step the reminder goes. */
export const ABANDONED_AFTER_MS = 4 * 60 * 60_000;

/** On each visit to the payment step: the cart is hers, and its reminder (re)starts its wait. */
export async function scheduleAbandonedCart(
  db: Db,
  input: { userId: string; carritoId: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction(async (tx) => {
    const [mine] = await tx
      .update(carritos)
      .set({ userId: input.userId })
      .where(and(eq(carritos.id, input.carritoId), or(isNull(carritos.userId), eq(carritos.userId, input.userId))))
      .returning({ id: carritos.id });
    if (!mine) return;
    await scheduleJob(tx, {
      tipo: CARRITO_ABANDONADO,
      clave: `${CARRITO_ABANDONADO}:${input.carritoId}`,
      ejecutarEn: new Date(now.getTime() + ABANDONED_AFTER_MS),
      datos: { carritoId: input.carritoId, userId: input.userId },
    });
  });
}

const signature = (userId: string) =>
  createHmac("sha256", serverSecret()).update(`baja-correos:${userId}`).digest("base64url");

/** The one-click unsubscribe token of a client. */
export function unsubscribeToken(userId: string): string {
  return `${Buffer.from(userId).toString("base64url")}.${signature(userId)}`;
}

/** The client a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(token: string): string | null {
  if (token.length > 300) return null;
  const [id, sig] = token.split(".");
  if (!id || !sig) return null;
  const userId = Buffer.from(id, "base64url").toString("utf8");
  const expected = Buffer.from(signature(userId));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

export const unsubscribeLink = (userId: string) => `${env.publicUrl}/correos/baja?t=${unsubscribeToken(userId)}`;

/** Turns marketing mail off (the link in the mail) or on (Mi perfil). */
export async function setMarketingConsent(db: DbOrTx, userId: string, acepta: boolean): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ aceptaCorreosPromocionales: acepta, correosPromocionalesEn: new Date() })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  return rows.length > 0;
}

/** The reminder itself (the job's work): nothing when the cart is empty or she does not consent. */
export async function sendAbandonedCartReminder(db: Db, carritoId: string, userId: string): Promise<boolean> {
  const [client] = await db
    .select({ name: user.name, email: user.email, acepta: user.aceptaCorreosPromocionales })
    .from(user)
    .innerJoin(carritos, and(eq(carritos.userId, user.id), eq(carritos.id, carritoId)))
    .where(eq(user.id, userId));
  if (!client?.acepta) return false;
  const [lines] = await db.select({ n: count() }).from(carritoLineas).where(eq(carritoLineas.carritoId, carritoId));
  if (!lines || lines.n === 0) return false;
  const cart = `${env.publicUrl}/carrito?recuperar=${encodeURIComponent(carritoId)}`;
  const baja = unsubscribeLink(userId);
  const intro = `Hola ${client.name}, dejaste productos en tu carrito. Los guardamos para ti: puedes terminar tu compra cuando quieras.`;
  await sendMail(
    {
      to: client.email,
      subject: "Tu carrito te espera",
      text: `${intro}\n\nVolver a tu carrito: ${cart}\n\nSi no quieres recibir estos correos: ${baja}`,
      html: mailLayout(
        "Tu carrito te espera",
        `<p style="margin:0">${escapeHtml(intro)}</p>
<p style="margin:24px 0 0"><a href="${escapeHtml(cart)}" style="display:inline-block;background:#b47a63;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none">Volver a mi carrito</a></p>
<p style="margin:32px 0 0;color:#7a6a62;font-size:12px">¿No quieres recibir estos correos? <a href="${escapeHtml(baja)}" style="color:#7a6a62">Darme de baja</a> (un clic).</p>`,
      ),
      clave: `${CARRITO_ABANDONADO}:${carritoId}`,
    },
    db,
  );
  return true;
}

registerJob(CARRITO_ABANDONADO, async (datos, { db }) => {
  const carritoId = String(datos.carritoId ?? "");
  const userId = String(datos.userId ?? "");
  if (carritoId && userId) await sendAbandonedCartReminder(db, carritoId, userId);
});

/** The cart `carritoId` when it is `userId`'s (the reminder's link back), else null. */
export async function cartOf(db: DbOrTx, carritoId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: carritos.id })
    .from(carritos)
    .where(and(eq(carritos.id, carritoId), eq(carritos.userId, userId)));
  return row?.id ?? null;
}

/** Whether she accepted marketing mail. */
export async function marketingConsent(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ acepta: user.aceptaCorreosPromocionales }).from(user).where(eq(user.id, userId));
  return row?.acepta ?? false;
}
