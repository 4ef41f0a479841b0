/**
 * Admin: discount codes for one product (promociones), one course (promocionesCursos) or the
 * whole order (codigosPedido): a code, what it applies to, a percentage, an on/off switch and
 * the optional rules of issue 28 (dates, limits per code and per client, a minimum amount:
 * empty is "no rule"). The three kinds are the same form over three tables.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { CODE_MAX_LENGTH, codeKey, normalizeCode } from "~/domain/codes";
import { datesInOrder } from "~/domain/discount-rules";
import { formatPrice } from "~/domain/money";
import type { Db } from "../db/index.server";
import { codigosPedido, cursos, productos, promociones, promocionesCursos } from "../db/schema";
import { checkbox, date, money, moneyValue, optionalInteger, percent, select, text } from "./fields.server";
import { type AdminResource, type SaveResult, saveRow } from "./resource.server";
import { codeTaken, duplicateCodeMessage } from "../shop/promotions.server";

type Kind = {
  section: string;
  title: string;
  table: typeof promociones | typeof promocionesCursos | typeof codigosPedido;
  /** what the code is for; none for a whole-order code */
  target?: {
    column: typeof promociones.productoId | typeof promocionesCursos.cursoId;
    key: "productoId" | "cursoId";
    label: string;
    /** 'este producto' / 'este curso' */
    phrase: string;
    options(db: Db): Promise<{ value: string; label: string }[]>;
  };
};

const ruleFields = () => ({
  vigenteDesde: date("Válido desde", { help: "Vacío: desde ya." }),
  vigenteHasta: date("Válido hasta (incluido)", { help: "Vacío: sin vencimiento." }),
  limiteUsos: optionalInteger("Límite de usos en total", { min: 1, max: 1_000_000, help: "Pedidos en total. Vacío: sin límite." }),
  limitePorCliente: optionalInteger("Límite de usos por clienta", { min: 1, max: 1000, help: "Vacío: sin límite." }),
  montoMinimo: money("Compra mínima (MXN)", {
    help: "Sobre el precio de lista de la compra, sin envío. Vacío: sin mínimo.",
  }),
});

async function promotionFields(db: Db, kind: Kind) {
  return {
    codigo: text("Código", {
      required: true,
      max: CODE_MAX_LENGTH,
      placeholder: "VERANO20",
      help: "Mayúsculas y minúsculas dan igual.",
    }),
    target: select(kind.target?.label ?? "", kind.target ? await kind.target.options(db) : [], {
      required: Boolean(kind.target),
    }),
    descuento: percent(kind.target ? "Descuento (%)" : "Descuento sobre los productos (%)", {
      placeholder: "15",
      ...(kind.target ? {} : { help: "Después de los códigos por producto; el envío no se descuenta." }),
    }),
    activo: checkbox("Activo"),
    ...ruleFields(),
  };
}

const TABS = [
  { href: "/admin/promociones", label: "Productos" },
  { href: "/admin/promociones-cursos", label: "Cursos" },
  { href: "/admin/promociones-pedido", label: "Pedido completo" },
];

