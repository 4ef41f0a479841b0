/**
 * The admin area's server side on a real database, through the same functions its routes
 * call (guard, generic list/edit screens and actions, orders, settings), with real Better
 * Auth sessions and files stored in a temporary folder.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listedAdminEmails, listedRole, promoteListedAdmin } from "~/server/admin/admin-emails.server";
import { requireAdmin } from "~/server/admin/guard.server";
import { getAdminOrder, listAdminOrders, orderFilter, updateShippingState } from "~/server/admin/orders.server";
import { editAction, editScreen, listAction, listScreen } from "~/server/admin/sections.server";
import { readSetting } from "~/server/admin/settings.server";
import { getProduct } from "~/server/shop/catalog.server";
import type { Database } from "~/server/db/client.server";
import {
  bandasEnvio,
  categorias,
  compraLineas,
  compras,
  cursos,
  inscripciones,
  preguntas,
  productoImagenes,
  productos,
  codigosPedido,
  promociones,
  user,
  visitaFotos,
  visitas,
} from "~/server/db/schema";
import { localStorage } from "~/server/storage/local.server";
import { lookupVisitCode } from "~/server/visits/visits.server";
import { signUpUser, useTestDatabase } from "../support/fixtures";

let database: Database;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "admin-test-"));
const uploads = path.join(root, "uploads");
const privateFiles = path.join(root, "private");
let adminCookie: string;
let clientCookie: string;
let clientId: string;

beforeAll(async () => {
  database = await useTestDatabase({
    storage: { public: localStorage(uploads, "/media"), private: localStorage(privateFiles, null) },
  });
  adminCookie = (await signUpUser({ email: "estudio@example.com", role: "admin" })).cookie;
  clientCookie = (await signUpUser({ email: "clienta@example.com" })).cookie;
  clientId = (await database.db.select({ id: user.id }).from(user).where(eq(user.email, "clienta@example.com")))[0]!.id;
  await database.db.insert(categorias).values([
    { id: "pigmentos", nombre: "Pigmentos" },
    { id: "vacia", nombre: "Vacía" },
  ]);
});

afterAll(async () => {
  await database.close();
  fs.rmSync(root, { recursive: true, force: true });
});

// ---------------------------------------------------------------- helpers

/** A camera-like photo (JPEG), 1200 × 900. */
const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 120, b: 100 } } })
    .jpeg()
    .toBuffer();

function request(pathname: string, init: { cookie?: string; form?: FormData } = {}) {
  const headers = new Headers();
  if (init.cookie ?? adminCookie) headers.set("cookie", init.cookie ?? adminCookie);
  return new Request(
    `http://localhost${pathname}`,
    init.form ? { method: "POST", headers, body: init.form } : { headers },
  );
}

function form(fields: Record<string, string | string[] | Blob | Blob[]>, intent = "guardar"): FormData {
  const fd = new FormData();
  fd.set("intent", intent);
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === "string") fd.append(name, v);
      else fd.append(name, v, (v as File).name ?? "foto.png");
    }
  }
  return fd;
}

const file = (bytes: Buffer | string, name: string, type = "image/jpeg") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

/** What a loader or action answered, thrown or returned: status, data, redirect target. */
async function outcome(promise: Promise<unknown>) {
  let value: unknown;
  try {
    value = await promise;
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("Location"), data: undefined as never };
  }
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const d = value as { data: unknown; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, location: null, data: d.data as never };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, data: value as never };
}

const filesIn = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => /\.\w+$/.test(String(f))) : [];
const productCount = async () => (await database.db.select({ n: count() }).from(productos))[0]!.n;

const productForm = (extra: Record<string, string | Blob[]> = {}) =>
  form({
    nombre: "Pigmento Miel 10 ml",
    marca: "Velvet",
    precio: "1,249.50",
    cantidad: "12",
    peso: "80",
    categoriaId: "pigmentos",
    especificacion: "Tono miel.",
    publicado: "on",
    ...extra,
  });

// ---------------------------------------------------------------- access

