/**
 * ARCO (LFPDPPP: acceso, rectificación, cancelación, oposición) for one client, admin only
 * (ADR 041): her data as JSON and as a PDF (every record about her), and its deletion on
 * request, keeping what tax law requires:
 *
 *  - orders stay (amounts, lines, dates: the accounting and the CFDI they back), with the
 *    contact and shipping address cleared; an invoice keeps its receptor (RFC, razón social,
 *    código postal: the CFDI needs them), its mail address cleared;
 *  - everything else goes or is anonymised: the account can no longer log in (sessions and
 *    credentials deleted, name "Clienta eliminada", the e-mail replaced by a placeholder,
 *    role 'eliminada'), bookings keep their date and money but not her name, phone, e-mail,
 *    consent answers or notes, her visits and their photos are deleted (from storage too),
 *    fiscal data remembered for the next invoice, favourites, cart, reviews' name, courses,
 *    diplomas and exam attempts deleted, mails to her (and the studio's notices naming her)
 *    deleted from the outbox.
 * The log says only that a deletion ran and how many rows of each kind it touched.
 */
import { randomBytes } from "node:crypto";
import { eq, inArray, or, sql } from "drizzle-orm";
import { PDFDocument, type PDFFont, StandardFonts, rgb } from "pdf-lib";
import { formatSpanishDateTime } from "~/domain/dates";
import { formatPrice } from "~/domain/money";
import { deleteFiles } from "../admin/uploads.server";
import type { Db } from "../db/client.server";
import {
  account,
  carritoLineas,
  carritos,
  citaNotas,
  citas,
  consentimientos,
  cuidadosFotos,
  comentarios,
  compras,
  correos,
  cuentasImportadas,
  cursosOtorgados,
  datosFiscales,
  diplomas,
  examenIntentos,
  facturas,
  favoritos,
  guias,
  inscripciones,
  listaEspera,
  mensajes,
  pagos,
  session,
  user,
  verification,
  visitaFotos,
  visitas,
  whatsappConsentimientos,
} from "../db/schema";
import { logInfo } from "../log.server";
import { deleteStoredFile } from "../storage/index.server";
import { eraseSchoolData, schoolDataOf } from "../school/arco.server";
import { eraseConsents, eraseConsentsByAddress, signedConsentsOf } from "./consent-view.server";
import { type ClientIdentity, appointmentsOf, loadClientRecord } from "./record.server";

export const ERASED_NAME = "Clienta eliminada";

// ---------------------------------------------------------------- export

