/**
 * The purchase mails: the buyer's confirmation (also re-sent on request from /mis-compras
 * and the /v2/correo call), the studio's notice of every new order, the buyer's notice of
 * each shipping state the studio sets, and, when a charged payment could not become an
 * order, the refund notice to the buyer and the studio.
 */
import { asc, eq } from "drizzle-orm";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { describirMsi } from "~/domain/payment-methods";
import { estadoEnvioLabel, estadoEnvioMensaje, seguimientoTexto } from "~/domain/order-status";
import { urlRastreo } from "~/domain/tracking";
import type { DbOrTx } from "../db/index.server";
import { compraLineas, compras, guias, user } from "../db/schema";
import { env } from "../env.server";
import { escapeHtml, mailLayout, sendMail } from "../mail.server";
import { sendClientMessage, studioRecipient } from "../messages/messages.server";
import type { PaymentDetail } from "./orders.server";

/** The buyer's confirmation (HTML and text, Spanish): lines, shipping, total, purchase id. */
export async function sendOrderConfirmation(db: DbOrTx, compraId: string): Promise<void> {
  const row = await orderForMail(db, compraId);
  const { compra, lines } = row;
  const to = compra.datosContacto?.correo || row.correo;
  const envio = compra.datosEnvio;
  const nombre = envio?.nombre || row.nombre;
  const fecha = formatSpanishDateTime(compra.fecha);
  // Meses sin intereses: the plan on the card; the total above is what is charged, in parts.
  const msi = compra.meses ? `Pagado con tarjeta a ${describirMsi(compra.meses, compra.total)}.` : "";

  const cell = "padding:8px 0;border-bottom:1px solid #efe4d8";
  const rows = lines
    .map(
      (l) =>
        `<tr><td style="${cell}">${escapeHtml(l.nombre)}<br><span style="color:#7a6a62;font-size:13px">${l.cantidad} × ${formatPrice(l.precio)}</span></td>` +
        `<td style="${cell};text-align:right;white-space:nowrap">${formatPrice(l.precio * l.cantidad)}</td></tr>`,
    )
    .join("");
  const discountRow =
    compra.descuento > 0
      ? `<tr><td style="${cell}">Código ${escapeHtml(compra.codigoDescuento ?? "")}</td><td style="${cell};text-align:right">−${formatPrice(compra.descuento)}</td></tr>`
      : "";
  const shippingRow = compra.curso
    ? ""
    : `<tr><td style="${cell}">Envío Express</td><td style="${cell};text-align:right">${formatPrice(compra.envio)}</td></tr>`;
  const address = envio
    ? `<p style="margin:24px 0 0"><strong>Enviar a</strong><br>${escapeHtml(`${envio.nombre} ${envio.apellido}`)}<br>${escapeHtml(envio.direccion)}, ${escapeHtml(envio.colonia)}<br>${escapeHtml(`${envio.codigo_postal} ${envio.ciudad}, ${envio.estado}, ${envio.pais}`)}</p>`
    : "";
  const html = mailLayout(
    "¡Gracias por tu compra!",
    `<p style="margin:0">Hola ${escapeHtml(nombre)}, recibimos tu pago.</p>
<p style="margin:16px 0 0">Número de compra: <strong>${escapeHtml(compra.id)}</strong><br>Fecha: ${escapeHtml(fecha)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:24px;font-size:15px">${rows}${discountRow}${shippingRow}
<tr><td style="padding:12px 0;font-weight:bold">Total</td><td style="padding:12px 0;text-align:right;font-weight:bold">${formatPrice(compra.total)} MXN</td></tr></table>
${msi ? `<p style="margin:8px 0 0">${escapeHtml(msi)}</p>` : ""}
${address}
<p style="margin:24px 0 0;color:#7a6a62;font-size:13px">Puedes ver tus compras en Mi perfil → Mis compras.</p>`,
  );
  const text = [
    `Hola ${nombre}, recibimos tu pago.`,
    `Número de compra: ${compra.id}`,
    `Fecha: ${fecha}`,
    "",
    ...lines.map(
      (l) => `${l.nombre}: ${l.cantidad} × ${formatPrice(l.precio)} = ${formatPrice(l.precio * l.cantidad)}`,
    ),
    ...(compra.descuento > 0 ? [`Código ${compra.codigoDescuento ?? ""}: −${formatPrice(compra.descuento)}`] : []),
    ...(compra.curso ? [] : [`Envío Express: ${formatPrice(compra.envio)}`]),
    `Total: ${formatPrice(compra.total)} MXN`,
    ...(msi ? [msi] : []),
    ...(envio
      ? [
          "",
          "Enviar a:",
          `${envio.nombre} ${envio.apellido}`,
          `${envio.direccion}, ${envio.colonia}`,
          `${envio.codigo_postal} ${envio.ciudad}, ${envio.estado}, ${envio.pais}`,
        ]
      : []),
  ].join("\n");
  await sendMail({ to, subject: `Confirmación de tu compra ${compra.id}`, html, text }, db);
}

