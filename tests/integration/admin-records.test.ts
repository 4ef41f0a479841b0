// @engine: an older schema migrated forward on an empty database of the server
/**
 * Admin and records (issue 11), on a real database through the functions the routes call:
 * ADMIN_EMAILS promotes verified addresses only; a product saved in admin never undoes a
 * sale made while its form was open; a diploma keeps the name and course title it was
 * issued with; a request's value never reaches an object's prototype (`case=__proto__`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as certificateLoader } from "~/routes/curso-certificado";
import { loader as diplomaCheckLoader } from "~/routes/diploma";
import { editAction, editScreen } from "~/server/admin/sections.server";
import type { Database } from "~/server/db/client.server";
import { cursos, diplomas, inscripciones, productos, user, visitas } from "~/server/db/schema";
import { issueDiploma } from "~/server/school/diploma.server";
import { takeStock } from "~/server/shop/catalog.server";
import { localStorage } from "~/server/storage/local.server";
import { UPLOAD_PATH } from "~/server/upload.server";
import { type TestApp, startTestApp } from "../support/app";
import { createEmptyPostgresDatabase } from "../support/db";
import { configure, makeCourse, makeProduct, signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
let app: TestApp;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "admin-records-"));
let adminCookie: string;

beforeAll(async () => {
  database = await useTestDatabase({
    storage: {
      public: localStorage(path.join(root, "uploads"), "/media"),
      private: localStorage(path.join(root, "private"), null),
    },
  });
  adminCookie = (await signUpUser({ email: "estudio@example.com", role: "admin" })).cookie;
  app = await startTestApp();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function adminRequest(pathname: string, form?: Record<string, string>) {
  const headers = new Headers({ cookie: adminCookie });
  if (!form) return new Request(`http://localhost${pathname}`, { headers });
  const body = new FormData();
  for (const [name, value] of Object.entries(form)) body.append(name, value);
  return new Request(`http://localhost${pathname}`, { method: "POST", headers, body });
}

/** What an action answered: its status and data (`data(...)`), or a thrown Response's status. */
async function outcome(promise: Promise<unknown>): Promise<{ status: number; data: Record<string, unknown> }> {
  let value: unknown;
  try {
    value = await promise;
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, data: {} };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const d = value as { data: Record<string, unknown>; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, data: d.data };
  }
  if (value instanceof Error) throw value;
  return { status: 200, data: value as Record<string, unknown> };
}

// ---------------------------------------------------------------- ADMIN_EMAILS

describe("ADMIN_EMAILS", () => {
  const roleOf = async (email: string) =>
    (await database.db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role;

  it("gives nothing to whoever signs up first with a listed address, and the role once it is verified", async () => {
    const { getAuth } = await import("~/server/auth.server");
    const undo = configure({ config: { adminEmails: "jefa@example.com" } });
    try {
      const account = { name: "Impostora", email: "jefa@example.com", password: "clave-de-la-impostora" };
      await getAuth().api.signUpEmail({ body: { ...account, aceptaTerminos: true } as never });
      expect(await roleOf(account.email)).toBe("cliente");
      await getAuth().api.signInEmail({ body: { email: account.email, password: account.password } });
      expect(await roleOf(account.email)).toBe("cliente");

      // verified (a Google log-in that vouches for it, or the create-admin command): admin at log-in
      await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, account.email));
      await getAuth().api.signInEmail({ body: { email: account.email, password: account.password } });
      expect(await roleOf(account.email)).toBe("admin");
    } finally {
      undo();
    }
  });
});

// ---------------------------------------------------------------- stock