describe("the admin guard", () => {
  it("answers 404 to a visitor and to a client, and lets the admin in", async () => {
    for (const cookie of ["", clientCookie]) {
      const denied = await outcome(requireAdmin(request("/admin", { cookie })));
      expect(denied.status).toBe(404);
      const action = await outcome(
        editAction(request("/admin/productos/nuevo", { cookie, form: productForm() }), "nuevo"),
      );
      expect(action.status).toBe(404);
      expect((await outcome(listScreen(request("/admin/productos", { cookie })))).status).toBe(404);
    }
    expect(await productCount()).toBe(0);
    const admin = await requireAdmin(request("/admin"));
    expect(admin.email).toBe("estudio@example.com");
  });

  it("answers 404 for a section that does not exist", async () => {
    expect((await outcome(listScreen(request("/admin/usuarios")))).status).toBe(404);
  });

  it("grants admin to ADMIN_EMAILS addresses only once verified, and never demotes", async () => {
    const listed = listedAdminEmails(" Estudio@Example.com, otra@example.com ,");
    expect([...listed]).toEqual(["estudio@example.com", "otra@example.com"]);
    expect(listedRole({ email: "OTRA@example.com", emailVerified: true }, listed)).toBe("admin");
    expect(listedRole({ email: "OTRA@example.com", emailVerified: false }, listed)).toBe("cliente");
    expect(listedRole({ email: "nadie@example.com", emailVerified: true }, listed)).toBe("cliente");
    const role = async () =>
      (await database.db.select({ role: user.role }).from(user).where(eq(user.id, clientId)))[0]!.role;

    // whoever signed up with the address first proved nothing: no role
    await promoteListedAdmin(database.db, clientId, new Set(["clienta@example.com"]));
    expect(await role()).toBe("cliente");

    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, clientId));
    await promoteListedAdmin(database.db, clientId, new Set(["clienta@example.com"]));
    expect(await role()).toBe("admin");
    await database.db.update(user).set({ role: "cliente", emailVerified: false }).where(eq(user.id, clientId));
    await promoteListedAdmin(database.db, clientId, new Set());
    expect(await role()).toBe("cliente");
  });

});

// ---------------------------------------------------------------- products