/** Everything about her, as plain JSON (dates as ISO strings): the record, and the rows behind it. */
export async function exportClientData(db: Db, client: ClientIdentity) {
  const record = await loadClientRecord(db, client);
  const [cuenta] = client.userId
    ? await db
        .select({
          id: user.id,
          nombre: user.name,
          correo: user.email,
          correoVerificado: user.emailVerified,
          creadaEn: user.createdAt,
          ultimoAcceso: user.lastLogin,
          terminos: user.terminos,
          terminosAceptadosEn: user.terminosAceptadosEn,
          terminosVersion: user.terminosVersion,
          aceptaCorreosPromocionales: user.aceptaCorreosPromocionales,
        })
        .from(user)
        .where(eq(user.id, client.userId))
    : [];
  const orderIds = record.compras.map((c) => c.id);
  const [envios, fiscales, resenas, favs, todosLosCorreos] = await Promise.all([
    orderIds.length
      ? db
          .select({ id: compras.id, datosEnvio: compras.datosEnvio, datosContacto: compras.datosContacto })
          .from(compras)
          .where(inArray(compras.id, orderIds))
      : [],
    client.userId ? db.select().from(datosFiscales).where(eq(datosFiscales.userId, client.userId)) : [],
    client.userId
      ? db
          .select({
            productoId: comentarios.productoId,
            cursoId: comentarios.cursoId,
            comentario: comentarios.comentarios,
            calificacion: comentarios.calificacion,
            fecha: comentarios.fecha,
          })
          .from(comentarios)
          .where(eq(comentarios.userId, client.userId))
      : [],
    client.userId
      ? db.select({ productoId: favoritos.productoId }).from(favoritos).where(eq(favoritos.userId, client.userId))
      : [],
    db
      .select({
        asunto: correos.asunto,
        texto: correos.texto,
        estado: correos.estado,
        creado: correos.createdAt,
        enviado: correos.enviadoEn,
      })
      .from(correos)
      .where(sql`lower(${correos.para}) = ${client.correo}`)
      .orderBy(correos.createdAt, correos.id),
  ]);
  const invoices = orderIds.length
    ? await db
        .select({
          id: facturas.id,
          compraId: facturas.compraId,
          estado: facturas.estado,
          uuid: facturas.uuid,
          rfc: facturas.rfc,
          razonSocial: facturas.razonSocial,
          codigoPostal: facturas.codigoPostal,
          total: facturas.total,
          emitidaEn: facturas.emitidaEn,
        })
        .from(facturas)
        .where(inArray(facturas.compraId, orderIds))
    : [];
  return {
    generado: new Date().toISOString(),
    clienta: { nombre: record.contacto.nombre, correo: record.contacto.correo, telefonos: record.contacto.telefonos },
    cuenta: cuenta ?? null,
    autorizaciones: record.optIns,
    citas: record.citas.map((c) => ({
      id: c.id,
      inicio: c.inicio,
      tratamiento: c.tratamiento,
      estado: c.estado,
      nombre: c.nombre,
      telefono: c.telefono,
      correo: c.correo,
      precio: c.precio,
      anticipo: c.anticipo,
      esRetoque: c.esRetoque,
      consentimientos: c.consentimientos,
      notasDeSesion: c.notas,
      visitas: c.visitas.map((v) => ({ id: v.id, codigo: v.codigo, fecha: v.fecha, fotos: v.fotos })),
    })),
    compras: record.compras.map((c) => ({ ...c, ...envios.find((e) => e.id === c.id), id: c.id })),
    facturas: invoices,
    datosFiscales: fiscales,
    cursos: record.cursos,
    diplomas: record.diplomas,
    cursosOtorgados: record.cursosOtorgados,
    resenas,
    favoritos: favs.map((f) => f.productoId),
    mensajes: todosLosCorreos,
    // the academy's: her progress and her practice work with its photos and verdicts
    escuela: client.userId
      ? await schoolDataOf(db, client.userId, [client.correo, cuenta?.correo?.toLowerCase()].filter((e): e is string => !!e))
      : { progreso: [], preguntas: [], invitaciones: [], practicas: [] },
    // every consent she signed, each with the exact text and version she signed under (ADR 038)
    consentimientosFirmados: await signedConsentsOf(db, client),
  };
}

export type ClientExport = Awaited<ReturnType<typeof exportClientData>>;

/** pdf-lib's standard fonts speak WinAnsi: anything else (emoji, other scripts) prints as '?'. */
function printable(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e\u00a0-\u00ff€]/g, "?");
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of printable(text).split(/\n/)) {
    let line = "";
    for (const word of paragraph.split(" ")) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) line = next;
      else {
        if (line) out.push(line);
        line = word;
        while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
          out.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
    }
    out.push(line);
  }
  return out;
}

const when = (d: Date | string | null | undefined) => (d ? formatSpanishDateTime(new Date(d)) : "—");