/** Tells the buyer and the studio that a charged payment could not become an order. */
export async function sendRefundNotice(
  db: DbOrTx,
  userId: string,
  paymentId: string,
  detalle: PaymentDetail,
  nombres: string[],
) {
  const [buyer] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  const to = detalle.datosContacto?.correo || buyer?.email;
  const amount = `${formatPrice(detalle.total)} MXN`;
  const productos = nombres.join(", ");
  if (to) {
    await sendMail(
      {
        to,
        subject: "Tu pago será reembolsado",
        html: mailLayout(
          "Tu pago será reembolsado",
          `<p style="margin:0">Hola ${escapeHtml(buyer?.name ?? "")}, recibimos tu pago de ${amount}, pero ${escapeHtml(productos)} se agotó mientras pagabas y no pudimos generar tu pedido.</p>
<p style="margin:16px 0 0">Te reembolsaremos el cargo completo a la misma tarjeta. Referencia de pago: ${escapeHtml(paymentId)}.</p>
<p style="margin:16px 0 0">Lamentamos las molestias.</p>`,
        ),
        text: `Recibimos tu pago de ${amount}, pero ${productos} se agotó mientras pagabas y no pudimos generar tu pedido. Te reembolsaremos el cargo completo a la misma tarjeta. Referencia de pago: ${paymentId}. Lamentamos las molestias.`,
      },
      db,
    );
  }
  await sendMail(
    {
      to: env.studioInbox,
      subject: `Reembolso pendiente: pago ${paymentId}`,
      html: mailLayout(
        "Reembolso pendiente",
        `<p style="margin:0">El pago ${escapeHtml(paymentId)} (${amount}) de ${escapeHtml(buyer?.email ?? userId)} se cobró, pero ${escapeHtml(productos)} ya no tenía existencias. No se generó pedido: reembólsalo desde el panel del proveedor de pagos.</p>`,
      ),
      text: `El pago ${paymentId} (${amount}) de ${buyer?.email ?? userId} se cobró, pero ${productos} ya no tenía existencias. No se generó pedido: reembólsalo desde el panel del proveedor de pagos.`,
    },
    db,
  );
}

/** The order, its buyer and its lines, for the mails below. */
async function orderForMail(db: DbOrTx, compraId: string) {
  const [row] = await db
    .select({ compra: compras, correo: user.email, nombre: user.name })
    .from(compras)
    .innerJoin(user, eq(user.id, compras.compradorId))
    .where(eq(compras.id, compraId));
  if (!row) throw new Error(`Compra desconocida: ${compraId}`);
  const lines = await db
    .select()
    .from(compraLineas)
    .where(eq(compraLineas.compraId, compraId))
    .orderBy(asc(compraLineas.id));
  return { ...row, lines };
}

/**
 * The studio's notice of a new order (products or courses), to env.studioInbox: what was
 * bought, by whom, the total, and for products where it goes, with a link to the order's
 * admin screen.
 */
export async function sendStudioOrderNotice(db: DbOrTx, compraId: string): Promise<void> {
  const { compra, correo, nombre, lines } = await orderForMail(db, compraId);
  const tipo = compra.curso ? "curso" : "pedido";
  const link = `${env.publicUrl}/admin/pedidos/${encodeURIComponent(compra.id)}`;
  const contacto = compra.datosContacto;
  const envio = compra.datosEnvio;
  const lineTexts = lines.map(
    (l) => `${l.nombre}: ${l.cantidad} × ${formatPrice(l.precio)} = ${formatPrice(l.precio * l.cantidad)}`,
  );
  const who = `${nombre} (${contacto?.correo || correo}${contacto?.telefono ? `, ${contacto.telefono}` : ""})`;
  const where = envio
    ? `${envio.nombre} ${envio.apellido}, ${envio.direccion}, ${envio.colonia}, ${envio.codigo_postal} ${envio.ciudad}, ${envio.estado}, ${envio.pais}`
    : "";
  const html = mailLayout(
    compra.curso ? "Nueva compra de curso" : "Nuevo pedido",
    `<p style="margin:0">Compra <strong>${escapeHtml(compra.id)}</strong> de ${escapeHtml(who)}, ${escapeHtml(formatSpanishDateTime(compra.fecha))}.</p>
<ul style="margin:16px 0 0;padding-left:20px">${lineTexts.map((t) => `<li>${escapeHtml(t)}</li>`).join("")}</ul>
${compra.curso ? "" : `<p style="margin:8px 0 0">Envío Express: ${formatPrice(compra.envio)}</p>`}
<p style="margin:8px 0 0"><strong>Total: ${formatPrice(compra.total)} MXN</strong> (${escapeHtml(compra.proveedor)})</p>
${where ? `<p style="margin:16px 0 0"><strong>Enviar a</strong><br>${escapeHtml(where)}</p>` : ""}
<p style="margin:24px 0 0"><a href="${escapeHtml(link)}" style="color:#b47a63">Ver el ${tipo} en el panel</a></p>`,
  );
  const text = [
    `Compra ${compra.id} de ${who}, ${formatSpanishDateTime(compra.fecha)}.`,
    "",
    ...lineTexts,
    ...(compra.curso ? [] : [`Envío Express: ${formatPrice(compra.envio)}`]),
    `Total: ${formatPrice(compra.total)} MXN (${compra.proveedor})`,
    ...(where ? ["", `Enviar a: ${where}`] : []),
    "",
    `Ver el ${tipo} en el panel: ${link}`,
  ].join("\n");
  const subject = `${compra.curso ? "Nueva compra de curso" : "Nuevo pedido"} ${compra.id}: ${formatPrice(compra.total)} MXN`;
  await sendClientMessage(
    {
      // by WhatsApp too when STUDIO_WHATSAPP is set (ADR 039)
      recipient: studioRecipient(),
      mail: { subject, html, text, replyTo: contacto?.correo || correo },
      whatsapp: { template: "aviso_estudio", params: [`${subject} · ${link}`] },
      // once per order, whichever path paid it (card, a voucher paid later: ADR 036)
      clave: `estudio:compra:${compra.id}`,
    },
    db,
  );
}