describe("products", () => {
  let productId: string;

  it("refuses bad input with Spanish errors and writes nothing, files included", async () => {
    const bad = form({
      nombre: "  ",
      precio: "doce",
      cantidad: "-1",
      peso: "1.5",
      categoriaId: "no-existe",
      galeria: [file(Buffer.from("no soy una imagen"), "virus.png")],
    });
    const result = await outcome(editAction(request("/admin/productos/nuevo", { form: bad }), "nuevo"));
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      errors: {
        nombre: "Este dato es obligatorio.",
        precio: "Escribe el precio en pesos, por ejemplo 249.50",
        cantidad: "Debe ser 0 o más.",
        peso: "Escribe un número entero, sin decimales.",
        categoriaId: "Elige una opción de la lista.",
        galeria: "«virus.png» no es una imagen: sube un JPG, PNG, WebP o AVIF.",
      },
    });
    expect(await productCount()).toBe(0);
    expect(filesIn(uploads)).toEqual([]);
  });

  it("creates a product with a photo: price in centavos, photo in four sizes, cover set, shown in the shop", async () => {
    const created = await outcome(
      editAction(
        request("/admin/productos/nuevo", { form: productForm({ galeria: [file(await photo(), "miel.jpg")] }) }),
        "nuevo",
      ),
    );
    expect(created.status).toBe(302);
    expect(created.location).toMatch(/^\/admin\/productos\/pigmento-miel-10-ml-[0-9a-f]{6}\?guardado=1$/);
    productId = created.location!.split("/")[3]!.split("?")[0]!;

    const [row] = await database.db.select().from(productos).where(eq(productos.id, productId));
    expect(row).toMatchObject({ precio: 124950, cantidad: 12, peso: 80, publicado: true, categoriaId: "pigmentos" });
    expect(row!.urlImagen).toMatch(/^\/media\/productos\/miel-[0-9a-f]{8}-mediana\.jpg$/);
    // original, chica, mediana, grande, each also as WebP
    expect(filesIn(uploads)).toHaveLength(8);
    const stored = await sharp(path.join(uploads, row!.urlImagen.replace("/media/", ""))).metadata();
    expect(stored.width).toBe(800);

    const shop = await getProduct(database.db, productId);
    expect(shop).toMatchObject({ nombre: "Pigmento Miel 10 ml", precio: 124950 });

    const screen = await editScreen(request(`/admin/productos/${productId}`), productId);
    expect(screen.values).toMatchObject({ precio: "1249.50", cantidad: "12", publicado: true });
    expect(screen.values.galeria).toHaveLength(1);
    expect(screen.deleteLabel).toBe("Eliminar producto");
  });

  it("edits, and removing the cover photo deletes its files and clears the cover", async () => {
    const edited = await outcome(
      editAction(
        request(`/admin/productos/${productId}`, { form: productForm({ precio: "99", cantidad: "0", cantidadMostrada: "12" }) }),
        productId,
      ),
    );
    expect(edited).toMatchObject({ status: 200, data: { notice: "Cambios guardados." } });
    const [row] = await database.db.select().from(productos).where(eq(productos.id, productId));
    expect(row).toMatchObject({ precio: 9900, cantidad: 0 });
    const list = await listScreen(request("/admin/productos?q=miel"));
    expect(list.items).toEqual([expect.objectContaining({ id: productId, badge: "Agotado" })]);

    const [photo] = await database.db.select().from(productoImagenes).where(eq(productoImagenes.productoId, productId));
    const removed = await outcome(
      editAction(
        request(`/admin/productos/${productId}`, {
          form: form({ campo: "galeria", imagen: String(photo!.id) }, "quitar-imagen"),
        }),
        productId,
      ),
    );
    expect(removed.data).toMatchObject({ notice: "Foto eliminada." });
    expect(filesIn(uploads)).toEqual([]);
    expect((await database.db.select().from(productos).where(eq(productos.id, productId)))[0]!.urlImagen).toBe("");
  });

  it("keeps categories with products and deletes empty ones", async () => {
    const refused = await outcome(
      editAction(request("/admin/categorias/pigmentos", { form: form({}, "eliminar") }), "pigmentos"),
    );
    expect(refused).toMatchObject({ status: 409, data: { alert: { title: "No se puede eliminar" } } });
    const deleted = await outcome(
      editAction(request("/admin/categorias/vacia", { form: form({}, "eliminar") }), "vacia"),
    );
    expect(deleted).toMatchObject({ status: 302, location: "/admin/categorias" });
    expect(await database.db.select().from(categorias)).toHaveLength(1);
  });

  it("deletes a product", async () => {
    const deleted = await outcome(
      editAction(request(`/admin/productos/${productId}`, { form: form({}, "eliminar") }), productId),
    );
    expect(deleted).toMatchObject({ status: 302, location: "/admin/productos" });
    expect(await productCount()).toBe(0);
    expect((await outcome(editScreen(request(`/admin/productos/${productId}`), productId))).status).toBe(404);
  });
});

// ---------------------------------------------------------------- services

describe("services", () => {
  it("saves questions, replaces an image (deleting the old files) and adds gallery photos", async () => {
    const service = (extra: Record<string, string | string[] | Blob[] | Blob>) =>
      form({ nombre: "Microblading", slogan: "Cejas pelo a pelo", ...extra });
    const halfQuestion = await outcome(
      editAction(
        request("/admin/servicios/nuevo", {
          form: service({ "preguntas.pregunta": ["¿Duele?", "¿Cuánto dura?"], "preguntas.respuesta": ["Poco.", ""] }),
        }),
        "nuevo",
      ),
    );
    expect(halfQuestion).toMatchObject({
      status: 400,
      data: { errors: { preguntas: "Escribe cada pregunta con su respuesta." } },
    });

    const created = await outcome(
      editAction(
        request("/admin/servicios/nuevo", {
          form: service({
            "preguntas.pregunta": ["¿Duele?", ""],
            "preguntas.respuesta": ["Poco.", ""],
            urlImagen: file(await photo(), "redonda.jpg"),
          }),
        }),
        "nuevo",
      ),
    );
    const servicioId = created.location!.split("/")[3]!.split("?")[0]!;
    const first = (await editScreen(request(`/admin/servicios/${servicioId}`), servicioId)).values;
    expect(first.preguntas).toEqual([{ pregunta: "¿Duele?", respuesta: "Poco." }]);
    expect(first.urlImagen).toMatch(/^\/media\/servicios\/redonda-[0-9a-f]{8}-mediana\.jpg$/);
    expect(filesIn(path.join(uploads, "servicios"))).toHaveLength(8);

    await outcome(
      editAction(
        request(`/admin/servicios/${servicioId}`, {
          form: service({ urlImagen: file(await photo(), "nueva.jpg"), galeria: [file(await photo(), "trabajo.jpg")] }),
        }),
        servicioId,
      ),
    );
    const second = (await editScreen(request(`/admin/servicios/${servicioId}`), servicioId)).values;
    expect(second.urlImagen).toMatch(/\/nueva-[0-9a-f]{8}-mediana\.jpg$/);
    expect(second.preguntas).toEqual([]);
    expect(second.galeria).toEqual([
      { id: expect.any(Number), url: expect.stringMatching(/^\/media\/galeria\/trabajo-/) },
    ]);
    expect(filesIn(path.join(uploads, "servicios")).every((f) => String(f).startsWith("nueva-"))).toBe(true);

    await outcome(editAction(request(`/admin/servicios/${servicioId}`, { form: form({}, "eliminar") }), servicioId));
    expect(filesIn(uploads)).toEqual([]);
  });
});

