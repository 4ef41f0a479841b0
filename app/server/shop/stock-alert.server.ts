/**
 * The studio's low-stock alert (issue 29, ADR 036): queued in the sale's transaction when the
 * sale takes a product's stock from above its threshold (`stock_minimo`) to it or below. The
 * crossing is decided under the product row's lock (shop/catalog.server.ts takeStock), and the
 * mail is keyed by the crossing's number (`alertas_stock`): once per crossing, whatever runs
 * at the same time; stock given back and sold down again is a new crossing.
 */
import type { DbOrTx } from "../db/client.server";
import { env } from "../env.server";
import { escapeHtml, mailLayout, sendMail } from "../mail.server";

export async function sendLowStockAlert(
  tx: DbOrTx,
  product: { id: string; nombre: string; cantidad: number; stockMinimo: number; alertasStock: number },
): Promise<void> {
  const link = `${env.publicUrl}/admin/productos/${encodeURIComponent(product.id)}`;
  const quedan =
    product.cantidad === 0 ? "Se agotó" : `Quedan ${product.cantidad} ${product.cantidad === 1 ? "pieza" : "piezas"}`;
  const text = `${quedan} de ${product.nombre} (avisas con ${product.stockMinimo} o menos).\n\nSurtir o editar: ${link}`;
  await sendMail(
    {
      to: env.studioInbox,
      subject: `Stock bajo: ${product.nombre} (${product.cantidad})`,
      text,
      html: mailLayout(
        "Stock bajo",
        `<p style="margin:0">${escapeHtml(quedan)} de <strong>${escapeHtml(product.nombre)}</strong> (avisas con ${product.stockMinimo} o menos).</p>
<p style="margin:24px 0 0"><a href="${escapeHtml(link)}" style="color:#b47a63">Surtir o editar el producto</a></p>`,
      ),
      clave: `stock:${product.id}:${product.alertasStock}`,
    },
    tx,
  );
}
