/**
 * Admin: discount codes for one product (promociones) or one course (promocionesCursos):
 * a code, what it applies to, a percentage and an on/off switch. Both kinds are the same
 * form over two tables, so one description serves both.
 */
import { asc, eq } from "drizzle-orm";
import { CODE_MAX_LENGTH, normalizeCode } from "~/domain/codes";
import type { Db } from "../db/index.server";
import { cursos, productos, promociones, promocionesCursos } from "../db/schema";
import { checkbox, percent, select, text } from "./fields.server";
import { type AdminResource, saveRow } from "./resource.server";
import { codeTaken, duplicateCodeMessage } from "../shop/promotions.server";

type Kind = {
  section: string;
  title: string;
  table: typeof promociones | typeof promocionesCursos;
  target: typeof promociones.productoId | typeof promocionesCursos.cursoId;
  targetKey: "productoId" | "cursoId";
  targetLabel: string;
  /** 'este producto' / 'este curso' */
  targetPhrase: string;
  options(db: Db): Promise<{ value: string; label: string }[]>;
};

async function promotionFields(db: Db, kind: Kind) {
  return {
    codigo: text("Código", {
      required: true,
      max: CODE_MAX_LENGTH,
      placeholder: "VERANO20",
      help: "Mayúsculas y minúsculas dan igual.",
    }),
    target: select(kind.targetLabel, await kind.options(db), { required: true }),
    descuento: percent("Descuento (%)", { placeholder: "15" }),
    activo: checkbox("Activo"),
  };
}

const TABS = [
  { href: "/admin/promociones", label: "Productos" },
  { href: "/admin/promociones-cursos", label: "Cursos" },
];

function promotionResource(kind: Kind): AdminResource<Awaited<ReturnType<typeof promotionFields>>> {
  const { table } = kind;
  return {
    section: kind.section,
    title: kind.title,
    singular: "código",
    tabs: TABS,
    fields: (db) => promotionFields(db, kind),
    defaults: { activo: true },

    async list(db) {
      const options = new Map((await kind.options(db)).map((o) => [o.value, o.label]));
      const rows = await db.select().from(table).orderBy(asc(table.codigo));
      return rows.map((p) => {
        const target = "productoId" in p ? p.productoId : p.cursoId;
        return {
          id: p.id,
          title: p.codigo,
          detail: `${p.descuento}% · ${options.get(target) ?? target}`,
          badge: p.activo ? undefined : "Inactivo",
        };
      });
    },

    async load(db, id) {
      const [p] = await db.select().from(table).where(eq(table.id, id));
      if (!p) return null;
      return {
        codigo: p.codigo,
        target: "productoId" in p ? p.productoId : p.cursoId,
        descuento: String(p.descuento),
        activo: p.activo,
      };
    },

    async save(db, id, v) {
      // One code whatever its case (shop/promotions.server.ts): 'Verano' and 'VERANO' are the same code.
      const codigo = normalizeCode(v.codigo);
      if (await codeTaken(db, { table, column: kind.target, id: v.target }, codigo, id)) {
        return { errors: { codigo: duplicateCodeMessage(codigo, kind.targetPhrase) } };
      }
      const columns = { codigo, descuento: v.descuento, activo: v.activo, [kind.targetKey]: v.target };
      return saveRow(db, table, id, columns, codigo);
    },

    async remove(db, id) {
      await db.delete(table).where(eq(table.id, id));
      return null;
    },
  };
}

export const productPromotionsResource = promotionResource({
  section: "promociones",
  title: "Códigos de productos",
  table: promociones,
  target: promociones.productoId,
  targetKey: "productoId",
  targetLabel: "Producto",
  targetPhrase: "este producto",
  options: (db) =>
    db.select({ value: productos.id, label: productos.nombre }).from(productos).orderBy(asc(productos.nombre)),
});

export const coursePromotionsResource = promotionResource({
  section: "promociones-cursos",
  title: "Códigos de cursos",
  table: promocionesCursos,
  target: promocionesCursos.cursoId,
  targetKey: "cursoId",
  targetLabel: "Curso",
  targetPhrase: "este curso",
  options: (db) => db.select({ value: cursos.id, label: cursos.titulo }).from(cursos).orderBy(asc(cursos.titulo)),
});