/** The list's summary of a code's rules ("hasta 2026-06-30 · 3/10 usos · desde $1,500.00"). */
function rulesSummary(p: typeof codigosPedido.$inferSelect): string {
  const parts: string[] = [];
  if (p.vigenteDesde) parts.push(`desde el ${p.vigenteDesde}`);
  if (p.vigenteHasta) parts.push(`hasta el ${p.vigenteHasta}`);
  parts.push(p.limiteUsos !== null ? `${p.usos}/${p.limiteUsos} usos` : `${p.usos} usos`);
  if (p.limitePorCliente !== null) parts.push(`${p.limitePorCliente} por clienta`);
  if (p.montoMinimo !== null) parts.push(`compra mínima ${formatPrice(p.montoMinimo)}`);
  return parts.join(" · ");
}

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
      const options = new Map((kind.target ? await kind.target.options(db) : []).map((o) => [o.value, o.label]));
      const rows = await db.select().from(table).orderBy(asc(table.codigo));
      return rows.map((p) => {
        const target = "productoId" in p ? p.productoId : "cursoId" in p ? p.cursoId : null;
        const what = target ? (options.get(target) ?? target) : "todo el pedido";
        return {
          id: p.id,
          title: p.codigo,
          detail: `${p.descuento}% · ${what} · ${rulesSummary(p)}`,
          badge: p.activo ? undefined : "Inactivo",
        };
      });
    },

    async load(db, id) {
      const [p] = await db.select().from(table).where(eq(table.id, id));
      if (!p) return null;
      return {
        codigo: p.codigo,
        target: "productoId" in p ? p.productoId : "cursoId" in p ? p.cursoId : "",
        descuento: String(p.descuento),
        activo: p.activo,
        vigenteDesde: p.vigenteDesde ?? "",
        vigenteHasta: p.vigenteHasta ?? "",
        limiteUsos: p.limiteUsos === null ? "" : String(p.limiteUsos),
        limitePorCliente: p.limitePorCliente === null ? "" : String(p.limitePorCliente),
        montoMinimo: moneyValue(p.montoMinimo),
      };
    },

    async save(db, id, v): Promise<SaveResult> {
      // One code whatever its case (shop/promotions.server.ts): 'Verano' and 'VERANO' are the same code.
      const codigo = normalizeCode(v.codigo);
      const target = kind.target;
      const taken = target
        ? await codeTaken(db, { table, column: target.column, id: v.target }, codigo, id)
        : await orderCodeTaken(db, codigo, id);
      if (taken) return { errors: { codigo: duplicateCodeMessage(codigo, target?.phrase ?? "todo el pedido") } };
      if (!datesInOrder(v.vigenteDesde || null, v.vigenteHasta || null)) {
        return { errors: { vigenteHasta: "La fecha final no puede ser anterior a la inicial." } };
      }
      const columns = {
        codigo,
        descuento: v.descuento,
        activo: v.activo,
        vigenteDesde: v.vigenteDesde || null,
        vigenteHasta: v.vigenteHasta || null,
        limiteUsos: v.limiteUsos,
        limitePorCliente: v.limitePorCliente,
        montoMinimo: v.montoMinimo,
        ...(target ? { [target.key]: v.target } : {}),
      };
      return saveRow(db, table, id, columns, codigo);
    },

    async remove(db, id) {
      await db.delete(table).where(eq(table.id, id));
      return null;
    },
  };
}

/** Whether another whole-order code already is this code (any case). */
async function orderCodeTaken(db: Db, codigo: string, exceptId: string | null): Promise<boolean> {
  const [taken] = await db
    .select({ id: codigosPedido.id })
    .from(codigosPedido)
    .where(
      and(sql`lower(${codigosPedido.codigo}) = ${codeKey(codigo)}`, exceptId ? ne(codigosPedido.id, exceptId) : undefined),
    )
    .limit(1);
  return Boolean(taken);
}

export const productPromotionsResource = promotionResource({
  section: "promociones",
  title: "Códigos de productos",
  table: promociones,
  target: {
    column: promociones.productoId,
    key: "productoId",
    label: "Producto",
    phrase: "este producto",
    options: (db) =>
      db.select({ value: productos.id, label: productos.nombre }).from(productos).orderBy(asc(productos.nombre)),
  },
});

export const coursePromotionsResource = promotionResource({
  section: "promociones-cursos",
  title: "Códigos de cursos",
  table: promocionesCursos,
  target: {
    column: promocionesCursos.cursoId,
    key: "cursoId",
    label: "Curso",
    phrase: "este curso",
    options: (db) => db.select({ value: cursos.id, label: cursos.titulo }).from(cursos).orderBy(asc(cursos.titulo)),
  },
});

export const orderPromotionsResource = promotionResource({
  section: "promociones-pedido",
  title: "Códigos de pedido completo",
  table: codigosPedido,
});
