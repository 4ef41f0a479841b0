/**
 * The shipping rates (SPEC §3 envios, §9): the weight bands and the studio's free-shipping
 * switch, loaded once here for the cart and the checkout. The pricing rule itself is pure
 * (app/domain/shipping.ts: computeShipping, isFreeShipping).
 */
import { asc } from "drizzle-orm";
import type { ShippingRates } from "~/domain/cart";
import { isFreeShipping } from "~/domain/shipping";
import type { DbOrTx } from "../db/index.server";
import { bandasEnvio } from "../db/schema";
import { SETTING, readSetting } from "../settings.server";

export async function loadShippingRates(db: DbOrTx): Promise<ShippingRates> {
  const [bands, setting] = await Promise.all([
    db
      .select({
        gramosMinimos: bandasEnvio.gramosMinimos,
        gramosMaximos: bandasEnvio.gramosMaximos,
        precios: bandasEnvio.precios,
      })
      .from(bandasEnvio)
      .orderBy(asc(bandasEnvio.gramosMinimos), asc(bandasEnvio.id)),
    readSetting(db, SETTING.envio),
  ]);
  return { bands, gratis: isFreeShipping(setting) };
}
