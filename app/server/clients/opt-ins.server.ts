/**
 * A client's opt-ins as her record shows them (ADR 041): marketing mail today (Mi perfil,
 * ADR 036). The WhatsApp opt-in (issue 30 part 1, recorded with its time and text) fills the
 * `whatsapp` slot here; until then it is null and the record says it is not available yet.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { user } from "../db/schema";

export type OptIns = {
  correoPromocional: { acepta: boolean; desde: Date | null } | null;
  whatsapp: { acepta: boolean; desde: Date | null; texto: string } | null;
};

export async function optInsOf(db: DbOrTx, userId: string | null): Promise<OptIns> {
  if (!userId) return { correoPromocional: null, whatsapp: null };
  const [row] = await db
    .select({ acepta: user.aceptaCorreosPromocionales, desde: user.correosPromocionalesEn })
    .from(user)
    .where(eq(user.id, userId));
  return { correoPromocional: row ? { acepta: row.acepta, desde: row.desde } : null, whatsapp: null };
}