/** The same data as a readable PDF (Letter, sections in the JSON's order). */
export async function clientDataPdf(data: ClientExport): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle("Datos personales de la clienta");
  pdf.setProducer("Michel Alvarez");
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [W, H, M] = [612, 792, 54];
  let page = pdf.addPage([W, H]);
  let y = H - M;
  const write = (text: string, { font = regular, size = 10, gap = 4, indent = 0 } = {}) => {
    for (const line of wrap(text, font, size, W - 2 * M - indent)) {
      if (y < M + size) {
        page = pdf.addPage([W, H]);
        y = H - M;
      }
      page.drawText(line, { x: M + indent, y: y - size, size, font, color: rgb(0.2, 0.15, 0.12) });
      y -= size + gap;
    }
  };
  const heading = (text: string) => {
    y -= 8;
    write(text, { font: bold, size: 13, gap: 6 });
  };
  write("Michel Alvarez · Datos personales (derechos ARCO)", { font: bold, size: 16, gap: 8 });
  write(`Generado el ${when(data.generado)}`);
  heading("Clienta");
  write(`Nombre: ${data.clienta.nombre}`);
  write(`Correo: ${data.clienta.correo}`);
  write(`Teléfonos: ${data.clienta.telefonos.join(", ") || "—"}`);
  if (data.cuenta) {
    write(`Cuenta creada: ${when(data.cuenta.creadaEn)} · último acceso: ${when(data.cuenta.ultimoAcceso)}`);
    write(`Términos aceptados: ${data.cuenta.terminos ? `sí (${when(data.cuenta.terminosAceptadosEn)})` : "no"}`);
  }
  const promo = data.autorizaciones.correoPromocional;
  write(`Correos promocionales: ${promo ? (promo.acepta ? `sí, desde ${when(promo.desde)}` : "no") : "—"}`);
  write(
    `WhatsApp: ${data.autorizaciones.whatsapp ? (data.autorizaciones.whatsapp.acepta ? "sí" : "no") : "sin registro"}`,
  );

  heading(`Citas (${data.citas.length})`);
  for (const c of data.citas) {
    write(
      `${when(c.inicio)} · ${c.tratamiento}${c.esRetoque ? " (retoque)" : ""} · ${c.estado} · ${formatPrice(c.precio)}`,
      {
        font: bold,
      },
    );
    write(`A nombre de ${c.nombre} · ${c.telefono} · ${c.correo}`, { indent: 12 });
    for (const consent of c.consentimientos) {
      write(
        `Consentimiento firmado por ${consent.firma} el ${when(consent.firmadoEn)}${consent.version ? ` (versión ${consent.version})` : ""}`,
        {
          indent: 12,
        },
      );
      for (const r of consent.respuestas)
        write(`${r.pregunta}: ${r.respuesta}${r.detalle ? ` (${r.detalle})` : ""}`, { indent: 24, size: 9 });
    }
    if (c.notasDeSesion) {
      const n = c.notasDeSesion;
      write(`Técnica: ${n.tecnica || "—"} · Pigmento: ${n.pigmento || "—"} · Aguja: ${n.aguja || "—"}`, { indent: 12 });
      if (n.notas) write(`Notas: ${n.notas}`, { indent: 12 });
    }
    for (const v of c.visitas)
      write(
        `Visita ${v.codigo}: ${v.fotos.length} fotos (${v.fotos.map((f) => f.url.split("/").slice(-2).join("/")).join(", ")})`,
        {
          indent: 12,
          size: 9,
        },
      );
  }
  heading(`Escuela: unidades terminadas (${data.escuela.progreso.length}) y prácticas (${data.escuela.practicas.length})`);
  for (const p of data.escuela.progreso) write(`${when(p.terminadaEn)} · ${p.curso} · ${p.unidad}`, { size: 9 });
  for (const p of data.escuela.practicas)
    write(`${when(p.enviadaEn)} · ${p.curso} · ${p.unidad} · ${p.estado} · ${p.fotos.length} fotos${p.nota ? ` · ${p.nota}` : ""}`, {
      size: 9,
    });
  heading(`Consentimientos firmados (${data.consentimientosFirmados.length})`);
  for (const c of data.consentimientosFirmados)
    write(`${when(c.firmadoEn)} · versión ${c.version.version} · firmado por ${c.firma} · huella ${c.hash.slice(0, 16)}…`);
  heading(`Compras (${data.compras.length})`);
  for (const c of data.compras) {
    write(`${c.id} · ${when(c.fecha)} · ${formatPrice(c.total)} · pago ${c.estadoPago}`, { font: bold });
    for (const l of c.lineas) write(`${l.cantidad} × ${l.nombre} · ${formatPrice(l.precio)}`, { indent: 12, size: 9 });
    const envio = c.datosEnvio as Record<string, string> | null | undefined;
    if (envio) write(`Envío: ${Object.values(envio).filter(Boolean).join(", ")}`, { indent: 12, size: 9 });
  }
  heading(`Facturas (${data.facturas.length})`);
  for (const f of data.facturas)
    write(`${f.uuid ?? f.id} · ${f.rfc} · ${f.razonSocial} · ${formatPrice(f.total)} · ${f.estado}`);
  heading(`Cursos (${data.cursos.length}) y diplomas (${data.diplomas.length})`);
  for (const c of data.cursos)
    write(`${c.titulo} · desde ${when(c.desde)}${c.aMano ? " (otorgado por el estudio)" : ""}`);
  for (const d of data.diplomas) write(`Diploma ${d.id} · ${d.cursoTitulo} · ${when(d.emitidoEn)}`);
  heading(`Reseñas (${data.resenas.length})`);
  for (const r of data.resenas) write(`${when(r.fecha)} · ${r.calificacion}/5 · ${r.comentario}`, { size: 9 });
  heading(`Mensajes enviados (${data.mensajes.length})`);
  for (const m of data.mensajes) write(`${when(m.creado)} · ${m.asunto} · ${m.estado}`, { size: 9 });
  return pdf.save();
}

