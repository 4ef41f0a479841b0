// engine-neutral: each notice is queued twice in turn (sequential calls), never at once
/**
 * The studio is told (issue 29 part 4, ADR 036): a mail to the studio's configured address
 * (STUDIO_INBOX) for every new paid order, paid voucher, booking, booking change and
 * cancellation — exactly once each, however many paths announce it (keyed outbox rows).
 * And the abandoned-cart reminder: one mail a few hours after the payment step (durable job),
 * only to a client who accepted marketing mail in Mi perfil (off by default), with a link back
 * to her cart and a one-click signed unsubscribe link.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as perfilAction, loader as perfilLoader } from "~/routes/mi-perfil";
import { loader as bajaLoader } from "~/routes/correos-baja";
import { loader as carritoLoader } from "~/routes/carrito";
import {
  cancelAppointment,
  confirmAppointment,
  createAppointment,
  moveAppointment,
} from "~/server/booking/appointments.server";
import type { Database } from "~/server/db/client.server";
import { carritoLineas, compraLineas, compras, tareas, user } from "~/server/db/schema";
import { loader as pagarLoader } from "~/routes/pagar";
import { cartCookie } from "~/server/shop/cart-cookie.server";
import { runDueJobs } from "~/server/jobs.server";
import "~/server/jobs-registry.server";
import { ABANDONED_AFTER_MS, scheduleAbandonedCart, unsubscribeToken } from "~/server/shop/abandoned-cart.server";
import { sendStudioOrderNotice } from "~/server/shop/order-mail.server";
import { deliverQueuedMail } from "~/server/mail.server";
import {
  type TestUser,
  makeCart,
  makeCategory,
  makeProduct,
  makeTreatment,
  signUpUser,
  useTestDatabase,
} from "../support/fixtures";
import { mailParts, readOutbox } from "../support/outbox";

const STUDIO = "estudio.avisos@example.com";
let database: Database;
let buyer: TestUser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-notices-"));
const studioMails = () => readOutbox(dataDir).filter((m) => m.to.includes(STUDIO));
const text = (raw: string) => mailParts(raw, "text/plain")[0] ?? "";

beforeAll(async () => {
  database = await useTestDatabase({ config: { dataDir, smtpUrl: undefined, studioInbox: STUDIO } });
  buyer = await signUpUser({ name: "Ana López" });
  await makeCategory({ id: "labios" });
  await makeProduct({ id: "labial", categoriaId: "labios", nombre: "Labial mate", cantidad: 20 });
  await makeTreatment();
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the studio hears of every order and booking, once each", () => {
  it("a paid order (card, or a voucher paid later) is announced once, whichever path announces it", async () => {
    await database.db.insert(compras).values({
      id: "MA-AVISO1",
      compradorId: buyer.id,
      total: 40_000,
      envio: 15_000,
      proveedor: "demo",
      pagoId: "pago-aviso-1",
      metodo: "oxxo",
      datosContacto: { correo: "ana@example.com", telefono: "3312345678" },
    });
    await database.db
      .insert(compraLineas)
      .values({ compraId: "MA-AVISO1", nombre: "Labial mate", precio: 25_000, precioOriginal: 25_000, cantidad: 1 });
    // the card path and the voucher's webhook both announce it (a retry, a webhook twice)
    await database.db.transaction((tx) => sendStudioOrderNotice(tx, "MA-AVISO1"));
    await database.db.transaction((tx) => sendStudioOrderNotice(tx, "MA-AVISO1"));
    await deliverQueuedMail(database.db);
    const mails = studioMails().filter((m) => m.subject.includes("MA-AVISO1"));
    expect(mails.map((m) => m.subject)).toEqual(["Nuevo pedido MA-AVISO1: $400.00 MXN"]);
  });

  it("a booking, its change and its cancellation: one mail each, to the studio's address", async () => {
    const now = new Date("2026-11-30T18:00:00Z");
    const cita = await createAppointment(
      database.db,
      {
        tratamientoId: "microblading",
        inicio: new Date("2026-12-08T15:00:00Z"),
        nombre: "Ana López",
        telefono: "3312345678",
        correo: "ana.cita@example.com",
        estado: "confirmada",
      },
      now,
    );
    // confirmed again (the deposit's webhook after the browser's return): no second notice
    await confirmAppointment(database.db, cita.id, {}, now).catch(() => undefined);
    await moveAppointment(database.db, cita.id, new Date("2026-12-09T15:00:00Z"), { by: "estudio" }, now);
    await cancelAppointment(database.db, cita.id, { by: "estudio" }, now);
    await cancelAppointment(database.db, cita.id, { by: "estudio" }, now);
    const subjects = studioMails()
      .filter((m) => !m.subject.includes("MA-"))
      .map((m) => m.subject.split(":")[0]);
    expect(subjects).toEqual(["Nueva cita", "Cita cambiada", "Cita cancelada"]);
    const [nueva] = studioMails().filter((m) => m.subject.startsWith("Nueva cita"));
    expect(text(nueva!.raw)).toContain("Ana López · 3312345678 · ana.cita@example.com");
    expect(text(nueva!.raw)).toContain(`/admin/agenda/${cita.id}`);
    // the client still gets her own mails
    expect(readOutbox(dataDir).filter((m) => m.to.includes("ana.cita@example.com")).length).toBeGreaterThanOrEqual(3);
  });
});

describe("the abandoned-cart reminder", () => {
  let conConsentimiento: TestUser;
  let sinConsentimiento: TestUser;
  let cartYes: string;
  let cartNo: string;
  const start = new Date();
  const remindersTo = (to: string) =>
    readOutbox(dataDir).filter((m) => m.to.includes(to) && m.subject === "Tu carrito te espera");

  async function profilePost(cookie: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return perfilAction({
      request: new Request("http://localhost/mi-perfil", { method: "POST", headers: { cookie }, body: form }),
      params: {},
      context: {},
    } as never);
  }

  beforeAll(async () => {
    conConsentimiento = await signUpUser({ name: "Bea" });
    sinConsentimiento = await signUpUser({ name: "Carla" });
    cartYes = await makeCart([{ productoId: "labial", cantidad: 2 }]);
    cartNo = await makeCart([{ productoId: "labial", cantidad: 1 }]);
  });

  it("consent is off by default and set with the checkbox in Mi perfil", async () => {
    const before = await perfilLoader({
      request: new Request("http://localhost/mi-perfil", { headers: { cookie: conConsentimiento.cookie } }),
      params: {},
      context: {},
    } as never);
    expect(before.promocionales).toBe(false);
    expect(await profilePost(conConsentimiento.cookie, { promocionales: "si" })).toEqual({
      guardado: true,
      promocionales: true,
    });
    // an unchecked box (nothing posted) is 'no'
    expect(await profilePost(sinConsentimiento.cookie, {})).toEqual({ guardado: true, promocionales: false });
  });

  it("goes once, hours after the payment step, and only to the client who accepted", async () => {
    await scheduleAbandonedCart(database.db, { userId: conConsentimiento.id, carritoId: cartYes, now: start });
    await scheduleAbandonedCart(database.db, { userId: sinConsentimiento.id, carritoId: cartNo, now: start });
    // someone else's cart is not hers to be reminded of
    await scheduleAbandonedCart(database.db, { userId: sinConsentimiento.id, carritoId: cartYes, now: start });

    await runDueJobs(database.db, new Date(start.getTime() + ABANDONED_AFTER_MS / 2));
    expect(remindersTo(conConsentimiento.email)).toHaveLength(0);

    await runDueJobs(database.db, new Date(start.getTime() + ABANDONED_AFTER_MS + 60_000));
    // back at the payment step later and the runner again: no second reminder for that cart
    await scheduleAbandonedCart(database.db, { userId: conConsentimiento.id, carritoId: cartYes, now: start });
    await runDueJobs(database.db, new Date(start.getTime() + 3 * ABANDONED_AFTER_MS));
    const reminders = remindersTo(conConsentimiento.email);
    expect(reminders).toHaveLength(1);
    expect(remindersTo(sinConsentimiento.email)).toHaveLength(0);
    const body = text(reminders[0]!.raw);
    expect(body).toContain(`/carrito?recuperar=${cartYes}`);
    expect(body).toContain(`/correos/baja?t=${unsubscribeToken(conConsentimiento.id)}`);
  });

  it("reaching the payment step (/pagar) schedules her cart's reminder, once per cart", async () => {
    const cart = await makeCart([{ productoId: "labial", cantidad: 1 }]);
    const cookie = `${conConsentimiento.cookie}; ${(await cartCookie.serialize(cart)).split(";")[0]}`;
    for (let visit = 0; visit < 2; visit++) {
      await pagarLoader({
        request: new Request("http://localhost/pagar", { headers: { cookie } }),
        params: {},
        context: {},
      } as never);
    }
    const jobs = await database.db
      .select()
      .from(tareas)
      .where(eq(tareas.clave, `carrito-abandonado:${cart}`));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      tipo: "carrito-abandonado",
      estado: "pendiente",
      datos: { carritoId: cart, userId: conConsentimiento.id },
    });
    expect(jobs[0]!.ejecutarEn.getTime()).toBeGreaterThan(Date.now() + ABANDONED_AFTER_MS - 60_000);
    await database.db.delete(tareas).where(eq(tareas.clave, `carrito-abandonado:${cart}`));
  });

  it("a cart emptied by the purchase gets no reminder", async () => {
    const cart = await makeCart([{ productoId: "labial", cantidad: 1 }]);
    await scheduleAbandonedCart(database.db, { userId: conConsentimiento.id, carritoId: cart, now: start });
    await database.db.delete(carritoLineas).where(eq(carritoLineas.carritoId, cart));
    await runDueJobs(database.db, new Date(start.getTime() + ABANDONED_AFTER_MS + 60_000));
    expect(remindersTo(conConsentimiento.email)).toHaveLength(1);
  });

  it("the link back puts her own cart in this browser, nobody else's", async () => {
    const visit = async (cookie: string) => {
      try {
        await carritoLoader({
          request: new Request(`http://localhost/carrito?recuperar=${cartYes}`, { headers: { cookie } }),
          params: {},
          context: {},
        } as never);
        return null;
      } catch (thrown) {
        return thrown as Response;
      }
    };
    const hers = await visit(conConsentimiento.cookie);
    expect(hers?.status).toBe(302);
    expect(hers?.headers.get("set-cookie")).toMatch(/carrito/i);
    const other = await visit(sinConsentimiento.cookie);
    expect(other?.status).toBe(302);
    expect(other?.headers.get("set-cookie")).toBeNull();
  });

  it("the unsubscribe link turns it off in one click; a forged token changes nothing", async () => {
    const open = (t: string) =>
      bajaLoader({
        request: new Request(`http://localhost/correos/baja?t=${encodeURIComponent(t)}`),
        params: {},
        context: {},
      } as never);
    const forged = (await open(`${unsubscribeToken(conConsentimiento.id).split(".")[0]}.firma-falsa`)) as {
      data: { ok: boolean };
      init: { status: number };
    };
    expect(forged.init.status).toBe(400);
    const consent = async () =>
      (
        await database.db
          .select({ a: user.aceptaCorreosPromocionales })
          .from(user)
          .where(eq(user.id, conConsentimiento.id))
      )[0]?.a;
    expect(await consent()).toBe(true);
    const done = (await open(unsubscribeToken(conConsentimiento.id))) as {
      data: { ok: boolean };
      init: { status: number };
    };
    expect(done.data.ok).toBe(true);
    expect(await consent()).toBe(false);
    // a new cart after unsubscribing: no reminder
    const cart = await makeCart([{ productoId: "labial", cantidad: 1 }]);
    await scheduleAbandonedCart(database.db, { userId: conConsentimiento.id, carritoId: cart, now: start });
    await runDueJobs(database.db, new Date(start.getTime() + ABANDONED_AFTER_MS + 60_000));
    expect(remindersTo(conConsentimiento.email)).toHaveLength(1);
  });
});
