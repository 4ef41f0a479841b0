/**
 * Every discount-code rule (SPEC §3 promociones / promocionesCursos, §5, §9), in one place.
 * A code is one code whatever its case (app/domain/codes.ts; the database holds a unique
 * index on lower(codigo) per product and per course), it counts only while its promotion is
 * active and only for its own product or course. The cart, the checkout, the admin and the
 * importer all ask here.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { codeKey, parseCodeInput } from "~/domain/codes";
import type { CodeRules } from "~/domain/discount-rules";
import type { DbOrTx } from "../db/index.server";
import { canjesCodigos, codigosPedido, promociones, promocionesCursos } from "../db/schema";

/** A code with its optional rules (~/domain/discount-rules) and its uses so far. */
export type Promotion = { id: string; codigo: string; descuento: number; usos: number } & CodeRules;

/** Which table a code lives in: per product, per course, or the whole order. */
export type CodeKind = "producto" | "curso" | "pedido";

const promotionColumns = (t: typeof promociones | typeof promocionesCursos | typeof codigosPedido) => ({
  id: t.id,
  codigo: t.codigo,
  descuento: t.descuento,
  usos: t.usos,
  vigenteDesde: t.vigenteDesde,
  vigenteHasta: t.vigenteHasta,
  limiteUsos: t.limiteUsos,
  limitePorCliente: t.limitePorCliente,
  montoMinimo: t.montoMinimo,
});

const matches = (column: PgColumn, codigo: string) => sql`lower(${column}) = ${codeKey(codigo)}`;

/** The active promotion of `codigo` for this product, or null (unknown, inactive, another product, not a code). */
export async function productPromotion(db: DbOrTx, codigoInput: unknown, productoId: string): Promise<Promotion | null> {
  const codigo = parseCodeInput(codigoInput);
  if (!codigo) return null;
  const [promo] = await db
    .select(promotionColumns(promociones))
    .from(promociones)
    .where(
      and(matches(promociones.codigo, codigo), eq(promociones.productoId, productoId), eq(promociones.activo, true)),
    );
  return promo ?? null;
}

/** The active promotion of `codigo` for this course, or null. */
export async function coursePromotion(db: DbOrTx, codigoInput: unknown, cursoId: string): Promise<Promotion | null> {
  const codigo = parseCodeInput(codigoInput);
  if (!codigo) return null;
  const [promo] = await db
    .select(promotionColumns(promocionesCursos))
    .from(promocionesCursos)
    .where(
      and(
        matches(promocionesCursos.codigo, codigo),
        eq(promocionesCursos.cursoId, cursoId),
        eq(promocionesCursos.activo, true),
      ),
    );
  return promo ?? null;
}

/** The active whole-order code `codigo`, or null. */
export async function orderPromotion(db: DbOrTx, codigoInput: unknown): Promise<Promotion | null> {
  const codigo = parseCodeInput(codigoInput);
  if (!codigo) return null;
  const [promo] = await db
    .select(promotionColumns(codigosPedido))
    .from(codigosPedido)
    .where(and(matches(codigosPedido.codigo, codigo), eq(codigosPedido.activo, true)));
  return promo ?? null;
}

/** How many orders of this client used this code (what `limitePorCliente` counts). */
export async function clientUses(db: DbOrTx, tipo: CodeKind, promocionId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(canjesCodigos)
    .where(
      and(eq(canjesCodigos.tipo, tipo), eq(canjesCodigos.promocionId, promocionId), eq(canjesCodigos.userId, userId)),
    );
  return row?.n ?? 0;
}

/**
 * The SQL condition joining a stored line code to its promotion by code identity (for
 * queries that read many lines at once, like the cart).
 */
export function sameCodeSql(promotionCode: PgColumn, storedCode: PgColumn) {
  return sql`lower(${promotionCode}) = lower(${storedCode})`;
}

/** Whether another promotion of the same target already uses this code (any case). */
export async function codeTaken(
  db: DbOrTx,
  target: { table: PgTable & { id: PgColumn; codigo: PgColumn }; column: PgColumn; id: string },
  codigo: string,
  exceptId: string | null,
): Promise<boolean> {
  const { table } = target;
  const [taken] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(matches(table.codigo, codigo), eq(target.column, target.id), exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  return Boolean(taken);
}

/** The refusal when a code is used twice for one product or course (admin and importer). */
export function duplicateCodeMessage(codigo: string, targetPhrase: string): string {
  return `El código «${codigo.trim()}» ya existe para ${targetPhrase} (mayúsculas y minúsculas cuentan como el mismo código).`;
}
