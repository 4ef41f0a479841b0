/**
 * Practice work reviewed by the instructor (issue 31 item 2, ADR 045).
 *
 * A unit may ask for practice (unidades.practicas_requeridas > 0, with a short instruction).
 * An enrolled student sends a submission: 1 to PRACTICE_MAX_PHOTOS photos from her phone and a
 * short note. The multipart body is read as it streams (multipart.server.ts: files spooled to
 * disk, each held to the image limit), every file must decode as an image (sharp), and each is
 * re-encoded (rotation applied, camera metadata dropped, at most PRACTICE_PHOTO_WIDTH wide) into
 * PRIVATE storage. Nothing is stored unless every photo passed.
 *
 * The instructor reviews it in /admin/practicas: 'aprobada' or 'repetir' with a comment. The
 * verdict, the student's mail (outbox, `clave` = the submission: once) and, when that approval
 * completes what the diploma needed, the diploma itself are written in one transaction.
 *
 * The diploma rule: every unit's configured number of approved submissions
 * (`practiceRequirementMet`), checked by diploma.server.ts's issueDiploma whoever calls it.
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { site } from "~/config/site";
import { formatSpanishDate } from "~/domain/dates";
import { UPLOAD_LIMITS, hasControlCharacter } from "~/domain/limits";
import { PRACTICE_COMMENT_MAX, PRACTICE_MAX_PHOTOS, PRACTICE_NOTE_MAX, PRACTICE_PARAM } from "~/domain/practice";
import { type Db, type DbOrTx, getDb } from "../db/index.server";
import { cursos, examenIntentos, inscripciones, practicaEntregas, practicaFotos, unidades, user } from "../db/schema";
import { env } from "../env.server";
import { loadSharp } from "../images.server";
import { deliverQueuedMail, escapeHtml, mailLayout, queueMail } from "../mail.server";
import { UploadError, readMultipart, withSpoolDir } from "../multipart.server";
import { deleteStoredFile, getStorage, readRef, resolveRef, storageRef } from "../storage/index.server";
import { sniffFile } from "../upload.server";
import { currentUser } from "../session.server";
import { issueDiploma } from "./diploma.server";
import { isEnrolled } from "./enrolment.server";
import { lastUnitId } from "./viewer.server";

// ---------------------------------------------------------------- limits and texts

/** each photo: the site's image limit (20 MB), what a phone's camera makes with room to spare */
export const PRACTICE_PHOTO_BYTES = UPLOAD_LIMITS.imagen.bytes;
/** stored width: enough to judge a stroke on a desktop screen, a fraction of the camera's file */
const PRACTICE_PHOTO_WIDTH = 2000;
const MAX_IMAGE_PIXELS = 60_000_000;

export const PRACTICE_ERRORS = {
  noPhotos: "Elige al menos una foto de tu práctica.",
  tooMany: `Envía como máximo ${PRACTICE_MAX_PHOTOS} fotos por entrega.`,
  notImage:
    "Solo se aceptan fotos (JPG, PNG, WebP o AVIF). Si tu teléfono guarda HEIC, elige «Más compatible» o toma una captura.",
  tooLong: `Tu nota puede tener hasta ${PRACTICE_NOTE_MAX} caracteres.`,
  unit: "Esta unidad no pide práctica.",
  pending: "Ya enviaste una práctica de esta unidad; espera la revisión de tu instructora.",
  complete: "Ya tienes aprobadas todas las prácticas de esta unidad.",
  unreadable: "No pudimos leer tus fotos. Intenta de nuevo.",
} as const;

export const REVIEW_ERRORS = {
  verdict: "Elige «Aprobada» o «Repetir».",
  comment: `El comentario puede tener hasta ${PRACTICE_COMMENT_MAX} caracteres.`,
  commentRequired: "Escribe a la alumna qué debe repetir.",
  notFound: "Esa entrega ya no existe.",
  reviewed: "Esta entrega ya fue revisada.",
} as const;

export type Verdict = "aprobada" | "repetir";
export type PracticeState = "pendiente" | Verdict;

