// @engine: the settle step takes the payment row FOR UPDATE (the payable holds it while it fulfils)
/**
 * The payment ledger's one settle step (app/server/payments/settle.server.ts) on its own, on
 * the real database: a payable thing registered the way the shop's order and an appointment's
 * deposit are (payments/payable.server.ts), and a provider answering from memory (the
 * network edge). What every payable relies on:
 *
 *   - the provider's word is checked against the ledger's row: another amount or another
 *     currency changes nothing and gives nothing (card and OXXO / SPEI alike);
 *   - a card: given, then captured once; gone and not captured → cancelled at the provider,
 *     `cancelado`; gone and already captured → `requiere-reembolso`, told once;
 *   - OXXO / SPEI: money after the expiry → `requiere-reembolso` and the late mail, once.
 */
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { pagos } from "~/server/db/schema";
import { type PagoRow, findPayment } from "~/server/payments/ledger.server";
import { type Payable, registerPayable } from "~/server/payments/payable.server";
import { PAGO_ESTADO, type PaymentProvider, type PaymentStatus } from "~/server/payments/provider.server";
import { confirmPendingPayment, settleCard } from "~/server/payments/settle.server";
import { useTestDatabase } from "../support/fixtures";

let database: Database;
let db: Database["db"];

beforeAll(async () => {
  database = await useTestDatabase();
  db = database.db;
});

/** The provider's side, from memory: what it holds for each payment, and what was asked of it. */
const held = new Map<string, PaymentStatus>();
const calls: { capture: string[]; cancel: string[] } = { capture: [], cancel: [] };
const provider = {
  name: "demo",
  minimumAmount: 0,
  methods: ["tarjeta", "oxxo", "spei"],
  oxxoMaximum: 1_000_000,
  installmentPlans: () => [],
  createPayment: () => Promise.reject(new Error("no se usa aquí")),
  retrieve: async (id: string) => held.get(id) ?? { status: "pending", amount: 0, currency: "mxn" },
  capture: async (id: string) => {
    calls.capture.push(id);
    const h = held.get(id);
    if (h) held.set(id, { ...h, status: "captured" });
  },
  cancel: async (id: string) => {
    calls.cancel.push(id);
    const h = held.get(id);
    if (h) held.set(id, { ...h, status: "canceled" });
  },
} as unknown as PaymentProvider;

/** A payable thing of the test's own: one unit that can be given or not. */
const thing = { available: true, given: [] as string[], late: [] as string[], mails: [] as string[] };
const prueba: Payable<PagoRow, string> = {
  label: "Prueba",
  async fulfilCard(database, pago) {
    if (!thing.available) return { ok: false, lost: ["la cosa"] };
    return database.transaction(async (tx) => {
      const [row] = await tx.select().from(pagos).where(eq(pagos.id, pago.id)).for("update");
      if (row?.compraId) return { ok: true, ref: row.compraId, created: false, value: row.compraId };
      await tx.update(pagos).set({ compraId: `cosa-${pago.id}` }).where(eq(pagos.id, pago.id));
      thing.given.push(pago.id);
      return { ok: true, ref: `cosa-${pago.id}`, created: true, value: `cosa-${pago.id}` };
    });
  },
  async lateMoney(_db, pago) {
    thing.late.push(pago.id);
  },
  hold: async (_tx, pago) => ({ ok: true, id: `cosa-${pago.id}` }),
  fulfil: async (_tx, pago) => {
    thing.given.push(pago.id);
    return undefined;
  },
  release: async () => {},
  afterPaid: async () => {},
  mails: {
    voucher: async (_db, id) => void thing.mails.push(`voucher:${id}`),
    reminder: async (_db, id) => void thing.mails.push(`reminder:${id}`),
    expired: async (_db, id) => void thing.mails.push(`expired:${id}`),
    late: async (_db, id) => void thing.mails.push(`late:${id}`),
  },
};
registerPayable("prueba", prueba);

let n = 0;
async function payment(
  provider_: PaymentStatus,
  row: Partial<typeof pagos.$inferInsert> = {},
): Promise<PagoRow> {
  const id = `prueba_${++n}`;
  held.set(id, provider_);
  await db.insert(pagos).values({
    id,
    proveedor: "demo",
    monto: 50_000,
    moneda: "mxn",
    estado: PAGO_ESTADO.autorizado,
    detalle: { asunto: "prueba" },
    ...row,
  });
  return (await findPayment(db, id))!;
}

const estadoOf = async (id: string) => (await findPayment(db, id))?.estado;

beforeEach(() => {
  thing.available = true;
  thing.given = [];
  thing.late = [];
  thing.mails = [];
  calls.capture = [];
  calls.cancel = [];
});