describe("saving a product while it sells", () => {
  const stockOf = async (id: string) =>
    (await database.db.select({ cantidad: productos.cantidad }).from(productos).where(eq(productos.id, id)))[0]!
      .cantidad;

  /** The admin form as the browser posts it: every field as the screen showed it, plus changes. */
  async function openForm(id: string) {
    const screen = await editScreen(adminRequest(`/admin/productos/${id}`), id);
    const shown: Record<string, string> = { intent: "guardar" };
    for (const [name, value] of Object.entries(screen.values)) {
      if (typeof value === "string") shown[name] = value;
      else if (value === true) shown[name] = "on";
    }
    return shown;
  }
  const save = (id: string, form: Record<string, string>) =>
    outcome(editAction(adminRequest(`/admin/productos/${id}`, form), id));
  const sellOne = (p: { id: string; nombre: string }) =>
    database.db.transaction((tx) => takeStock(tx, [{ tipo: "producto", id: p.id, nombre: p.nombre, cantidad: 1 }]));

  it("carries the stock it showed, hidden", async () => {
    const product = await makeProduct({ cantidad: 5 });
    const screen = await editScreen(adminRequest(`/admin/productos/${product.id}`), product.id);
    expect(screen.values).toMatchObject({ cantidad: "5", cantidadMostrada: "5" });
    expect(screen.fields.find((f) => f.name === "cantidadMostrada")).toMatchObject({ type: "hidden" });
  });

  it("opened with 5, one sold, saved with 5 (a new price): 4 remain", async () => {
    const product = await makeProduct({ cantidad: 5, precio: 10_000 });
    const form = await openForm(product.id);
    expect(await sellOne(product)).toEqual([]);
    expect(await stockOf(product.id)).toBe(4);

    const saved = await save(product.id, { ...form, precio: "120" });
    expect(saved).toMatchObject({ status: 200, data: { notice: "Cambios guardados." } });
    expect(await stockOf(product.id)).toBe(4);
    const [row] = await database.db.select().from(productos).where(eq(productos.id, product.id));
    expect(row!.precio).toBe(12_000);
  });

  it("opened with 5, one sold, saved with 8 (three arrived): 7, the sale stays", async () => {
    const product = await makeProduct({ cantidad: 5 });
    const form = await openForm(product.id);
    await sellOne(product);
    expect(await save(product.id, { ...form, cantidad: "8" })).toMatchObject({ status: 200 });
    expect(await stockOf(product.id)).toBe(7);
  });

  it("refuses, in Spanish and changing nothing, a save that would take more than is left", async () => {
    const product = await makeProduct({ cantidad: 5, precio: 10_000 });
    const form = await openForm(product.id);
    await sellOne(product);
    const refused = await save(product.id, { ...form, cantidad: "0", precio: "1" });
    expect(refused.status).toBe(400);
    expect((refused.data.errors as Record<string, string>).cantidad).toBe(
      "El inventario cambió mientras editabas: ahora hay 4 piezas, no 5. Revisa las existencias y guarda de nuevo.",
    );
    const [row] = await database.db.select().from(productos).where(eq(productos.id, product.id));
    expect(row).toMatchObject({ cantidad: 4, precio: 10_000 });
  });

  it("refuses a save that does not say which stock it showed", async () => {
    const product = await makeProduct({ cantidad: 5 });
    const { cantidadMostrada: _shown, ...form } = await openForm(product.id);
    const refused = await save(product.id, { ...form, cantidad: "9" });
    expect(refused.status).toBe(400);
    expect((refused.data.errors as Record<string, string>).cantidad).toMatch(/recarga la página/);
    expect(await stockOf(product.id)).toBe(5);
  });

  it("a new product starts with the stock typed", async () => {
    const other = await makeProduct();
    const created = await outcome(
      editAction(
        adminRequest("/admin/productos/nuevo", {
          intent: "guardar",
          nombre: "Pigmento nuevo",
          precio: "100",
          cantidad: "6",
          peso: "10",
          categoriaId: other.categoriaId,
        }),
        "nuevo",
      ),
    );
    expect(created.status).toBe(302);
    const [row] = await database.db.select().from(productos).where(eq(productos.nombre, "Pigmento nuevo"));
    expect(row!.cantidad).toBe(6);
  });
});

// ---------------------------------------------------------------- diplomas