/** 'Te faltan 2 prácticas aprobadas para obtener tu diploma.' */
export function practiceMissingText(faltan: number): string {
  return faltan === 1
    ? "Te falta 1 práctica aprobada para obtener tu diploma."
    : `Te faltan ${faltan} prácticas aprobadas para obtener tu diploma.`;
}

// ---------------------------------------------------------------- the diploma's rule

/**
 * What is still missing, per unit that asks for practice: how many approved submissions the
 * student lacks ('faltan' in total, and the units where).
 */
export async function pendingPractice(db: DbOrTx, userId: string, cursoId: string) {
  const rows = await db
    .select({
      id: unidades.id,
      nombre: unidades.nombre,
      requeridas: unidades.practicasRequeridas,
      aprobadas: count(practicaEntregas.id),
    })
    .from(unidades)
    .leftJoin(
      practicaEntregas,
      and(
        eq(practicaEntregas.unidadId, unidades.id),
        eq(practicaEntregas.userId, userId),
        eq(practicaEntregas.estado, "aprobada"),
      ),
    )
    .where(and(eq(unidades.cursoId, cursoId), gt(unidades.practicasRequeridas, 0)))
    .groupBy(unidades.id)
    .orderBy(asc(unidades.posicion), asc(unidades.id));
  const unidadesFaltantes = rows
    .map((r) => ({ id: r.id, nombre: r.nombre, faltan: Math.max(0, r.requeridas - Number(r.aprobadas)) }))
    .filter((r) => r.faltan > 0);
  return { faltan: unidadesFaltantes.reduce((n, u) => n + u.faltan, 0), unidades: unidadesFaltantes };
}

/** Whether every unit of the course has its configured number of approved submissions. */
export async function practiceRequirementMet(db: DbOrTx, userId: string, cursoId: string): Promise<boolean> {
  return (await pendingPractice(db, userId, cursoId)).faltan === 0;
}

/** The sentence of what is missing, or null when nothing is. */
export async function practiceMissing(userId: string, cursoId: string, db: DbOrTx = getDb()): Promise<string | null> {
  const { faltan } = await pendingPractice(db, userId, cursoId);
  return faltan > 0 ? practiceMissingText(faltan) : null;
}

/**
 * Whether the student did the rest of what the diploma asks (the practice aside): a perfect
 * exam when the course has one, else the last unit reached.
 */
async function restOfDiplomaEarned(db: DbOrTx, userId: string, cursoId: string): Promise<boolean> {
  const [curso] = await db.select({ examen: cursos.examen }).from(cursos).where(eq(cursos.id, cursoId));
  if (!curso) return false;
  if (curso.examen) {
    const [perfect] = await db
      .select({ id: examenIntentos.id })
      .from(examenIntentos)
      .where(
        and(
          eq(examenIntentos.userId, userId),
          eq(examenIntentos.cursoId, cursoId),
          sql`${examenIntentos.correctas} = ${examenIntentos.total}`,
        ),
      )
      .limit(1);
    return perfect !== undefined;
  }
  const [row] = await db
    .select({ ultima: inscripciones.ultimaUnidadId })
    .from(inscripciones)
    .where(and(eq(inscripciones.userId, userId), eq(inscripciones.cursoId, cursoId)));
  return row?.ultima != null && row.ultima === (await lastUnitId(cursoId, db));
}

// ---------------------------------------------------------------- the student's side

const photoUrl = (cursoId: string, fotoId: number) => `/curso-michel-alvarez/${cursoId}/practicas/${fotoId}`;