describe("the provider's word against the ledger's row", () => {
  it("another amount or another currency: refused, nothing given, nothing moved (card)", async () => {
    for (const word of [
      { status: "authorized", amount: 49_999, currency: "mxn" },
      { status: "captured", amount: 50_000, currency: "usd" },
    ] as const) {
      const pago = await payment(word);
      expect(await settleCard(db, pago, provider, prueba)).toEqual({ ok: false, reason: "monto" });
      expect(await estadoOf(pago.id)).toBe(PAGO_ESTADO.autorizado);
    }
    expect(thing.given).toEqual([]);
    expect(calls).toEqual({ capture: [], cancel: [] });
  });

  it("another amount or another currency: refused, nothing moved (OXXO / SPEI)", async () => {
    for (const word of [
      { status: "captured", amount: 40_000, currency: "mxn" },
      { status: "captured", amount: 50_000, currency: "USD" },
    ] as const) {
      const pago = await payment(word, { metodo: "oxxo", estado: PAGO_ESTADO.esperandoPago, compraId: "cosa" });
      expect(await confirmPendingPayment(db, pago.id, provider)).toEqual({ ok: false, reason: "monto" });
      expect(await estadoOf(pago.id)).toBe(PAGO_ESTADO.esperandoPago);
    }
    expect(thing.given).toEqual([]);
  });

  it("pending and refused change nothing; the provider's reason is kept", async () => {
    const pending = await payment({ status: "pending", amount: 50_000, currency: "mxn" }, { estado: "pendiente" });
    expect(await settleCard(db, pending, provider, prueba)).toEqual({ ok: false, reason: "pendiente" });
    const refused = await payment({ status: "failed", amount: 50_000, currency: "mxn", error: "Fondos insuficientes." });
    expect(await settleCard(db, refused, provider, prueba)).toEqual({
      ok: false,
      reason: "fallido",
      error: "Fondos insuficientes.",
    });
    expect(await estadoOf(pending.id)).toBe(PAGO_ESTADO.pendiente);
    expect(await estadoOf(refused.id)).toBe(PAGO_ESTADO.autorizado);
    expect(thing.given).toEqual([]);
  });
});

describe("a card", () => {
  it("authorised: given, then captured once, however many times it is settled", async () => {
    const pago = await payment({ status: "authorized", amount: 50_000, currency: "mxn" });
    const first = await settleCard(db, pago, provider, prueba);
    expect(first).toEqual({ ok: true, ref: `cosa-${pago.id}`, created: true, value: `cosa-${pago.id}` });
    for (let i = 0; i < 2; i++) {
      const again = await settleCard(db, (await findPayment(db, pago.id))!, provider, prueba);
      expect(again).toMatchObject({ ok: true, created: false });
      // the stale row a late webhook read before the first settle: nothing more either
      expect(await settleCard(db, pago, provider, prueba)).toMatchObject({ ok: true, created: false });
    }
    expect(await estadoOf(pago.id)).toBe(PAGO_ESTADO.pagado);
    expect(thing.given).toEqual([pago.id]);
    expect(calls.capture).toEqual([pago.id]);
  });

  it("the thing gone before it was captured: the authorisation cancelled, nobody charged", async () => {
    thing.available = false;
    const pago = await payment({ status: "authorized", amount: 50_000, currency: "mxn" });
    expect(await settleCard(db, pago, provider, prueba)).toEqual({ ok: false, reason: "cancelado", lost: ["la cosa"] });
    expect(await estadoOf(pago.id)).toBe(PAGO_ESTADO.cancelado);
    expect(calls).toEqual({ capture: [], cancel: [pago.id] });
    expect(thing.late).toEqual([]);
  });

  it("late money (captured, the thing gone): into the refund queue, told once", async () => {
    thing.available = false;
    const pago = await payment({ status: "captured", amount: 50_000, currency: "mxn" });
    for (let i = 0; i < 3; i++) {
      expect(await settleCard(db, pago, provider, prueba)).toEqual({ ok: false, reason: "reembolso", lost: ["la cosa"] });
    }
    expect(await estadoOf(pago.id)).toBe(PAGO_ESTADO.reembolso);
    expect(thing.late).toEqual([pago.id]);
    expect(calls).toEqual({ capture: [], cancel: [] });
  });
});

describe("OXXO / SPEI", () => {
  it("paid in time: fulfilled once; paid after the expiry: requiere-reembolso and the late mail once", async () => {
    const paid = { status: "captured", amount: 50_000, currency: "mxn" } as const;
    const onTime = await payment(paid, { metodo: "spei", estado: PAGO_ESTADO.esperandoPago, compraId: "cosa-a" });
    expect(await confirmPendingPayment(db, onTime.id, provider)).toMatchObject({ ok: true, outcome: "pagado" });
    expect(await confirmPendingPayment(db, onTime.id, provider)).toMatchObject({ ok: true, outcome: "ya-pagado" });
    expect(thing.given).toEqual([onTime.id]);

    const late = await payment(paid, { metodo: "oxxo", estado: PAGO_ESTADO.vencido, compraId: "cosa-b" });
    expect(await confirmPendingPayment(db, late.id, provider)).toMatchObject({ ok: true, outcome: "tarde" });
    expect(await confirmPendingPayment(db, late.id, provider)).toMatchObject({ ok: true, outcome: "ya-registrado" });
    expect(await estadoOf(late.id)).toBe(PAGO_ESTADO.reembolso);
    expect(thing.given).toEqual([onTime.id]);
    expect(thing.mails).toEqual([`late:${late.id}`]);
  });
});
