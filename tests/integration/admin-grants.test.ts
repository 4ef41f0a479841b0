/**
 * Courses by hand and course settings in the admin area (issue 7), on a real database
 * through the routes' own loaders and actions:
 * - /admin/accesos grants a course to a student by e-mail (a cash or bank-transfer sale):
 *   she then sees it in /mis-cursos; revoking takes it away; both are recorded with who,
 *   when and why.
 * - /admin/cursos-de-regalo stores the courses that grant another and the free-second-course
 *   promotion (dates and places) in ajustes; the purchase's enrolment reads them instead of
 *   app/config/courses.ts, whose values stay the defaults.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseSettings, parseCourseSettings } from "~/config/courses";
import { action as grantsAction, loader as grantsLoader } from "~/routes/admin/accesos";
import { action as giftsAction, loader as giftsLoader } from "~/routes/admin/cursos-de-regalo";
import { loader as myCoursesLoader } from "~/routes/mis-cursos";
import { coursePerks, enrolPurchase, isEnrolled, readCourseSettings } from "~/server/school/enrolment.server";
import type { Database } from "~/server/db/client.server";
import { ajustes, compraLineas, compras, cursosOtorgados, inscripciones, pagos } from "~/server/db/schema";
import { type TestUser, makeCourse, signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
let admin: TestUser;
let student: TestUser;

beforeAll(async () => {
  database = await useTestDatabase();
  admin = await signUpUser({ role: "admin", email: "michel@example.com" });
  student = await signUpUser({ name: "Paola Efectivo", email: "paola@example.com" });
  await makeCourse({ id: "cejas-online", titulo: "Cejas en línea", posicion: 1 });
  await makeCourse({ id: "labios-online", titulo: "Labios en línea", posicion: 2 });
  await makeCourse({ id: "auto-online", titulo: "Automaquillaje en línea", posicion: 3 });
  await makeCourse({ id: "presencial", titulo: "Presencial", tipo: "precensial" });
});

afterAll(async () => {
  await database?.close();
});

type Answer = { status: number; notice?: string; errors?: Record<string, string>; alert?: { text: string } };

/** Calls a route action as the browser's form post does; a thrown 404 comes back as its status. */
async function post(
  action: (args: never) => unknown,
  pathname: string,
  fields: Record<string, string>,
  cookie = admin.cookie,
): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const request = new Request(`http://localhost${pathname}`, { method: "POST", headers: { cookie }, body: form });
  try {
    const result = (await action({ request, params: {}, context: {} } as never)) as {
      type?: string;
      data?: object;
      init?: { status?: number };
    };
    if (result?.type === "DataWithResponseInit") return { status: result.init?.status ?? 200, ...result.data };
    return { status: 200, ...(result as object) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    const d = thrown as { type?: string; init?: { status?: number } };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 500 };
    throw thrown;
  }
}

const grant = (fields: Record<string, string>, cookie?: string) =>
  post(grantsAction as never, "/admin/accesos", { intent: "otorgar", ...fields }, cookie);
const revoke = (fields: Record<string, string>, cookie?: string) =>
  post(grantsAction as never, "/admin/accesos", { intent: "revocar", ...fields }, cookie);

async function myCourses(user = student): Promise<string[]> {
  const request = new Request("http://localhost/mis-cursos", { headers: { cookie: user.cookie } });
  const data = await myCoursesLoader({ request, params: {}, context: {} } as never);
  return data.cursos.map((c) => c.id);
}

const grantsScreen = (q = "") =>
  grantsLoader({
    request: new Request(`http://localhost/admin/accesos${q ? `?q=${q}` : ""}`, { headers: { cookie: admin.cookie } }),
    params: {},
    context: {},
  } as never);