/** What the unit shows about its practice: the instruction, her submissions and their verdicts. */
export async function unitPractice(userId: string, cursoId: string, unidadId: string, db: DbOrTx = getDb()) {
  const [unit] = await db
    .select({ requeridas: unidades.practicasRequeridas, instruccion: unidades.practicaInstruccion })
    .from(unidades)
    .where(and(eq(unidades.id, unidadId), eq(unidades.cursoId, cursoId)));
  if (!unit || unit.requeridas <= 0) return null;
  const entregas = await db
    .select()
    .from(practicaEntregas)
    .where(and(eq(practicaEntregas.userId, userId), eq(practicaEntregas.unidadId, unidadId)))
    .orderBy(desc(practicaEntregas.createdAt), desc(practicaEntregas.id));
  const fotos = entregas.length
    ? await db
        .select({ id: practicaFotos.id, entregaId: practicaFotos.entregaId })
        .from(practicaFotos)
        .where(
          inArray(
            practicaFotos.entregaId,
            entregas.map((e) => e.id),
          ),
        )
        .orderBy(asc(practicaFotos.posicion), asc(practicaFotos.id))
    : [];
  const aprobadas = entregas.filter((e) => e.estado === "aprobada").length;
  const pendiente = entregas.some((e) => e.estado === "pendiente");
  return {
    requeridas: unit.requeridas,
    instruccion: unit.instruccion,
    aprobadas,
    pendiente,
    puedeEnviar: !pendiente && aprobadas < unit.requeridas,
    entregas: entregas.map((e) => ({
      id: e.id,
      estado: e.estado as PracticeState,
      nota: e.nota,
      comentario: e.comentario,
      fecha: formatSpanishDate(e.createdAt),
      fotos: fotos.filter((f) => f.entregaId === e.id).map((f) => photoUrl(cursoId, f.id)),
    })),
  };
}

export type UnitPractice = NonNullable<Awaited<ReturnType<typeof unitPractice>>>;

const isMultipart = (contentType: string | null | undefined) => /^multipart\/form-data\b/i.test(contentType ?? "");

/** Whether a POST to the viewer is a practice upload: multipart, to `?practica=1` (domain/practice.ts). */
export const isPracticeUpload = (request: Request) =>
  isMultipart(request.headers.get("content-type")) && new URL(request.url).searchParams.get(PRACTICE_PARAM) === "1";

/**
 * The body limit (http/body-limit.server.ts's `larger`, asked before a byte of the body is
 * read) of a practice upload: a multipart POST to the viewer of a course the session's student
 * is enrolled in. Null (the default 1 MB) for anyone and anything else.
 */
export async function practiceUploadLimit(path: string, request: Request): Promise<number | null> {
  const course = /^\/curso-michel-alvarez\/([^/]+?)(?:\.data)?$/.exec(path)?.[1];
  if (!course || !isPracticeUpload(request)) return null;
  const student = await currentUser(request);
  if (!student || !(await isEnrolled(student.id, decodeURIComponent(course)))) return null;
  return PRACTICE_MAX_PHOTOS * PRACTICE_PHOTO_BYTES + 256 * 1024;
}

export type PracticeAnswer = { practica: { ok: true; mensaje: string } | { ok: false; error: string }; status: number };

/**
 * Reads and records a practice submission for an enrolled student (the caller checked the
 * enrolment). Any refusal is a Spanish sentence with its status; nothing is stored then.
 */