// ---------------------------------------------------------------- deletion

export type ErasureSummary = Record<string, number>;

/**
 * Deletes or anonymises everything about her but the tax records (see the module's comment),
 * in one transaction; then deletes her visits' photo files from storage. Answers how many rows
 * of each kind it touched (no personal data; that is what the log says too).
 */
export async function eraseClient(db: Db, client: ClientIdentity): Promise<ErasureSummary> {
  const summary: ErasureSummary = {};
  const count = (key: string, n: number) => {
    summary[key] = (summary[key] ?? 0) + n;
  };
  const photoRefs: string[] = [];
  const labelFiles: string[] = [];
  await db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: citas.id, nombre: citas.nombre, telefono: citas.telefono })
      .from(citas)
      .where(appointmentsOf(client));
    const citaIds = mine.map((c) => c.id);
    const uid = client.userId;
    const [account_] = uid
      ? await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, uid))
      : [];
    const orders = uid
      ? await tx
          .select({ id: compras.id, telefono: sql<string | null>`${compras.datosContacto}->>'telefono'` })
          .from(compras)
          .where(eq(compras.compradorId, uid))
      : [];

    // what identifies her in free text (the studio's notices): e-mails, phones, names
    const emails = [...new Set([client.correo, account_?.email.toLowerCase()].filter((e): e is string => !!e))];
    // signed consents by her address or account (a guest's, or one no appointment points to any more)
    for (const email of emails) await eraseConsentsByAddress(tx, email);
    if (uid) await tx.delete(consentimientos).where(eq(consentimientos.userId, uid));
    const phones = [
      ...new Set(
        [...mine.map((c) => c.telefono), ...orders.map((o) => o.telefono ?? "")].filter((p) => p.trim().length >= 7),
      ),
    ];
    // her WhatsApp messages and her number's consent to them (matched on the last 10 digits)
    const lastTen = [...new Set(phones.map((p) => p.replace(/\D/g, "").slice(-10)).filter((p) => p.length === 10))];
    if (lastTen.length) {
      const tenOf = (column: typeof mensajes.telefono | typeof whatsappConsentimientos.telefono) =>
        sql`right(regexp_replace(${column}, '\D', '', 'g'), 10) in (${sql.join(
          lastTen.map((p) => sql`${p}`),
          sql`, `,
        )})`;
      count("mensajes", (await tx.delete(mensajes).where(tenOf(mensajes.telefono)).returning({ id: mensajes.id })).length);
      await tx.delete(whatsappConsentimientos).where(tenOf(whatsappConsentimientos.telefono));
    }
    if (uid) await tx.delete(whatsappConsentimientos).where(eq(whatsappConsentimientos.userId, uid));
    // her waitlist entries (their offers go with them: ofertas_espera cascades)
    const waitlistWhere = or(
      ...(emails.length ? [inArray(sql`lower(${listaEspera.correo})`, emails)] : []),
      ...(uid ? [eq(listaEspera.userId, uid)] : []),
      ...(lastTen.length
        ? [sql`right(regexp_replace(${listaEspera.telefono}, '\D', '', 'g'), 10) in (${sql.join(
            lastTen.map((p) => sql`${p}`),
            sql`, `,
          )})`]
        : []),
    );
    if (waitlistWhere) {
      count("listaDeEspera", (await tx.delete(listaEspera).where(waitlistWhere).returning({ id: listaEspera.id })).length);
    }
    const names = [
      ...new Set(
        [client.nombre, account_?.name, ...mine.map((c) => c.nombre)].filter(
          (n): n is string => !!n && n.trim().length >= 5,
        ),
      ),
    ];

    // visits of her appointments, and their photos (files deleted after the commit)
    if (citaIds.length) {
      const visits = await tx.select({ id: visitas.id }).from(visitas).where(inArray(visitas.citaId, citaIds));
      if (visits.length) {
        const ids = visits.map((v) => v.id);
        const fotos = await tx
          .select({ url: visitaFotos.url })
          .from(visitaFotos)
          .where(inArray(visitaFotos.visitaId, ids));
        photoRefs.push(...fotos.map((f) => f.url));
        count(
          "visitas",
          (await tx.delete(visitas).where(inArray(visitas.id, ids)).returning({ id: visitas.id })).length,
        );
      }
      count(
        "notasDeSesion",
        (await tx.delete(citaNotas).where(inArray(citaNotas.citaId, citaIds)).returning({ id: citaNotas.citaId }))
          .length,
      );
      await eraseConsents(tx, citaIds);
      // her healing photos from the aftercare check-ins (files deleted after the commit)
      const healing = await tx
        .delete(cuidadosFotos)
        .where(inArray(cuidadosFotos.citaId, citaIds))
        .returning({ ref: cuidadosFotos.ref });
      photoRefs.push(...healing.map((f) => f.ref));
      count("fotosDeCuidados", healing.length);
      count(
        "citas",
        (
          await tx
            .update(citas)
            .set({
              nombre: ERASED_NAME,
              telefono: "",
              correo: "",
              userId: null,
              notas: "",
              apartadaIp: null,
              consentimiento: null,
              token: sql`replace(gen_random_uuid()::text, '-', '')`,
            })
            .where(inArray(citas.id, citaIds))
            .returning({ id: citas.id })
        ).length,
      );
    }

    if (uid) {
      // orders stay (tax): their contact and address go; a label's PDF (an address) goes
      if (orders.length) {
        const orderIds = orders.map((o) => o.id);
        count(
          "compras",
          (
            await tx
              .update(compras)
              .set({ datosContacto: { correo: "", telefono: "" }, datosEnvio: null })
              .where(inArray(compras.id, orderIds))
              .returning({ id: compras.id })
          ).length,
        );
        const labels = await tx.select({ archivo: guias.archivo }).from(guias).where(inArray(guias.compraId, orderIds));
        labelFiles.push(...labels.map((l) => l.archivo).filter((a): a is string => !!a));
        await tx.update(guias).set({ archivo: null, paquete: null }).where(inArray(guias.compraId, orderIds));
        // the invoice keeps its receptor (RFC, razón social, CP: the CFDI needs them), not her mail
        count(
          "facturas",
          (
            await tx
              .update(facturas)
              .set({ correo: "" })
              .where(inArray(facturas.compraId, orderIds))
              .returning({ id: facturas.id })
          ).length,
        );
      }
      await tx
        .update(pagos)
        .set({ detalle: sql`${pagos.detalle} - 'datosEnvio' - 'datosContacto'` })
        .where(eq(pagos.userId, uid));
      await tx.delete(session).where(eq(session.userId, uid));
      await tx.delete(account).where(eq(account.userId, uid));
      if (account_)
        await tx.delete(verification).where(sql`lower(${verification.identifier}) = ${account_.email.toLowerCase()}`);
      await tx.delete(cuentasImportadas).where(eq(cuentasImportadas.userId, uid));
      await tx.delete(datosFiscales).where(eq(datosFiscales.userId, uid));
      await tx.delete(favoritos).where(eq(favoritos.userId, uid));
      const carts = await tx.select({ id: carritos.id }).from(carritos).where(eq(carritos.userId, uid));
      if (carts.length) {
        await tx.delete(carritoLineas).where(
          inArray(
            carritoLineas.carritoId,
            carts.map((c) => c.id),
          ),
        );
        await tx.delete(carritos).where(
          inArray(
            carritos.id,
            carts.map((c) => c.id),
          ),
        );
      }
      count(
        "resenas",
        (
          await tx
            .update(comentarios)
            .set({ nombre: ERASED_NAME, userId: null })
            .where(eq(comentarios.userId, uid))
            .returning({ id: comentarios.id })
        ).length,
      );
      count(
        "diplomas",
        (await tx.delete(diplomas).where(eq(diplomas.userId, uid)).returning({ id: diplomas.id })).length,
      );
      await tx.delete(examenIntentos).where(eq(examenIntentos.userId, uid));
      count(
        "cursos",
        (await tx.delete(inscripciones).where(eq(inscripciones.userId, uid)).returning({ id: inscripciones.cursoId }))
          .length,
      );
      await tx.delete(cursosOtorgados).where(eq(cursosOtorgados.userId, uid));
      // the academy's: progress and practice work (the photos' files deleted after the commit)
      const school = await eraseSchoolData(tx, uid, emails);
      photoRefs.push(...school.files);
      count("practicas", school.practicas);
      await tx
        .update(user)
        .set({
          name: ERASED_NAME,
          email: `eliminada-${randomBytes(9).toString("hex")}@clientas-eliminadas.invalid`,
          emailVerified: false,
          image: null,
          role: "eliminada",
          aceptaCorreosPromocionales: false,
          correosPromocionalesEn: null,
          lastLogin: null,
          updatedAt: new Date(),
        })
        .where(eq(user.id, uid));
      count("cuenta", 1);
    }

    // the outbox: mails to her, and the studio's notices that name her
    const mentions = [
      ...emails.map(
        (e) =>
          sql`lower(${correos.para}) = ${e} or ${correos.texto} ilike ${`%${e}%`} or ${correos.html} ilike ${`%${e}%`}`,
      ),
      ...phones.map((p) => sql`${correos.texto} like ${`%${p}%`} or ${correos.html} like ${`%${p}%`}`),
      ...names.map((n) => sql`${correos.texto} ilike ${`%${n}%`} or ${correos.html} ilike ${`%${n}%`}`),
    ];
    if (mentions.length)
      count(
        "mensajes",
        (
          await tx
            .delete(correos)
            .where(
              sql.join(
                mentions.map((m) => sql`(${m})`),
                sql` or `,
              ),
            )
            .returning({ id: correos.id })
        ).length,
      );
  });
  // an upload's file and its sized copies (deleteFiles), and the referenced file itself: imported
  // photos carry another naming that deleteFiles leaves alone (it never deletes demo media)
  await deleteFiles([...photoRefs, ...labelFiles]);
  for (const ref of [...photoRefs, ...labelFiles]) if (ref.startsWith("private:")) await deleteStoredFile(ref);
  logInfo(
    `ARCO: datos de una clienta eliminados (${
      Object.entries(summary)
        .map(([k, n]) => `${k} ${n}`)
        .join(", ") || "nada"
    })`,
  );
  return summary;
}
