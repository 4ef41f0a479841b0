/**
 * One client's record (/admin/clientas/{id}, ADR 041): who she is (search.server.ts decides),
 * and everything the studio holds about her: contact and opt-ins, appointments with their
 * consent and the artist's session notes, visits with their before/after photos dated by their
 * appointment, orders, courses and diplomas, and the mails sent to her address.
 * Admin only (the routes ask requireAdmin); read here, written by the few functions at the end.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { hasControlCharacter, isPlainId } from "~/domain/limits";
import type { DbOrTx } from "../db/client.server";
import {
  citaNotas,
  citas,
  compraLineas,
  compras,
  correos,
  cursos,
  cursosOtorgados,
  diplomas,
  facturas,
  inscripciones,
  tratamientos,
  user,
  visitaFotos,
  visitas,
} from "../db/schema";
import { visitPath, visitPhotoPath } from "../visits/visits.server";
import { type ConsentView, consentsOf } from "./consent-view.server";
import { type OptIns, optInsOf } from "./opt-ins.server";
import { GUEST_PREFIX } from "./search.server";

/** Who the record is about: her account, or the e-mail of her bookings without one. */
export type ClientIdentity = {
  /** the record's id in its URL */
  id: string;
  userId: string | null;
  /** lower case: what her bookings without an account and her mails are matched by */
  correo: string;
  nombre: string;
  creadaEn: Date | null;
};

/**
 * The client a record id names, or null (unknown, an admin's account, a malformed id). A
 * booking's id whose e-mail has an account names that account (`canonical` says where to go).
 */
export async function resolveClient(db: DbOrTx, id: string): Promise<(ClientIdentity & { canonical: string }) | null> {
  if (!isPlainId(id)) return null;
  const account = async (where: ReturnType<typeof eq>) => {
    const [u] = await db
      .select({ id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt })
      .from(user)
      .where(where);
    // an admin's account, or one erased (ARCO), is nobody's record
    if (u?.role !== "cliente") return null;
    return {
      id: u.id,
      userId: u.id,
      correo: u.email.toLowerCase(),
      nombre: u.name,
      creadaEn: u.createdAt,
      canonical: u.id,
    };
  };
  if (!id.startsWith(GUEST_PREFIX)) return account(eq(user.id, id));
  const [cita] = await db
    .select({ userId: citas.userId, correo: citas.correo, nombre: citas.nombre })
    .from(citas)
    .where(eq(citas.id, id.slice(GUEST_PREFIX.length)));
  // an erased booking (ARCO) names nobody
  if (!cita || (!cita.userId && !cita.correo)) return null;
  if (cita.userId) return account(eq(user.id, cita.userId));
  const owner = await account(sql`lower(${user.email}) = ${cita.correo.toLowerCase()}` as ReturnType<typeof eq>);
  if (owner) return owner;
  // the newest booking of that e-mail names the record, so every booking of hers leads to one URL
  const [newest] = await db
    .select({ id: citas.id, nombre: citas.nombre })
    .from(citas)
    .where(and(isNull(citas.userId), sql`lower(${citas.correo}) = ${cita.correo.toLowerCase()}`))
    .orderBy(desc(citas.createdAt), asc(citas.id))
    .limit(1);
  const canonical = `${GUEST_PREFIX}${newest?.id ?? id.slice(GUEST_PREFIX.length)}`;
  return {
    id: canonical,
    userId: null,
    correo: cita.correo.toLowerCase(),
    nombre: newest?.nombre ?? cita.nombre,
    creadaEn: null,
    canonical,
  };
}

/** Her bookings: with her account, or without one under her (account's) e-mail. */
export function appointmentsOf(client: Pick<ClientIdentity, "userId" | "correo">) {
  const byEmail = and(isNull(citas.userId), sql`lower(${citas.correo}) = ${client.correo}`);
  return client.userId ? or(eq(citas.userId, client.userId), byEmail) : byEmail;
}

export type SessionNotes = { tecnica: string; pigmento: string; aguja: string; notas: string };