export async function sendPractice(
  request: Request,
  student: { id: string },
  cursoId: string,
  db: Db = getDb(),
): Promise<PracticeAnswer> {
  const refuse = (status: number, error: string): PracticeAnswer => ({ practica: { ok: false, error }, status });
  if (!request.body) return refuse(400, PRACTICE_ERRORS.noPhotos);
  const stored: string[] = [];
  try {
    return await withSpoolDir(async (spoolDir) => {
      const body = await readMultipart(
        Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>),
        Object.fromEntries(request.headers),
        spoolDir,
        {
          maxFiles: PRACTICE_MAX_PHOTOS,
          tooManyFiles: PRACTICE_ERRORS.tooMany,
          fileField(field) {
            if (field !== "fotos") throw new UploadError(400, PRACTICE_ERRORS.noPhotos);
          },
          kindOf(_field, head) {
            if (!sniffFile(head)?.contentType.startsWith("image/"))
              throw new UploadError(415, PRACTICE_ERRORS.notImage);
            return "imagen";
          },
        },
      );
      const fields = new Map(body.fields);
      const unidadId = fields.get("unidad") ?? "";
      const nota = (fields.get("nota") ?? "").trim();
      if (nota.length > PRACTICE_NOTE_MAX) return refuse(400, PRACTICE_ERRORS.tooLong);
      const files = body.files.filter((f) => f.size > 0);
      if (files.length === 0) return refuse(400, PRACTICE_ERRORS.noPhotos);

      const state = await unitPractice(student.id, cursoId, unidadId, db);
      if (!state) return refuse(400, PRACTICE_ERRORS.unit);
      if (state.pendiente) return refuse(409, PRACTICE_ERRORS.pending);
      if (!state.puedeEnviar) return refuse(409, PRACTICE_ERRORS.complete);

      // Every photo is decoded before any is stored: one bad file stores nothing.
      const sharp = await loadSharp();
      for (const file of files) {
        try {
          const meta = await sharp(file.path, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
          if (!["jpeg", "png", "webp", "heif", "gif"].includes(meta.format ?? "")) throw new Error("format");
        } catch {
          return refuse(415, PRACTICE_ERRORS.notImage);
        }
      }
      const storage = getStorage("private");
      const folder = `practicas/${randomBytes(8).toString("hex")}`;
      for (const [i, file] of files.entries()) {
        const webp = await sharp(file.path, { limitInputPixels: MAX_IMAGE_PIXELS })
          .rotate()
          .resize({
            width: PRACTICE_PHOTO_WIDTH,
            height: PRACTICE_PHOTO_WIDTH,
            fit: "inside",
            withoutEnlargement: true,
          })
          .webp({ quality: 82 })
          .toBuffer();
        const key = `${folder}/${i + 1}.webp`;
        await storage.put(key, webp, "image/webp");
        stored.push(storageRef("private", key));
      }
      await db.transaction(async (tx) => {
        // one submission at a time per student and unit: two sent together cannot both be 'pendiente'
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`practica|${student.id}|${unidadId}`}))`);
        const [pending] = await tx
          .select({ id: practicaEntregas.id })
          .from(practicaEntregas)
          .where(
            and(
              eq(practicaEntregas.userId, student.id),
              eq(practicaEntregas.unidadId, unidadId),
              eq(practicaEntregas.estado, "pendiente"),
            ),
          )
          .limit(1);
        if (pending) throw new UploadError(409, PRACTICE_ERRORS.pending);
        const [entrega] = await tx
          .insert(practicaEntregas)
          .values({ userId: student.id, cursoId, unidadId, nota })
          .returning({ id: practicaEntregas.id });
        await tx
          .insert(practicaFotos)
          .values(stored.map((ref, posicion) => ({ entregaId: entrega.id, posicion, ref })));
      });
      stored.length = 0; // recorded: kept
      return {
        practica: { ok: true, mensaje: "¡Listo! Tu instructora revisará tu práctica y verás aquí su respuesta." },
        status: 200,
      };
    });
  } catch (error) {
    if (error instanceof UploadError) return refuse(error.status, error.message);
    throw error;
  } finally {
    for (const ref of stored) await deleteStoredFile(ref);
  }
}

/**
 * The bytes of a practice photo for the student who sent it or an admin; null (→ 404) for
 * anyone else, an unknown id, or a photo of another course's path.
 */
export async function practicePhoto(
  viewer: { id: string; admin: boolean } | null,
  cursoId: string,
  fotoId: string,
  db: DbOrTx = getDb(),
): Promise<Uint8Array | null> {
  if (!viewer || !/^[1-9]\d{0,9}$/.test(fotoId)) return null;
  const [row] = await db
    .select({ ref: practicaFotos.ref, userId: practicaEntregas.userId, cursoId: practicaEntregas.cursoId })
    .from(practicaFotos)
    .innerJoin(practicaEntregas, eq(practicaEntregas.id, practicaFotos.entregaId))
    .where(eq(practicaFotos.id, Number(fotoId)))
    .limit(1);
  if (!row || row.cursoId !== cursoId || (!viewer.admin && row.userId !== viewer.id)) return null;
  if (resolveRef(row.ref)?.visibility !== "private") return null;
  return (await readRef(row.ref))?.bytes ?? null;
}

// ---------------------------------------------------------------- the instructor's side

/** Every submission, pending first (oldest first: who waits longest), then reviewed ones, newest first. */
export async function listSubmissions(db: DbOrTx = getDb(), limit = 200) {
  const rows = await db
    .select({
      id: practicaEntregas.id,
      estado: practicaEntregas.estado,
      createdAt: practicaEntregas.createdAt,
      alumna: user.name,
      curso: cursos.titulo,
      unidad: unidades.nombre,
      fotos: sql<number>`(select count(*)::int from practica_fotos pf where pf.entrega_id = "practica_entregas"."id")`,
    })
    .from(practicaEntregas)
    .innerJoin(user, eq(user.id, practicaEntregas.userId))
    .innerJoin(cursos, eq(cursos.id, practicaEntregas.cursoId))
    .innerJoin(unidades, eq(unidades.id, practicaEntregas.unidadId))
    .orderBy(
      sql`case when ${practicaEntregas.estado} = 'pendiente' then 0 else 1 end`,
      sql`case when ${practicaEntregas.estado} = 'pendiente' then ${practicaEntregas.createdAt} end asc`,
      desc(practicaEntregas.createdAt),
    )
    .limit(limit);
  return rows.map((r) => ({ ...r, estado: r.estado as PracticeState, fecha: formatSpanishDate(r.createdAt) }));
}

/** One submission for the admin's page, or null. */
export async function loadSubmission(id: string, db: DbOrTx = getDb()) {
  if (!/^[1-9]\d{0,9}$/.test(id)) return null;
  const [row] = await db
    .select({
      entrega: practicaEntregas,
      alumna: user.name,
      curso: cursos.titulo,
      unidad: unidades.nombre,
      requeridas: unidades.practicasRequeridas,
      instruccion: unidades.practicaInstruccion,
    })
    .from(practicaEntregas)
    .innerJoin(user, eq(user.id, practicaEntregas.userId))
    .innerJoin(cursos, eq(cursos.id, practicaEntregas.cursoId))
    .innerJoin(unidades, eq(unidades.id, practicaEntregas.unidadId))
    .where(eq(practicaEntregas.id, Number(id)))
    .limit(1);
  if (!row) return null;
  const fotos = await db
    .select({ id: practicaFotos.id })
    .from(practicaFotos)
    .where(eq(practicaFotos.entregaId, row.entrega.id))
    .orderBy(asc(practicaFotos.posicion), asc(practicaFotos.id));
  const { entrega } = row;
  return {
    id: entrega.id,
    estado: entrega.estado as PracticeState,
    nota: entrega.nota,
    comentario: entrega.comentario,
    fecha: formatSpanishDate(entrega.createdAt),
    revisada: entrega.revisadaEn ? formatSpanishDate(entrega.revisadaEn) : null,
    alumna: row.alumna,
    curso: row.curso,
    unidad: row.unidad,
    requeridas: row.requeridas,
    instruccion: row.instruccion,
    fotos: fotos.map((f) => photoUrl(entrega.cursoId, f.id)),
  };
}

export type ReviewResult = { ok: true; diploma: string | null } | { ok: false; error: string; status: number };

/**
 * Records the instructor's verdict on a pending submission, the student's mail (once: its
 * `clave` is the submission) and, when this approval completes what the diploma needed, the
 * diploma: all in one transaction. A submission is reviewed once.
 */
export async function reviewSubmission(
  id: string,
  input: { veredicto: unknown; comentario: unknown },
  db: Db = getDb(),
  now: Date = new Date(),
): Promise<ReviewResult> {
  const veredicto = input.veredicto;
  if (veredicto !== "aprobada" && veredicto !== "repetir")
    return { ok: false, error: REVIEW_ERRORS.verdict, status: 400 };
  const comentario = typeof input.comentario === "string" ? input.comentario.trim() : "";
  if (comentario.length > PRACTICE_COMMENT_MAX || hasControlCharacter(comentario, { multiline: true }))
    return { ok: false, error: REVIEW_ERRORS.comment, status: 400 };
  if (veredicto === "repetir" && !comentario) return { ok: false, error: REVIEW_ERRORS.commentRequired, status: 400 };
  if (!/^[1-9]\d{0,9}$/.test(id)) return { ok: false, error: REVIEW_ERRORS.notFound, status: 404 };

  const mailIds: number[] = [];
  const result = await db.transaction(async (tx): Promise<ReviewResult> => {
    const [entrega] = await tx
      .select({
        id: practicaEntregas.id,
        userId: practicaEntregas.userId,
        cursoId: practicaEntregas.cursoId,
        unidadId: practicaEntregas.unidadId,
        estado: practicaEntregas.estado,
      })
      .from(practicaEntregas)
      .where(eq(practicaEntregas.id, Number(id)))
      .for("update");
    if (!entrega) return { ok: false, error: REVIEW_ERRORS.notFound, status: 404 };
    if (entrega.estado !== "pendiente") return { ok: false, error: REVIEW_ERRORS.reviewed, status: 409 };
    // The exam's lock (exam.server.ts): a perfect exam and the last approval, sent together,
    // are decided one after the other, so one of them sees the other and issues the diploma.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`examen|${entrega.userId}|${entrega.cursoId}`}))`);
    await tx
      .update(practicaEntregas)
      .set({ estado: veredicto, comentario, revisadaEn: now })
      .where(eq(practicaEntregas.id, entrega.id));

    const [alumna] = await tx
      .select({ name: user.name, email: user.email })
      .from(user)
      .where(eq(user.id, entrega.userId));
    const [unidad] = await tx
      .select({ nombre: unidades.nombre, curso: cursos.titulo })
      .from(unidades)
      .innerJoin(cursos, eq(cursos.id, unidades.cursoId))
      .where(eq(unidades.id, entrega.unidadId));

    let diploma: string | null = null;
    if (veredicto === "aprobada" && (await restOfDiplomaEarned(tx, entrega.userId, entrega.cursoId))) {
      diploma =
        (await issueDiploma(tx, { userId: entrega.userId, cursoId: entrega.cursoId, nombre: alumna?.name ?? "" }))
          ?.id ?? null;
    }
    if (alumna) {
      const mailId = await queueMail(
        tx,
        verdictMail({
          to: alumna.email,
          nombre: alumna.name,
          curso: unidad?.curso ?? "",
          unidad: unidad?.nombre ?? "",
          veredicto,
          comentario,
          url: `${env.publicUrl}/curso-michel-alvarez/${entrega.cursoId}?unidad=${entrega.unidadId}`,
          diploma: diploma !== null,
          clave: `practica-veredicto:${entrega.id}`,
        }),
      );
      if (mailId !== null) mailIds.push(mailId);
    }
    return { ok: true, diploma };
  });
  if (result.ok && mailIds.length) await deliverQueuedMail(db, mailIds);
  return result;
}