// ---------------------------------------------------------------- courses, units, questions

describe("courses", () => {
  it("checks the discount price, stores online fields only for online courses, and manages questions", async () => {
    const course = (extra: Record<string, string>) =>
      form({
        titulo: "Microblading en línea",
        tipo: "online",
        precio: "4,500",
        descripcionSecundaria: "Módulos",
        publicado: "on",
        ...extra,
      });
    const bad = await outcome(
      editAction(request("/admin/cursos/nuevo", { form: course({ precioDescuento: "4500" }) }), "nuevo"),
    );
    expect(bad).toMatchObject({
      status: 400,
      data: { errors: { precioDescuento: "Debe ser menor que el precio normal." } },
    });

    const created = await outcome(
      editAction(request("/admin/cursos/nuevo", { form: course({ precioDescuento: "3999.99" }) }), "nuevo"),
    );
    const cursoId = created.location!.split("/")[3]!.split("?")[0]!;
    const [row] = await database.db.select().from(cursos).where(eq(cursos.id, cursoId));
    expect(row).toMatchObject({
      precio: 450000,
      precioDescuento: 399999,
      tipo: "online",
      descripcionSecundaria: "Módulos",
      publicado: true,
    });

    await outcome(editAction(request(`/admin/cursos/${cursoId}`, { form: course({ tipo: "presencial" }) }), cursoId));
    const [inPerson] = await database.db.select().from(cursos).where(eq(cursos.id, cursoId));
    expect(inPerson).toMatchObject({ tipo: "presencial", descripcionSecundaria: null, precioDescuento: null });

    const question = (correcta: string) =>
      form({
        cursoId,
        pregunta: "¿Qué aguja?",
        respuesta1: "A",
        respuesta2: "B",
        respuesta3: "C",
        respuestaCorrecta: correcta,
      });
    const wrong = await outcome(editAction(request("/admin/preguntas/nuevo", { form: question("4") }), "nuevo"));
    expect(wrong).toMatchObject({
      status: 400,
      data: { errors: { respuestaCorrecta: "Elige una opción de la lista." } },
    });
    await outcome(editAction(request("/admin/preguntas/nuevo", { form: question("2") }), "nuevo"));
    expect(await database.db.select({ c: preguntas.respuestaCorrecta }).from(preguntas)).toEqual([{ c: 2 }]);

    const unit = await outcome(
      editAction(
        request("/admin/unidades/nuevo", { form: form({ cursoId, nombre: "Diseño", posicion: "1" }) }),
        "nuevo",
      ),
    );
    const unidadId = unit.location!.split("/")[3]!.split("?")[0]!;
    const noVideo = await outcome(
      editAction(request("/admin/videos/nuevo", { form: form({ unidadId, titulo: "Clase 1" }) }), "nuevo"),
    );
    expect(noVideo).toMatchObject({ status: 400, data: { errors: { video: "Elige el archivo." } } });
    const notVideo = await outcome(
      editAction(
        request("/admin/videos/nuevo", {
          form: form({ unidadId, titulo: "Clase 1", video: file(await photo(), "clase.mp4", "video/mp4") }),
        }),
        "nuevo",
      ),
    );
    expect(notVideo).toMatchObject({
      status: 400,
      data: { errors: { video: "«clase.mp4» no es un video: sube un MP4, MOV o WebM." } },
    });
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom"), Buffer.alloc(64)]);
    const video = await outcome(
      editAction(
        request("/admin/videos/nuevo", {
          form: form({ unidadId, titulo: "Clase 1", video: file(mp4, "clase.mp4", "video/mp4") }),
        }),
        "nuevo",
      ),
    );
    expect(video.status).toBe(302);
    expect(filesIn(privateFiles)).toEqual([expect.stringMatching(/^videos\/clase-[0-9a-f]{8}\.mp4$/)]);

    const screen = await editScreen(request(`/admin/cursos/${cursoId}`), cursoId);
    expect(screen.children.map((c) => [c.title, c.items.length])).toEqual([
      ["Unidades", 1],
      ["Preguntas del examen", 1],
    ]);
    const unitScreen = await editScreen(request(`/admin/unidades/${unidadId}`), unidadId);
    expect(unitScreen).toMatchObject({
      backHref: `/admin/cursos/${cursoId}`,
      children: [{ title: "Videos", items: [{ title: "0. Clase 1" }] }],
    });

    // a course with students is hidden, not deleted
    await database.db.insert(inscripciones).values({ userId: clientId, cursoId });
    const refused = await outcome(
      editAction(request(`/admin/cursos/${cursoId}`, { form: form({}, "eliminar") }), cursoId),
    );
    expect(refused).toMatchObject({ status: 409, data: { alert: { title: "No se puede eliminar" } } });
    await database.db.delete(inscripciones);
    const deleted = await outcome(
      editAction(request(`/admin/cursos/${cursoId}`, { form: form({}, "eliminar") }), cursoId),
    );
    expect(deleted.status).toBe(302);
    expect(filesIn(privateFiles)).toEqual([]);
  });
});

