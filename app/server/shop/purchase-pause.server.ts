/**
 * The 'Aviso' (SPEC §8): the studio can pause every purchase between two dates (ajustes
 * `aviso` = { desde, hasta }; the window rule is pure, app/domain/notice.ts). One rule for
 * products and courses, on screen and on the server: the checkout pages show it and disable
 * paying, and the payment workflow refuses to create a payment while it holds.
 */
import { purchasesPaused, type AlertMessage } from "~/domain/messages";
import { activeNotice } from "~/domain/notice";
import type { DbOrTx } from "../db/index.server";
import { SETTING, readSetting } from "../settings.server";

/** The notice while purchases are paused at `now`, else null. */
export async function purchasePause(db: DbOrTx, now: Date = new Date()): Promise<AlertMessage | null> {
  const window = activeNotice(await readSetting(db, SETTING.aviso), now);
  return window ? purchasesPaused(window.desde, window.hasta) : null;
}