describe("granting a course by hand (/admin/accesos)", () => {
  it("grants a course by the student's e-mail: it shows in /mis-cursos and the grant records who, when and why", async () => {
    expect(await myCourses()).toEqual([]);
    const answer = await grant({
      correo: "  PAOLA@example.com ",
      cursoId: "labios-online",
      motivo: "efectivo",
      monto: "1,500",
      nota: "Recibo 0042",
    });
    // Her address is not verified yet (issue 25): the studio is told so.
    expect(answer).toMatchObject({
      status: 200,
      notice:
        "Listo: Paola Efectivo ya tiene el curso en Mis cursos. Esa cuenta aún no confirma su correo: si no esperabas este nombre, revisa con la alumna.",
    });
    expect(await myCourses()).toEqual(["labios-online"]);

    const [row] = await database.db.select().from(cursosOtorgados);
    expect(row).toMatchObject({
      userId: student.id,
      cursoId: "labios-online",
      motivo: "efectivo",
      nota: "Recibo 0042",
      otorgadoPorCorreo: "michel@example.com",
      revocadoEn: null,
    });
    expect(Date.now() - row!.createdAt.getTime()).toBeLessThan(60 * 60 * 1000);
    // Money received is a sale (issue 28): a paid order at that amount, paid in cash, in every figure.
    const [sale] = await database.db
      .select({ total: compras.total, curso: compras.curso, estadoPago: compras.estadoPago, metodo: compras.metodo })
      .from(compras)
      .where(eq(compras.compradorId, student.id));
    expect(sale).toEqual({ total: 150_000, curso: true, estadoPago: "pagado", metodo: "efectivo" });
    const [payment] = await database.db.select().from(pagos).where(eq(pagos.userId, student.id));
    expect(payment).toMatchObject({ proveedor: "estudio", monto: 150_000, estado: "pagado", metodo: "efectivo" });
    const screen = await grantsScreen();
    expect(screen.grants).toEqual([
      expect.objectContaining({
        alumna: "Paola Efectivo",
        correo: "paola@example.com",
        curso: "Labios en línea",
        motivo: "Pago en efectivo",
        otorgadoPor: "michel@example.com",
        revocado: null,
      }),
    ]);
    // only online courses are offered
    expect(screen.fields.find((f) => f.name === "cursoId")?.options?.map((o) => o.value)).toEqual([
      "cejas-online",
      "labios-online",
      "auto-online",
    ]);
  });

  it("refuses an unknown e-mail, a course she has, an in-person or unknown course and a missing reason, writing nothing", async () => {
    expect(
      await grant({ correo: "nadie@example.com", cursoId: "cejas-online", motivo: "efectivo", monto: "100" }),
    ).toMatchObject({
      status: 400,
      errors: { correo: "No hay ninguna cuenta con ese correo." },
    });
    expect(
      await grant({ correo: "paola@example.com", cursoId: "labios-online", motivo: "transferencia", monto: "100" }),
    ).toMatchObject({ status: 400, errors: { cursoId: "Esta cuenta ya tiene este curso." } });
    // cash or a transfer without the amount received: nothing written
    expect(
      await grant({ correo: "paola@example.com", cursoId: "cejas-online", motivo: "transferencia" }),
    ).toMatchObject({
      status: 400,
      errors: { monto: "Escribe el monto que recibiste." },
    });
    for (const cursoId of ["presencial", "no-existe", ""]) {
      expect(await grant({ correo: "paola@example.com", cursoId, motivo: "efectivo", monto: "100" })).toMatchObject({
        status: 400,
      });
    }
    expect(await grant({ correo: "paola@example.com", cursoId: "cejas-online", motivo: "regalo-raro" })).toMatchObject({
      status: 400,
      errors: { motivo: "Elige una opción de la lista." },
    });
    expect(
      await grant({ correo: "paola@example.com", cursoId: "cejas-online", motivo: "otro", nota: "x".repeat(301) }),
    ).toMatchObject({ status: 400, errors: { nota: "Nota: máximo 300 caracteres." } });
    expect(await database.db.select().from(cursosOtorgados)).toHaveLength(1);
    expect(await database.db.select().from(compras)).toHaveLength(1);
    expect(await myCourses()).toEqual(["labios-online"]);
  });

  it("is the admin's alone: a student's post is a 404 and grants nothing", async () => {
    const answer = await grant(
      { correo: "paola@example.com", cursoId: "cejas-online", motivo: "cortesia" },
      student.cookie,
    );
    expect(answer.status).toBe(404);
    await expect(
      grantsLoader({
        request: new Request("http://localhost/admin/accesos", { headers: { cookie: student.cookie } }),
        params: {},
        context: {},
      } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect(await myCourses()).toEqual(["labios-online"]);
  });

  it("revokes a grant: the course leaves /mis-cursos and the grant records who revoked it, when and why; once", async () => {
    const [row] = await database.db.select().from(cursosOtorgados);
    expect(await revoke({ grantId: String(row!.id), motivoRevocacion: "" })).toMatchObject({
      status: 400,
      alert: { text: "Este dato es obligatorio." },
    });
    expect(await myCourses()).toEqual(["labios-online"]);
    expect(await revoke({ grantId: String(row!.id), motivoRevocacion: "Pago devuelto" }, student.cookie)).toMatchObject(
      {
        status: 404,
      },
    );

    expect(await revoke({ grantId: String(row!.id), motivoRevocacion: "Pago devuelto" })).toMatchObject({
      status: 200,
      notice: "Acceso revocado: el curso ya no aparece en Mis cursos.",
    });
    expect(await myCourses()).toEqual([]);
    expect(await isEnrolled(student.id, "labios-online")).toBe(false);
    const [after] = await database.db.select().from(cursosOtorgados);
    expect(after).toMatchObject({ revocadoPorCorreo: "michel@example.com", motivoRevocacion: "Pago devuelto" });
    expect(after!.revocadoEn).toBeInstanceOf(Date);
    expect((await grantsScreen("paola")).grants[0]).toMatchObject({
      revocado: { por: "michel@example.com", motivo: "Pago devuelto" },
    });

    expect(await revoke({ grantId: String(row!.id), motivoRevocacion: "Otra vez" })).toMatchObject({
      status: 400,
      alert: { text: "Este acceso ya estaba revocado." },
    });
    expect(await revoke({ grantId: "abc", motivoRevocacion: "x" })).toMatchObject({ status: 400 });
    // granted again later: a new record, the course back in her list
    expect(
      await grant({ correo: "paola@example.com", cursoId: "labios-online", motivo: "transferencia", monto: "2000" }),
    ).toMatchObject({ status: 200 });
    expect(await myCourses()).toEqual(["labios-online"]);
    expect(await database.db.select().from(cursosOtorgados)).toHaveLength(2);
  });

  it("never removes a course bought online: revoking touches only the hand-granted enrolment", async () => {
    const buyer = await signUpUser({ email: "compradora@example.com" });
    await grant({ correo: "compradora@example.com", cursoId: "cejas-online", motivo: "cortesia" });
    const [g] = await database.db.select().from(cursosOtorgados).where(eq(cursosOtorgados.userId, buyer.id));
    // (the same course later recorded as bought: its enrolment now belongs to an order)
    await database.db
      .insert(compras)
      .values({ id: "MA-COMPRA1", compradorId: buyer.id, total: 1, curso: true, pagoId: "p-1", proveedor: "demo" });
    await database.db
      .update(inscripciones)
      .set({ compraId: "MA-COMPRA1" })
      .where(and(eq(inscripciones.userId, buyer.id), eq(inscripciones.cursoId, "cejas-online")));
    expect(await revoke({ grantId: String(g!.id), motivoRevocacion: "Error" })).toMatchObject({ status: 200 });
    expect(await myCourses(buyer)).toEqual(["cejas-online"]);
  });
});

describe("course settings (/admin/cursos-de-regalo)", () => {
  const giftsScreen = () =>
    giftsLoader({
      request: new Request("http://localhost/admin/cursos-de-regalo", { headers: { cookie: admin.cookie } }),
      params: {},
      context: {},
    } as never);
  const save = (fields: Record<string, string>, cookie?: string) =>
    post(giftsAction as never, "/admin/cursos-de-regalo", { intent: "ajuste", ...fields }, cookie);
  let n = 0;

  /** A paid course order and its enrolment, as the purchase workflow writes them (settings read from ajustes). */
  async function buy(user: TestUser, cursoIds: string[], now = new Date()) {
    const compraId = `MA-R${++n}`;
    await database.db
      .insert(compras)
      .values({ id: compraId, compradorId: user.id, total: 100, curso: true, pagoId: `pago-r${n}`, proveedor: "demo" });
    const added = await database.db.transaction((tx) =>
      enrolPurchase(tx, { userId: user.id, compraId, cursoIds }, undefined, now),
    );
    return added.sort();
  }

  it("starts from app/config/courses.ts while nothing is stored", async () => {
    expect(await readCourseSettings()).toEqual(courseSettings);
    const screen = await giftsScreen();
    expect(screen.setting.values).toMatchObject({
      grant1Curso: "lip-blush-online",
      grant1Otorga: "automaquillaje-online",
      promoActiva: true,
      promoCurso: "microblading-online",
      promoRegalo: "lip-blush-online",
      promoDesde: "2025-08-21",
      promoHasta: "2025-09-21",
      promoMaximo: "50",
      promoClave: "PROMO-2X1-2025",
    });
  });

  it("refuses a half-filled grant, a course granting itself, a window that ends before it starts; nothing stored", async () => {
    const base = {
      promoActiva: "on",
      promoCurso: "cejas-online",
      promoRegalo: "auto-online",
      promoClave: "P1",
      promoMaximo: "2",
    };
    expect(await save({ grant1Curso: "cejas-online" })).toMatchObject({
      status: 400,
      errors: { grant1Otorga: "Elige los dos cursos." },
    });
    expect(await save({ grant1Curso: "cejas-online", grant1Otorga: "cejas-online" })).toMatchObject({
      status: 400,
      errors: { grant1Otorga: "Elige un curso distinto." },
    });
    expect(await save({ ...base, promoDesde: "2026-05-10", promoHasta: "2026-05-01" })).toMatchObject({
      status: 400,
      errors: { promoHasta: "Debe ser igual o posterior a la fecha de inicio." },
    });
    expect(
      await save({ ...base, promoDesde: "2026-05-01", promoHasta: "2026-05-10", promoMaximo: "-3" }),
    ).toMatchObject({ status: 400, errors: { promoMaximo: "Debe ser 0 o más." } });
    expect(await save({ grant1Curso: "presencial", grant1Otorga: "cejas-online" })).toMatchObject({ status: 400 });
    expect((await save({}, student.cookie)).status).toBe(404);
    expect(await database.db.select().from(ajustes).where(eq(ajustes.clave, "cursos"))).toEqual([]);
  });

  it("saved settings replace the defaults: a grant and a promotion with its dates and places apply to purchases", async () => {
    const now = new Date();
    const day = (offset: number) =>
      new Date(now.getTime() + offset * 86_400_000 - 6 * 3_600_000).toISOString().slice(0, 10);
    expect(
      await save({
        grant1Curso: "cejas-online",
        grant1Otorga: "auto-online",
        promoActiva: "on",
        promoCurso: "labios-online",
        promoRegalo: "cejas-online",
        promoDesde: day(-1),
        promoHasta: day(1),
        promoMaximo: "1",
        promoClave: "PROMO-PRUEBA",
      }),
    ).toMatchObject({ status: 200, notice: "Cambios guardados." });
    const stored = await readCourseSettings();
    expect(stored.grants).toEqual([{ cursoId: "cejas-online", otorga: "auto-online" }]);
    expect(stored.promotion).toMatchObject({ cursoId: "labios-online", regaloId: "cejas-online", maximo: 1 });

    // a course granting another, from the stored setting
    const ana = await signUpUser({ email: "ana.regalo@example.com" });
    expect(await buy(ana, ["cejas-online"])).toEqual(["auto-online", "cejas-online"]);
    // the promotion: one place, then none
    const bea = await signUpUser({ email: "bea.regalo@example.com" });
    expect(await coursePerks(bea.id, "labios-online")).toEqual([
      expect.objectContaining({ cursoId: "cejas-online", texto: expect.stringContaining("queda 1 lugar") }),
    ]);
    // (the gift does not bring its own granted course along: grants do not chain)
    expect(await buy(bea, ["labios-online"])).toEqual(["cejas-online", "labios-online"]);
    const lines = await database.db.select().from(compraLineas).where(eq(compraLineas.codigoDescuento, "PROMO-PRUEBA"));
    expect(lines).toHaveLength(1);
    expect((await giftsScreen()).lugares).toEqual({ usados: 1, maximo: 1 });
    const cata = await signUpUser({ email: "cata.regalo@example.com" });
    expect(await buy(cata, ["labios-online"])).toEqual(["labios-online"]);
    // the default grant (lip-blush → automaquillaje) no longer applies
    expect(stored.grants.some((g) => g.cursoId === "lip-blush-online")).toBe(false);
  });

  it("a promotion switched off keeps its data but gives nothing", async () => {
    const now = new Date();
    const day = (offset: number) =>
      new Date(now.getTime() + offset * 86_400_000 - 6 * 3_600_000).toISOString().slice(0, 10);
    expect(
      await save({
        promoCurso: "labios-online",
        promoRegalo: "auto-online",
        promoDesde: day(-1),
        promoHasta: day(1),
        promoMaximo: "10",
        promoClave: "PROMO-APAGADA",
      }),
    ).toMatchObject({ status: 200 });
    expect((await readCourseSettings()).promotion).toBeNull();
    expect((await giftsScreen()).setting.values).toMatchObject({ promoActiva: false, promoClave: "PROMO-APAGADA" });
    const dani = await signUpUser({ email: "dani.regalo@example.com" });
    expect(await buy(dani, ["labios-online"])).toEqual(["labios-online"]);
  });

  it("a malformed stored value falls back to the defaults instead of failing a purchase", () => {
    expect(parseCourseSettings({ grants: "no" })).toEqual(courseSettings);
    expect(parseCourseSettings({ grants: [], promotion: { clave: "X", desde: "mañana" } })).toEqual(courseSettings);
  });
});