// ---------------------------------------------------------------- visits

describe("visits", () => {
  it("creates a visit with private before/after photos, a random code and a link to share", async () => {
    const created = await outcome(
      editAction(
        request("/admin/visitas/nuevo", {
          form: form({
            clienta: "María José",
            antes: [file(await photo(), "a.jpg")],
            despues: [file(await photo(), "d1.jpg"), file(await photo(), "d2.jpg")],
          }),
        }),
        "nuevo",
      ),
    );
    expect(created.status).toBe(302);
    const visitId = created.location!.split("/")[3]!.split("?")[0]!;
    expect(visitId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const fotos = await database.db.select().from(visitaFotos).where(eq(visitaFotos.visitaId, visitId));
    expect(fotos.map((f) => f.tipo).sort()).toEqual(["antes", "despues", "despues"]);
    expect(fotos.every((f) => f.url.startsWith("private:visitas/"))).toBe(true);
    expect(filesIn(uploads)).toEqual([]);

    const screen = await editScreen(request(`/admin/visitas/${visitId}`), visitId);
    const [visita] = await database.db.select().from(visitas).where(eq(visitas.id, visitId));
    expect(screen.share).toMatchObject({
      codigo: visita!.codigo,
      url: expect.stringMatching(new RegExp(`/tu-visita-con-maria-jose/${visitId}$`)),
    });
    expect(decodeURIComponent(screen.share!.whatsapp)).toContain(visita!.codigo);
    expect(screen.values.despues).toEqual([
      { id: expect.any(Number), url: expect.stringMatching(/\/foto\/despues\/1\.webp\?v=\d+$/) },
      { id: expect.any(Number), url: expect.stringMatching(/\/foto\/despues\/2\.webp\?v=\d+$/) },
    ]);
    expect(await lookupVisitCode(database.db, visita!.codigo, "10.9.9.9")).toMatchObject({ ok: true });
  });
});

// ---------------------------------------------------------------- promotions

describe("promotions", () => {
  it("refuses the same code twice for one product, whatever its case", async () => {
    await database.db.insert(productos).values({ id: "p1", nombre: "Labial", precio: 10000, categoriaId: "pigmentos" });
    const promo = (codigo: string) => form({ codigo, target: "p1", descuento: "15", activo: "on" });
    expect(
      (await outcome(editAction(request("/admin/promociones/nuevo", { form: promo("VERANO") }), "nuevo"))).status,
    ).toBe(302);
    const twice = await outcome(editAction(request("/admin/promociones/nuevo", { form: promo("verano") }), "nuevo"));
    expect(twice).toMatchObject({
      status: 400,
      data: {
        errors: {
          codigo: "El código «verano» ya existe para este producto (mayúsculas y minúsculas cuentan como el mismo código).",
        },
      },
    });
    const badPercent = await outcome(
      editAction(
        request("/admin/promociones/nuevo", { form: form({ codigo: "X", target: "p1", descuento: "150" }) }),
        "nuevo",
      ),
    );
    expect(badPercent).toMatchObject({ status: 400, data: { errors: { descuento: "Debe ser 100 o menos." } } });
    expect(
      await database.db.select({ codigo: promociones.codigo, descuento: promociones.descuento }).from(promociones),
    ).toEqual([{ codigo: "VERANO", descuento: 15 }]);
  });

  it("saves a code's optional rules (empty = no rule) and a whole-order code, in Spanish", async () => {
    const rules = { vigenteDesde: "", vigenteHasta: "", limiteUsos: "", limitePorCliente: "", montoMinimo: "" };
    const open = form({ codigo: "LIBRE", target: "p1", descuento: "10", activo: "on", ...rules });
    expect((await outcome(editAction(request("/admin/promociones/nuevo", { form: open }), "nuevo"))).status).toBe(302);
    const [libre] = await database.db.select().from(promociones).where(eq(promociones.codigo, "LIBRE"));
    expect(libre).toMatchObject({
      vigenteDesde: null,
      vigenteHasta: null,
      limiteUsos: null,
      limitePorCliente: null,
      montoMinimo: null,
    });

    const backwards = form({
      codigo: "TODO10",
      descuento: "10",
      activo: "on",
      ...rules,
      vigenteDesde: "2026-07-01",
      vigenteHasta: "2026-06-30",
    });
    expect(
      await outcome(editAction(request("/admin/promociones-pedido/nuevo", { form: backwards }), "nuevo")),
    ).toMatchObject({
      status: 400,
      data: { errors: { vigenteHasta: "La fecha final no puede ser anterior a la inicial." } },
    });
    const zero = form({ codigo: "TODO10", descuento: "10", activo: "on", ...rules, limiteUsos: "0" });
    expect(
      await outcome(editAction(request("/admin/promociones-pedido/nuevo", { form: zero }), "nuevo")),
    ).toMatchObject({
      status: 400,
      data: { errors: { limiteUsos: "Debe ser 1 o más." } },
    });
    const good = form({
      codigo: "Todo10",
      descuento: "10",
      activo: "on",
      vigenteDesde: "2026-06-01",
      vigenteHasta: "2026-06-30",
      limiteUsos: "100",
      limitePorCliente: "1",
      montoMinimo: "1,500",
    });
    expect(
      (await outcome(editAction(request("/admin/promociones-pedido/nuevo", { form: good }), "nuevo"))).status,
    ).toBe(302);
    expect(await database.db.select().from(codigosPedido)).toMatchObject([
      {
        codigo: "Todo10",
        descuento: 10,
        vigenteDesde: "2026-06-01",
        vigenteHasta: "2026-06-30",
        limiteUsos: 100,
        limitePorCliente: 1,
        montoMinimo: 150_000,
        usos: 0,
      },
    ]);
    const again = form({ codigo: "TODO10", descuento: "5", activo: "on", ...rules });
    expect(
      await outcome(editAction(request("/admin/promociones-pedido/nuevo", { form: again }), "nuevo")),
    ).toMatchObject({
      status: 400,
      data: {
        errors: {
          codigo:
            "El código «TODO10» ya existe para todo el pedido (mayúsculas y minúsculas cuentan como el mismo código).",
        },
      },
    });
  });
});

// ---------------------------------------------------------------- shipping and notice

describe("shipping and the notice", () => {
  const prices = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`precio${i}`, `${150 + i * 10}`]));

  it("saves a band with its 7 prices in centavos and checks its weights", async () => {
    const bad = await outcome(
      editAction(
        request("/admin/envios/nuevo", { form: form({ gramosMinimos: "500", gramosMaximos: "100", ...prices }) }),
        "nuevo",
      ),
    );
    expect(bad).toMatchObject({
      status: 400,
      data: { errors: { gramosMaximos: "Debe ser igual o mayor que «Desde»." } },
    });
    const ok = await outcome(
      editAction(
        request("/admin/envios/nuevo", { form: form({ gramosMinimos: "0", gramosMaximos: "1000", ...prices }) }),
        "nuevo",
      ),
    );
    expect(ok.status).toBe(302);
    expect(await database.db.select({ precios: bandasEnvio.precios }).from(bandasEnvio)).toEqual([
      { precios: [15000, 16000, 17000, 18000, 19000, 20000, 21000] },
    ]);
  });

  it("switches free shipping on the list screen", async () => {
    const saved = await outcome(listAction(request("/admin/envios", { form: form({ estado: "Gratis" }, "ajuste") })));
    expect(saved.data).toMatchObject({ notice: "Cambios guardados." });
    expect(await readSetting(database.db, "envio")).toEqual({ estado: "Gratis" });
    const bad = await outcome(listAction(request("/admin/envios", { form: form({ estado: "Casi" }, "ajuste") })));
    expect(bad.status).toBe(400);
    expect(await readSetting(database.db, "envio")).toEqual({ estado: "Gratis" });
    const screen = await listScreen(request("/admin/envios"));
    expect(screen.setting?.status).toBe("Ahora: envío gratis en toda la tienda.");
  });
});

