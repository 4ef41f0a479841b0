/**
 * Admin: the shipping rate table (weight bands, each with 7 prices by number of items, as
 * app/domain/shipping.ts reads them), the free-shipping switch (ajustes 'envio') and the
 * 'Aviso' window that pauses purchases (ajustes 'aviso', read by checkout). The brackets'
 * names and the reading of the switch are the domain's (ITEM_COUNT_BRACKETS, isFreeShipping),
 * so the screen says what the cart and the checkout do.
 */
import { asc, eq } from "drizzle-orm";
import type { FieldErrors, FormValues } from "~/domain/admin-form";
import { formatSpanishDate } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { activeNotice, parseNotice } from "~/domain/notice";
import { ITEM_COUNT_BRACKETS, isFreeShipping } from "~/domain/shipping";
import { bandasEnvio } from "../db/schema";
import { date, integer, money, moneyValue, select } from "./fields.server";
import type { AdminResource } from "./resource.server";
import type { Setting } from "./settings.server";

/** The 7 item-count brackets of SPEC §9, in the order of a band's prices (app/domain/shipping.ts). */
const BRACKETS = ITEM_COUNT_BRACKETS;

const priceFields = Object.fromEntries(
  BRACKETS.map((bracket, i) => [
    `precio${i}`,
    money(`${bracket} artículos (pesos)`, {
      required: true,
      ...(i === 0 ? { group: "Precio según el número de artículos" } : {}),
    }),
  ]),
) as Record<`precio${0 | 1 | 2 | 3 | 4 | 5 | 6}`, ReturnType<typeof money>>;

const bandFields = {
  gramosMinimos: integer("Desde (gramos)", { required: true, min: 0 }),
  gramosMaximos: integer("Hasta (gramos)", { required: true, min: 0 }),
  ...priceFields,
};

const pricesOf = (v: Record<string, unknown>) => BRACKETS.map((_, i) => Number(v[`precio${i}`] ?? 0));

// ---------------------------------------------------------------- settings

const ESTADOS = [
  { value: "Normal", label: "Normal: se cobra según el peso" },
  { value: "Gratis", label: "Gratis: envío sin costo en toda la tienda" },
];

export const shippingStateSetting: Setting<{ estado: ReturnType<typeof select> }> = {
  key: "envio",
  title: "Estado del envío",
  help: "Con «Gratis» el carrito y el pago cobran $0.00 de envío.",
  fields: { estado: select("Envío", ESTADOS, { required: true }) },
  toForm: (valor) => ({ estado: isFreeShipping(valor) ? "Gratis" : "Normal" }),
  fromForm: (v) => ({ valor: { estado: v.estado } }),
  describe: (valor) =>
    isFreeShipping(valor)
      ? "Ahora: envío gratis en toda la tienda."
      : "Ahora: el envío se cobra según el peso del pedido.",
};

const noticeFields = {
  desde: date("Desde (incluido)"),
  hasta: date("Hasta (incluido)"),
};

export const noticeSetting: Setting<typeof noticeFields> = {
  key: "aviso",
  title: "Aviso: pausar las compras",
  help: "Entre estas fechas la tienda muestra el aviso «Aviso» y no deja pagar productos. Deja ambas vacías para quitarlo.",
  fields: noticeFields,
  toForm: (valor) => {
    const v = (valor ?? {}) as { desde?: string; hasta?: string };
    return { desde: v.desde ?? "", hasta: v.hasta ?? "" };
  },
  fromForm: ({ desde, hasta }): { valor: unknown } | { errors: FieldErrors } => {
    if (!desde && !hasta) return { valor: null };
    if (!desde) return { errors: { desde: "Elige la fecha de inicio." } };
    if (!hasta) return { errors: { hasta: "Elige la fecha de fin." } };
    if (hasta < desde) return { errors: { hasta: "Debe ser igual o posterior a la fecha de inicio." } };
    return { valor: { desde, hasta } };
  },
  describe: (valor, now) => {
    const window = parseNotice(valor);
    if (!window) return "Sin aviso: las compras están abiertas.";
    const span = `del ${formatSpanishDate(window.desde)} al ${formatSpanishDate(window.hasta)}`;
    if (activeNotice(valor, now)) return `Activo ahora: compras pausadas ${span}.`;
    return window.hasta < now ? `Terminó: estuvo ${span}.` : `Programado: compras pausadas ${span}.`;
  },
};

// ---------------------------------------------------------------- bands

export const shippingBandsResource: AdminResource<typeof bandFields> = {
  section: "envios",
  title: "Envíos",
  singular: "tarifa",
  newWord: "Nueva",
  fields: () => bandFields,
  setting: shippingStateSetting,

  async list(db) {
    const rows = await db.select().from(bandasEnvio).orderBy(asc(bandasEnvio.gramosMinimos));
    return rows.map((b) => ({
      id: String(b.id),
      title: `${b.gramosMinimos.toLocaleString("en-US")} g a ${b.gramosMaximos.toLocaleString("en-US")} g`,
      detail: `De ${formatPrice(b.precios[0] ?? 0)} a ${formatPrice(b.precios[BRACKETS.length - 1] ?? 0)} según artículos`,
    }));
  },

  async load(db, id) {
    const [b] = await db
      .select()
      .from(bandasEnvio)
      .where(eq(bandasEnvio.id, Number(id) || -1));
    if (!b) return null;
    const values: FormValues = { gramosMinimos: String(b.gramosMinimos), gramosMaximos: String(b.gramosMaximos) };
    BRACKETS.forEach((_, i) => {
      values[`precio${i}`] = moneyValue(b.precios[i] ?? 0);
    });
    return values;
  },

  check(v) {
    return v.gramosMaximos < v.gramosMinimos ? { gramosMaximos: "Debe ser igual o mayor que «Desde»." } : null;
  },

  async save(db, id, v) {
    const columns = { gramosMinimos: v.gramosMinimos, gramosMaximos: v.gramosMaximos, precios: pricesOf(v) };
    if (id) {
      await db
        .update(bandasEnvio)
        .set(columns)
        .where(eq(bandasEnvio.id, Number(id)));
      return { id };
    }
    const [created] = await db.insert(bandasEnvio).values(columns).returning({ id: bandasEnvio.id });
    return { id: String(created!.id) };
  },

  async remove(db, id) {
    await db.delete(bandasEnvio).where(eq(bandasEnvio.id, Number(id)));
    return null;
  },
};