export type RecordVisit = {
  id: string;
  codigo: string;
  path: string;
  citaId: string | null;
  /** the appointment's start when linked, else the visit's creation (imported visits) */
  fecha: Date;
  fechaDeCita: boolean;
  fotos: { tipo: "antes" | "despues"; url: string }[];
};

export type ClientRecord = {
  client: ClientIdentity;
  contacto: { nombre: string; correo: string; telefonos: string[] };
  optIns: OptIns;
  citas: {
    id: string;
    inicio: Date;
    tratamiento: string;
    estado: string;
    precio: number;
    anticipo: number;
    esRetoque: boolean;
    origen: string;
    nombre: string;
    telefono: string;
    correo: string;
    consentimientos: ConsentView[];
    notas: SessionNotes | null;
    visitas: RecordVisit[];
  }[];
  /** visits with no appointment whose name is hers (accents and case aside): to link */
  visitasSinCita: RecordVisit[];
  compras: {
    id: string;
    fecha: Date;
    total: number;
    estadoPago: string;
    estadoEnvio: number;
    curso: boolean;
    lineas: { nombre: string; cantidad: number; precio: number }[];
    facturas: { id: string; estado: string; uuid: string | null }[];
  }[];
  cursos: { cursoId: string; titulo: string; desde: Date; aMano: boolean }[];
  diplomas: { id: string; cursoTitulo: string; nombre: string; emitidoEn: Date }[];
  cursosOtorgados: { cursoId: string; motivo: string; createdAt: Date; revocadoEn: Date | null }[];
  mensajes: { id: number; asunto: string; estado: string; createdAt: Date; enviadoEn: Date | null }[];
};

/** Mails listed in the record (the newest); the export carries them all. */
export const RECORD_MESSAGES = 100;