describe("a diploma after its student and its course are renamed", () => {
  it("keeps the issued name and title on the public check and in the PDF", async () => {
    const student = await signUpUser({ name: "Ana Pérez" });
    const course = await makeCourse({ titulo: "Microblading desde cero", examen: true });
    await database.db.insert(inscripciones).values({ userId: student.id, cursoId: course.id });
    const diploma = (await issueDiploma(database.db, { userId: student.id, cursoId: course.id, nombre: student.name }))!;
    expect(diploma).toMatchObject({ nombre: "Ana Pérez", cursoTitulo: "Microblading desde cero" });

    await database.db.update(user).set({ name: "Ana P. Casada" }).where(eq(user.id, student.id));
    await database.db.update(cursos).set({ titulo: "Microblading 2.0" }).where(eq(cursos.id, course.id));

    const check = await diplomaCheckLoader({ params: { codigo: diploma.id.toLowerCase() } } as never);
    expect(check.diploma).toMatchObject({ nombre: "Ana Pérez", curso: "Microblading desde cero", codigo: diploma.id });

    const response = (await certificateLoader({
      request: new Request(`http://localhost/curso-michel-alvarez/${course.id}/certificado`, {
        headers: { cookie: student.cookie },
      }),
      params: { id: course.id },
      context: {},
    } as never)) as Response;
    expect(response.status).toBe(200);
    const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.getSubject()).toBe("Diploma de Ana Pérez");
    expect(pdf.getTitle()).toBe("Diploma: Microblading desde cero");
    // and downloading it did not rewrite the record
    const [row] = await database.db.select().from(diplomas).where(eq(diplomas.id, diploma.id));
    expect(row).toMatchObject({ nombre: "Ana Pérez", cursoTitulo: "Microblading desde cero" });
  });

  it("the migration gives diplomas issued before it the title of their course", async () => {
    const { migrationsFolder, openDatabase } = await import("~/server/db/client.server");
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
    const at = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith("_diploma_emitido"));
    expect(at).toBeGreaterThan(0);
    // A migrations folder that stops just before: the database as the previous version left it.
    const older = fs.mkdtempSync(path.join(os.tmpdir(), "migraciones-"));
    fs.mkdirSync(path.join(older, "meta"));
    const before = journal.entries.slice(0, at);
    fs.writeFileSync(path.join(older, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: before }));
    for (const e of before) fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(older, `${e.tag}.sql`));

    const old = process.env.TEST_DATABASE_URL
      ? await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL)
      : await openDatabase({ memory: true });
    try {
      const migrateWith = async (folder: string) => {
        if (old.kind === "pglite") {
          const { migrate } = await import("drizzle-orm/pglite/migrator");
          await migrate(old.db as never, { migrationsFolder: folder });
        } else {
          const { migrate } = await import("drizzle-orm/node-postgres/migrator");
          await migrate(old.db as never, { migrationsFolder: folder });
        }
      };
      await migrateWith(older);
      const { sql } = await import("drizzle-orm");
      await old.db.execute(sql`insert into users (id, name, email) values ('u1', 'Ana Pérez', 'ana@example.com')`);
      await old.db.execute(
        sql`insert into cursos (id, titulo, tipo, precio, descripcion_secundaria) values ('c1', 'Cejas perfectas', 'online', 1000, '')`,
      );
      await old.db.execute(
        sql`insert into diplomas (id, user_id, curso_id, nombre) values ('ABCD2345', 'u1', 'c1', 'Ana Pérez')`,
      );
      await migrateWith(migrationsFolder);
      const [row] = await old.db.select().from(diplomas).where(eq(diplomas.id, "ABCD2345"));
      expect(row).toMatchObject({ nombre: "Ana Pérez", cursoTitulo: "Cejas perfectas" });
    } finally {
      await old.close();
      fs.rmSync(older, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------- prototype keys

describe("request values that name an object's prototype", () => {
  it("answers the upload call's case=__proto__ (and constructor) with a 400 in Spanish", async () => {
    for (const uploadCase of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const form = new FormData();
      form.append("case", uploadCase);
      form.append("name", "prueba");
      form.append("data", new Blob([Buffer.from("%PDF-1.4\n")], { type: "application/pdf" }), "manual.pdf");
      const response = await fetch(`${app.baseURL}${UPLOAD_PATH}`, {
        method: "POST",
        body: form,
        headers: { cookie: adminCookie },
      });
      expect([uploadCase, response.status]).toEqual([uploadCase, 400]);
      expect((await response.json()).error).toMatch(/^Indica para qué es el archivo \(case\): productos, /);
    }
  });

  it("a field named __proto__ is a field like any other", async () => {
    const form = new FormData();
    form.append("__proto__", "x");
    form.append("case", "manuales");
    form.append("data", new Blob([Buffer.from("%PDF-1.4\n")], { type: "application/pdf" }), "manual.pdf");
    const response = await fetch(`${app.baseURL}${UPLOAD_PATH}`, {
      method: "POST",
      body: form,
      headers: { cookie: adminCookie },
    });
    expect(response.status).toBe(201);
  });

  it("answers removing a visit photo of gallery '__proto__' with the alert, never a 500", async () => {
    await database.db.insert(visitas).values({ id: "visita-proto", codigo: "PROTO1", clienta: "Clienta" });
    for (const campo of ["__proto__", "constructor"]) {
      const answer = await outcome(
        editAction(
          adminRequest("/admin/visitas/visita-proto", { intent: "quitar-imagen", campo, imagen: "1" }),
          "visita-proto",
        ),
      );
      expect(answer).toMatchObject({ status: 409, data: { alert: { text: "Esa foto ya no existe." } } });
    }
  });
});