// ---------------------------------------------------------------- orders

describe("orders", () => {
  beforeAll(async () => {
    const base = { compradorId: clientId, proveedor: "demo", total: 50000 };
    await database.db.insert(compras).values([
      {
        ...base,
        id: "MA-100",
        pagoId: "pago-1",
        fecha: new Date("2026-01-01T10:00:00Z"),
        datosContacto: { correo: "compras@example.com", telefono: "3312345678" },
        datosEnvio: { nombre: "Ana", ciudad: "Guadalajara" },
      },
      { ...base, id: "MA-200", pagoId: "pago-2", fecha: new Date("2026-02-01T10:00:00Z"), estadoEnvio: 2 },
      { ...base, id: "MA-300", pagoId: "pago-3", fecha: new Date("2026-03-01T10:00:00Z"), curso: true },
    ]);
    await database.db
      .insert(compraLineas)
      .values({ compraId: "MA-100", nombre: "Labial", precio: 25000, precioOriginal: 25000, cantidad: 2 });
  });

  it("lists newest first, filters by shipping state and searches by id or e-mail", async () => {
    const ids = async (query: string) =>
      (await listAdminOrders(database.db, orderFilter(new URL(`http://x/admin/pedidos${query}`)))).orders.map(
        (o) => o.id,
      );
    expect(await ids("")).toEqual(["MA-300", "MA-200", "MA-100"]);
    expect(await ids("?estado=2")).toEqual(["MA-200"]);
    expect(await ids("?estado=0")).toEqual(["MA-100"]);
    expect(await ids("?q=compras@")).toEqual(["MA-100"]);
    expect(await ids("?q=clienta@example")).toEqual(["MA-300", "MA-200", "MA-100"]);
    expect(await ids("?q=ma-2")).toEqual(["MA-200"]);
    expect(await ids("?estado=9")).toHaveLength(3);
  });

  it("shows an order's lines and data and changes its shipping state, refusing anything else", async () => {
    const order = await getAdminOrder(database.db, "MA-100");
    expect(order).toMatchObject({
      comprador: { email: "clienta@example.com" },
      datosEnvio: { ciudad: "Guadalajara" },
      lines: [{ nombre: "Labial", cantidad: 2 }],
    });
    const set = (id: string, estado: string) => updateShippingState(database.db, id, form({ estado }, "estado"));
    expect(await set("MA-100", "1")).toMatchObject({ ok: true });
    expect(await set("MA-100", "7")).toEqual({ ok: false, errors: { estado: "Elige una opción de la lista." } });
    expect(await set("MA-300", "1")).toEqual({ ok: false, errors: { estado: "Este pedido no tiene envío." } });
    expect(
      (await database.db.select({ e: compras.estadoEnvio }).from(compras).where(eq(compras.id, "MA-100")))[0]!.e,
    ).toBe(1);
  });
});
