/**
 * Counting a discount code's uses for good (issue 28), inside the transaction that writes the
 * order (order-payment.server.ts: card fulfilCard, OXXO/SPEI hold), so that a refused code
 * cancels the payment exactly as a product sold out meanwhile does.
 *
 * Per code of the order (each line's, the whole-order one), one conditional UPDATE:
 *   usos = usos + 1 WHERE (limite_usos IS NULL OR usos < limite_usos) RETURNING its rules.
 * The row stays locked until the order's transaction ends, so concurrent orders using the
 * same code queue on it and each sees the count the previous one committed: 20 at once with
 * 5 uses left → exactly 5 orders. Under that lock the per-client count (canjes_codigos, read
 * by a new statement, so it sees what the previous holder committed) and the dates are
 * checked, and the order's redemption row is written.
 *
 * A code deleted since it was priced is not counted (the spec's codes were always honoured
 * at the price shown); a code with rules is refused when they fail now.
 */
import { and, eq, sql } from "drizzle-orm";
import { codeKey } from "~/domain/codes";
import { amountBeforeCodes, codeMessages, codeRefusal } from "~/domain/discount-rules";
import type { DbOrTx } from "../db/index.server";
import { canjesCodigos, codigosPedido, promociones, promocionesCursos } from "../db/schema";
import type { PaymentDetail } from "./orders.server";
import { type CodeKind, clientUses } from "./promotions.server";

export type RedemptionRefusal = { codigo: string; motivo: string };

const tableOf = { producto: promociones, curso: promocionesCursos, pedido: codigosPedido } as const;

type Use = { kind: CodeKind; codigo: string; targetId: string | null };

function usesOf(detalle: Pick<PaymentDetail, "lines" | "codigoPedido">): Use[] {
  const uses: Use[] = detalle.lines
    .filter((l) => l.codigo && (l.tipo === "producto" || l.tipo === "curso") && l.descuento)
    .map((l) => ({ kind: l.tipo, codigo: l.codigo as string, targetId: l.id }));
  if (detalle.codigoPedido) uses.push({ kind: "pedido", codigo: detalle.codigoPedido.codigo, targetId: null });
  return uses;
}

function targetCondition(use: Use) {
  if (use.kind === "producto") return eq(promociones.productoId, use.targetId ?? "");
  if (use.kind === "curso") return eq(promocionesCursos.cursoId, use.targetId ?? "");
  return undefined;
}

/**
 * Counts every code of this order, or says which one is refused and why. The caller must
 * roll its transaction back on a refusal (the uses counted before it go with it).
 */
export async function redeemCodes(
  tx: DbOrTx,
  order: { userId: string; compraId: string; detalle: Pick<PaymentDetail, "lines" | "codigoPedido">; now?: Date },
): Promise<RedemptionRefusal | null> {
  const now = order.now ?? new Date();
  const monto = amountBeforeCodes(order.detalle.lines);
  for (const use of usesOf(order.detalle)) {
    const table = tableOf[use.kind];
    const where = and(sql`lower(${table.codigo}) = ${codeKey(use.codigo)}`, targetCondition(use));
    const [row] = await tx
      .update(table)
      .set({ usos: sql`${table.usos} + 1` })
      .where(and(where, sql`(${table.limiteUsos} is null or ${table.usos} < ${table.limiteUsos})`))
      .returning({
        id: table.id,
        vigenteDesde: table.vigenteDesde,
        vigenteHasta: table.vigenteHasta,
        limiteUsos: table.limiteUsos,
        limitePorCliente: table.limitePorCliente,
        montoMinimo: table.montoMinimo,
      });
    if (!row) {
      const [exists] = await tx.select({ id: table.id }).from(table).where(where).limit(1);
      if (exists) return { codigo: use.codigo, motivo: codeMessages.usedUp };
      continue; // deleted since it was priced: honoured, as before, and not counted
    }
    const usosCliente =
      row.limitePorCliente !== null ? await clientUses(tx, use.kind, row.id, order.userId) : undefined;
    // the global limit was just enforced by the UPDATE itself
    const motivo = codeRefusal({ ...row, limiteUsos: null }, { now, monto, usosCliente });
    if (motivo) return { codigo: use.codigo, motivo };
    await tx
      .insert(canjesCodigos)
      .values({ tipo: use.kind, promocionId: row.id, userId: order.userId, compraId: order.compraId });
  }
  return null;
}

/** An order released unpaid (OXXO/SPEI expired): its codes' uses come back. */
export async function returnCodes(tx: DbOrTx, compraId: string): Promise<void> {
  const canjes = await tx
    .delete(canjesCodigos)
    .where(eq(canjesCodigos.compraId, compraId))
    .returning({ tipo: canjesCodigos.tipo, promocionId: canjesCodigos.promocionId });
  for (const canje of canjes) {
    const table = tableOf[canje.tipo as CodeKind];
    if (!table) continue;
    await tx
      .update(table)
      .set({ usos: sql`greatest(${table.usos} - 1, 0)` })
      .where(eq(table.id, canje.promocionId));
  }
}

/** The entry a refused code leaves in a payment's `lost` list (complete-purchase.server.ts reads it back). */
const LOST_PREFIX = "código ";

export function lostCode(refusal: RedemptionRefusal): string {
  return `${LOST_PREFIX}«${refusal.codigo}»: ${refusal.motivo}`;
}

/** The refused code's reason, when a `lost` list is about a code rather than stock. */
export function lostCodeReason(lost: readonly string[] | undefined): string | null {
  const entry = lost?.find((l) => l.startsWith(LOST_PREFIX));
  return entry ? entry.slice(entry.indexOf(": ") + 2) : null;
}