export const VERDICT_SUBJECT: Record<Verdict, string> = {
  aprobada: "Tu práctica fue aprobada",
  repetir: "Tu instructora revisó tu práctica",
};

function verdictMail(v: {
  to: string;
  nombre: string;
  curso: string;
  unidad: string;
  veredicto: Verdict;
  comentario: string;
  url: string;
  diploma: boolean;
  clave: string;
}) {
  const subject = VERDICT_SUBJECT[v.veredicto];
  const lead =
    v.veredicto === "aprobada"
      ? `Tu práctica de la unidad «${v.unidad}» del curso ${v.curso} fue aprobada.`
      : `Tu instructora revisó tu práctica de la unidad «${v.unidad}» del curso ${v.curso} y te pide repetirla. Puedes enviar una nueva entrega desde la unidad.`;
  const lines = [
    `Hola, ${v.nombre}:`,
    lead,
    ...(v.comentario ? [`Comentario de tu instructora: ${v.comentario}`] : []),
    ...(v.diploma ? ["¡Completaste todo lo que pide el curso! Tu diploma ya está listo para descargar."] : []),
  ];
  return {
    to: v.to,
    subject: `${subject} | ${site.name}`,
    text: [...lines, "", `Ver en el curso: ${v.url}`, "", site.name].join("\n"),
    html: mailLayout(
      subject,
      `${lines.map((l) => `<p style="white-space:pre-line">${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(v.url)}">Abrir la unidad</a></p>`,
    ),
    clave: v.clave,
  };
}