async function visitsOf(db: DbOrTx, where: ReturnType<typeof eq>): Promise<RecordVisit[]> {
  const rows = await db
    .select({
      id: visitas.id,
      codigo: visitas.codigo,
      clienta: visitas.clienta,
      citaId: visitas.citaId,
      createdAt: visitas.createdAt,
      inicio: citas.inicio,
    })
    .from(visitas)
    .leftJoin(citas, eq(citas.id, visitas.citaId))
    .where(where)
    .orderBy(desc(sql`coalesce(${citas.inicio}, ${visitas.createdAt})`), asc(visitas.id));
  const fotos =
    rows.length === 0
      ? []
      : await db
          .select({ visitaId: visitaFotos.visitaId, tipo: visitaFotos.tipo, url: visitaFotos.url })
          .from(visitaFotos)
          .where(
            inArray(
              visitaFotos.visitaId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(visitaFotos.posicion), asc(visitaFotos.id));
  return rows.map((v) => {
    const counters = { antes: 0, despues: 0 };
    return {
      id: v.id,
      codigo: v.codigo,
      path: visitPath(v),
      citaId: v.citaId,
      fecha: v.inicio ?? v.createdAt,
      fechaDeCita: v.inicio !== null,
      fotos: fotos
        .filter((f) => f.visitaId === v.id)
        .map((f) => {
          const tipo = f.tipo === "despues" ? "despues" : "antes";
          counters[tipo] += 1;
          return { tipo, url: visitPhotoPath(v, tipo, counters[tipo], "webp") };
        }),
    };
  });
}

/** Everything about one client (see the module's comment). */
export async function loadClientRecord(db: DbOrTx, client: ClientIdentity): Promise<ClientRecord> {
  const mine = appointmentsOf(client);
  const citaRows = await db
    .select({ cita: citas, tratamiento: tratamientos.nombre, notas: citaNotas })
    .from(citas)
    .innerJoin(tratamientos, eq(tratamientos.id, citas.tratamientoId))
    .leftJoin(citaNotas, eq(citaNotas.citaId, citas.id))
    .where(mine)
    .orderBy(desc(citas.inicio), asc(citas.id));
  const ids = citaRows.map((r) => r.cita.id);
  const [consents, linked, optIns] = await Promise.all([
    consentsOf(
      db,
      citaRows.map((r) => r.cita),
    ),
    ids.length === 0 ? Promise.resolve([]) : visitsOf(db, inArray(visitas.citaId, ids) as ReturnType<typeof eq>),
    optInsOf(db, client.userId),
  ]);
  const names = [...new Set([client.nombre, ...citaRows.map((r) => r.cita.nombre)].filter(Boolean))];
  const unlinked = await visitsOf(
    db,
    and(
      isNull(visitas.citaId),
      sql`public.texto_busqueda(${visitas.clienta}) in (${sql.join(
        names.map((n) => sql`public.texto_busqueda(${n})`),
        sql`, `,
      )})`,
    ) as ReturnType<typeof eq>,
  );

  const orderRows = client.userId
    ? await db
        .select({
          id: compras.id,
          fecha: compras.fecha,
          total: compras.total,
          estadoPago: compras.estadoPago,
          estadoEnvio: compras.estadoEnvio,
          curso: compras.curso,
          telefono: sql<string | null>`${compras.datosContacto}->>'telefono'`,
        })
        .from(compras)
        .where(eq(compras.compradorId, client.userId))
        .orderBy(desc(compras.fecha), desc(compras.id))
    : [];
  const orderIds = orderRows.map((o) => o.id);
  const [lines, invoices] =
    orderIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              compraId: compraLineas.compraId,
              nombre: compraLineas.nombre,
              cantidad: compraLineas.cantidad,
              precio: compraLineas.precio,
            })
            .from(compraLineas)
            .where(inArray(compraLineas.compraId, orderIds))
            .orderBy(asc(compraLineas.id)),
          db
            .select({ id: facturas.id, compraId: facturas.compraId, estado: facturas.estado, uuid: facturas.uuid })
            .from(facturas)
            .where(inArray(facturas.compraId, orderIds)),
        ]);

  const [courseRows, diplomaRows, grantRows] = client.userId
    ? await Promise.all([
        db
          .select({
            cursoId: inscripciones.cursoId,
            titulo: cursos.titulo,
            desde: inscripciones.createdAt,
            compraId: inscripciones.compraId,
          })
          .from(inscripciones)
          .innerJoin(cursos, eq(cursos.id, inscripciones.cursoId))
          .where(eq(inscripciones.userId, client.userId))
          .orderBy(desc(inscripciones.createdAt)),
        db
          .select({
            id: diplomas.id,
            cursoTitulo: diplomas.cursoTitulo,
            nombre: diplomas.nombre,
            emitidoEn: diplomas.emitidoEn,
          })
          .from(diplomas)
          .where(eq(diplomas.userId, client.userId))
          .orderBy(desc(diplomas.emitidoEn)),
        db
          .select({
            cursoId: cursosOtorgados.cursoId,
            motivo: cursosOtorgados.motivo,
            createdAt: cursosOtorgados.createdAt,
            revocadoEn: cursosOtorgados.revocadoEn,
          })
          .from(cursosOtorgados)
          .where(eq(cursosOtorgados.userId, client.userId))
          .orderBy(desc(cursosOtorgados.createdAt)),
      ])
    : [[], [], []];

  const mensajes = await db
    .select({
      id: correos.id,
      asunto: correos.asunto,
      estado: correos.estado,
      createdAt: correos.createdAt,
      enviadoEn: correos.enviadoEn,
    })
    .from(correos)
    .where(sql`lower(${correos.para}) = ${client.correo}`)
    .orderBy(desc(correos.createdAt), desc(correos.id))
    .limit(RECORD_MESSAGES);

  const telefonos = [
    ...new Set(
      [...citaRows.map((r) => r.cita.telefono), ...orderRows.map((o) => o.telefono ?? "")]
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  return {
    client,
    contacto: { nombre: client.nombre, correo: client.correo, telefonos },
    optIns,
    citas: citaRows.map(({ cita, tratamiento, notas }) => ({
      id: cita.id,
      inicio: cita.inicio,
      tratamiento,
      estado: cita.estado,
      precio: cita.precio,
      anticipo: cita.anticipo,
      esRetoque: cita.esRetoque,
      origen: cita.origen,
      nombre: cita.nombre,
      telefono: cita.telefono,
      correo: cita.correo,
      consentimientos: consents.get(cita.id) ?? [],
      notas: notas
        ? { tecnica: notas.tecnica, pigmento: notas.pigmento, aguja: notas.aguja, notas: notas.notas }
        : null,
      visitas: linked.filter((v) => v.citaId === cita.id),
    })),
    visitasSinCita: unlinked,
    compras: orderRows.map((o) => ({
      id: o.id,
      fecha: o.fecha,
      total: o.total,
      estadoPago: o.estadoPago,
      estadoEnvio: o.estadoEnvio,
      curso: o.curso,
      lineas: lines.filter((l) => l.compraId === o.id).map(({ compraId: _, ...l }) => l),
      facturas: invoices.filter((f) => f.compraId === o.id).map(({ compraId: _, ...f }) => f),
    })),
    cursos: courseRows.map((c) => ({ cursoId: c.cursoId, titulo: c.titulo, desde: c.desde, aMano: !c.compraId })),
    diplomas: diplomaRows,
    cursosOtorgados: grantRows,
    mensajes,
  };
}

// ---------------------------------------------------------------- the artist's writes

/** Longest session note field (technique, pigment, needle) and the free notes. */
export const NOTE_LIMITS = { tecnica: 120, pigmento: 200, aguja: 80, notas: 2000 } as const;

export type NotesResult = { ok: true } | { ok: false; message: string };

/** Writes the session notes of one of HER appointments (another's id changes nothing). */
export async function saveSessionNotes(
  db: DbOrTx,
  client: ClientIdentity,
  citaId: unknown,
  form: Record<keyof SessionNotes, unknown>,
): Promise<NotesResult> {
  if (!isPlainId(citaId)) return { ok: false, message: "Esa cita no existe." };
  const values = {} as SessionNotes;
  for (const key of Object.keys(NOTE_LIMITS) as (keyof SessionNotes)[]) {
    const raw = form[key];
    const text = typeof raw === "string" ? raw.trim() : "";
    if (text.length > NOTE_LIMITS[key])
      return { ok: false, message: `El campo «${NOTE_LABELS[key]}» admite hasta ${NOTE_LIMITS[key]} caracteres.` };
    if (hasControlCharacter(text, { multiline: key === "notas" }))
      return { ok: false, message: `El campo «${NOTE_LABELS[key]}» tiene caracteres no válidos.` };
    values[key] = text;
  }
  const [cita] = await db
    .select({ id: citas.id })
    .from(citas)
    .where(and(eq(citas.id, citaId), appointmentsOf(client)));
  if (!cita) return { ok: false, message: "Esa cita no existe." };
  await db
    .insert(citaNotas)
    .values({ citaId: cita.id, ...values })
    .onConflictDoUpdate({ target: citaNotas.citaId, set: { ...values, updatedAt: new Date() } });
  return { ok: true };
}

export const NOTE_LABELS: Record<keyof SessionNotes, string> = {
  tecnica: "Técnica",
  pigmento: "Pigmento",
  aguja: "Aguja",
  notas: "Notas",
};

/**
 * Links a visit to one of her appointments (the visit is then dated by it), or unlinks it
 * (`citaId` empty). Only a visit with no appointment or one of hers, to one of hers.
 */
export async function linkVisit(
  db: DbOrTx,
  client: ClientIdentity,
  visitaId: unknown,
  citaId: unknown,
): Promise<NotesResult> {
  if (!isPlainId(visitaId)) return { ok: false, message: "Esa visita no existe." };
  const mine = await db.select({ id: citas.id }).from(citas).where(appointmentsOf(client));
  const ids = new Set(mine.map((c) => c.id));
  const target = citaId === "" || citaId === undefined || citaId === null ? null : citaId;
  if (target !== null && (!isPlainId(target) || !ids.has(target))) return { ok: false, message: "Esa cita no existe." };
  const [visita] = await db.select({ citaId: visitas.citaId }).from(visitas).where(eq(visitas.id, visitaId));
  if (!visita || (visita.citaId !== null && !ids.has(visita.citaId)))
    return { ok: false, message: "Esa visita no existe." };
  await db.update(visitas).set({ citaId: target }).where(eq(visitas.id, visitaId));
  return { ok: true };
}