/**
 * The buyer's notice of the shipping state (set by the studio or by the carrier's tracking
 * events), with the carrier, the tracking number and the carrier's tracking link. `keyed`
 * (the guía and tracking paths, ADR 036): at most one mail per order, state and tracking
 * number, whoever announces it twice. The studio's own changes are not keyed: each one she
 * makes is mailed (a state set back and forth is news each time).
 */
export async function sendShippingUpdate(
  db: DbOrTx,
  compraId: string,
  options: { keyed?: boolean } = {},
): Promise<void> {
  const { compra, correo, nombre } = await orderForMail(db, compraId);
  const to = compra.datosContacto?.correo || correo;
  const saludo = compra.datosEnvio?.nombre || nombre;
  const estado = estadoEnvioLabel(compra.estadoEnvio);
  const mensaje = estadoEnvioMensaje(compra.estadoEnvio);
  const seguimiento = seguimientoTexto(compra.paqueteria, compra.guia);
  const [guia] = await db
    .select({ guia: guias.guia, url: guias.urlRastreo })
    .from(guias)
    .where(eq(guias.compraId, compraId));
  // a bought label's own link (none for the demo's); else the carrier's page for a number typed by hand
  const rastreo = guia?.guia && guia.guia === compra.guia ? guia.url : urlRastreo(compra.paqueteria, compra.guia);
  const html = mailLayout(
    `Tu pedido: ${estado}`,
    `<p style="margin:0">Hola ${escapeHtml(saludo)}, ${escapeHtml(mensaje.charAt(0).toLowerCase() + mensaje.slice(1))}</p>
<p style="margin:16px 0 0">Número de compra: <strong>${escapeHtml(compra.id)}</strong><br>Estado del envío: <strong>${escapeHtml(estado)}</strong></p>
${seguimiento ? `<p style="margin:16px 0 0">Paquetería y guía: <strong>${escapeHtml(seguimiento)}</strong></p>` : ""}
${rastreo ? `<p style="margin:16px 0 0"><a href="${escapeHtml(rastreo)}" style="color:#b47a63">Rastrear tu paquete</a></p>` : ""}
<p style="margin:24px 0 0;color:#7a6a62;font-size:13px">Puedes ver tus compras en Mi perfil → Mis compras.</p>`,
  );
  const text = [
    `Hola ${saludo}, ${mensaje.charAt(0).toLowerCase()}${mensaje.slice(1)}`,
    `Número de compra: ${compra.id}`,
    `Estado del envío: ${estado}`,
    ...(seguimiento ? [`Paquetería y guía: ${seguimiento}`] : []),
    ...(rastreo ? [`Rastrea tu paquete: ${rastreo}`] : []),
    "",
    "Puedes ver tus compras en Mi perfil → Mis compras.",
  ].join("\n");
  await sendClientMessage(
    {
      recipient: { email: to, phone: compra.datosContacto?.telefono },
      mail: { subject: `Tu pedido ${compra.id}: ${estado}`, html, text },
      whatsapp: {
        template: "pedido_envio",
        params: [saludo, compra.id, estado, [seguimiento, rastreo].filter(Boolean).join(" · ") || "—"],
      },
      ...(options.keyed
        ? { clave: `envio:${compra.id}:${compra.estadoEnvio}:${compra.guia.replace(/\s+/g, "")}` }
        : {}),
    },
    db,
  );
}
