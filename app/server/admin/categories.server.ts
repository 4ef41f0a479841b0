/** Admin: product categories (name and order on /categorias). */
import { asc, count, eq } from "drizzle-orm";
import type { Db } from "../db/index.server";
import { categorias, productos } from "../db/schema";
import { integer, text } from "./fields.server";
import { type AdminResource, saveRow } from "./resource.server";
import { plural } from "~/domain/plural";

const fields = {
  nombre: text("Nombre", { required: true }),
  posicion: integer("Orden", { min: 0, help: "Las categorías se muestran de menor a mayor." }),
};

const productCount = (db: Db, id: string) =>
  db
    .select({ n: count() })
    .from(productos)
    .where(eq(productos.categoriaId, id))
    .then(([row]) => row?.n ?? 0);

export const categoriesResource: AdminResource<typeof fields> = {
  section: "categorias",
  title: "Categorías",
  singular: "categoría",
  newWord: "Nueva",
  fields: () => fields,

  async list(db) {
    const rows = await db
      .select({ id: categorias.id, nombre: categorias.nombre, productos: count(productos.id) })
      .from(categorias)
      .leftJoin(productos, eq(productos.categoriaId, categorias.id))
      .groupBy(categorias.id)
      .orderBy(asc(categorias.posicion), asc(categorias.nombre));
    return rows.map((c) => ({ id: c.id, title: c.nombre, detail: plural(c.productos, "producto", "productos") }));
  },

  async load(db, id) {
    const [c] = await db.select().from(categorias).where(eq(categorias.id, id));
    return c ? { nombre: c.nombre, posicion: String(c.posicion) } : null;
  },

  save: (db, id, v) => saveRow(db, categorias, id, v, v.nombre),

  async remove(db, id) {
    const n = await productCount(db, id);
    if (n > 0) {
      return {
        icon: "error",
        title: "No se puede eliminar",
        text: `La categoría tiene ${plural(n, "producto", "productos")}: cámbialos a otra categoría o elimínalos primero.`,
      };
    }
    await db.delete(categorias).where(eq(categorias.id, id));
    return null;
  },
};
