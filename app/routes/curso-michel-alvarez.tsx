/**
 * The student's course viewer (SPEC §4 'Course viewer'): enrolled students only (checked on
 * the server), units by posicion, 'Siguiente Unidad', and at the end the exam or the diploma.
 * The unit opened is remembered (inscripciones.ultima_unidad_id) and reopened next time.
 */
import { Award, ChevronRight, CircleCheck, Download, FileText, GraduationCap } from "lucide-react";
import { Link, data } from "react-router";
import { CourseVideo } from "~/components/courses/course-video";
import { CourseProgressBar, UnitCheck, UnitDoneButton } from "~/components/courses/unit-progress";
import { invalidRequest } from "~/domain/limits";
import { getDb } from "~/server/db/index.server";
import { courseProgress, handleProgressAction, isProgressIntent } from "~/server/school/progress.server";
import { UnitPractice } from "~/components/courses/unit-practice";
import { site } from "~/config/site";
import { requireEnrolment } from "~/server/school/enrolment.server";
import { loadUnits, manualUrl, rememberUnit, videoDownloadUrl } from "~/server/school/viewer.server";
import { findDiploma, noteUnitReached } from "~/server/school/diploma.server";
import { isPracticeUpload, practiceMissing, sendPractice, unitPractice } from "~/server/school/practice.server";
import { UnitQuestions } from "~/components/courses/unit-questions";
import { handleQuestionIntent, listUnitQuestions } from "~/server/school/questions.server";
import type { Route } from "./+types/curso-michel-alvarez";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, curso, ultimaUnidadId } = await requireEnrolment(request, params.id);
  const unidades = await loadUnits(curso.id);
  const wanted = new URL(request.url).searchParams.get("unidad");
  const actual =
    unidades.find((u) => u.id === wanted) ?? unidades.find((u) => u.id === ultimaUnidadId) ?? unidades[0] ?? null;
  const index = actual ? unidades.indexOf(actual) : -1;
  const esUltima = actual !== null && index === unidades.length - 1;

  if (actual && actual.id !== ultimaUnidadId) await rememberUnit(user.id, curso.id, actual.id);
  const diploma = esUltima
    ? ((await noteUnitReached(user, curso, actual.id)) ?? (await findDiploma(user.id, curso.id)))
    : await findDiploma(user.id, curso.id);
  const db = getDb();
  // independent reads of what the page shows besides the unit itself
  const [{ terminadas, porcentaje, hechas, total }, practica, faltanPracticas, dudas] = await Promise.all([
    courseProgress(db, user.id, curso.id),
    // practice work (issue 31 item 2): this unit's, and — on the last unit — what the diploma still lacks
    actual ? unitPractice(user.id, curso.id, actual.id, db) : null,
    esUltima && !diploma ? practiceMissing(user.id, curso.id, db) : null,
    actual ? listUnitQuestions(db, actual.id, user.id) : [],
  ]);

  return {
    curso: { id: curso.id, titulo: curso.titulo, examen: curso.examen, manual: manualUrl(curso) },
    // the originals as files, where the course allows it (ADR 048)
    descargas: Object.fromEntries(
      curso.descargaVideos && actual ? actual.videos.map((v) => [v.id, videoDownloadUrl(v.id)]) : [],
    ) as Record<number, string>,
    unidades: unidades.map(({ id, nombre }) => ({ id, nombre })),
    actual,
    numero: index + 1,
    siguiente: esUltima ? null : (unidades[index + 1]?.id ?? null),
    esUltima,
    diplomaUrl: diploma ? `/curso-michel-alvarez/${curso.id}/certificado` : null,
    progreso: { porcentaje, hechas, total, terminadas },
    practica,
    faltanPracticas,
    dudas,
  };
}

/** The viewer's posts; each part of the academy delegates to its module. */
export async function action({ request, params, context }: Route.ActionArgs) {
  // practice photos: a multipart body, read as it streams (school/practice.server.ts)
  if (isPracticeUpload(request)) {
    const { user, curso } = await requireEnrolment(request, params.id);
    const { practica, status } = await sendPractice(request, user, curso.id);
    return data({ practica }, { status });
  }
  // the others, by `intent`: progress (progress.server.ts), a question under the unit (questions.server.ts)
  const form = await request.formData();
  const intent = form.get("intent");
  if (isProgressIntent(intent)) return handleProgressAction(request, params.id, form);
  if (intent === "duda") {
    const { user, curso } = await requireEnrolment(request, params.id);
    return handleQuestionIntent(user, curso.id, form, context.clientIp);
  }
  return data({ ok: false, message: invalidRequest }, { status: 400 });
}

export default function CourseViewer({ loaderData, actionData }: Route.ComponentProps) {
  const {
    curso,
    unidades,
    actual,
    numero,
    siguiente,
    esUltima,
    diplomaUrl,
    progreso,
    practica,
    faltanPracticas,
    dudas,
    descargas,
  } = loaderData;
  const practiceAnswer = actionData && "practica" in actionData ? actionData.practica : undefined;
  const examUrl = `/examen-michel-alvare/${curso.id}`;

  return (
    <div className="container-page py-10 md:py-14">
      <title>{`${curso.titulo} | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <nav aria-label="Ruta" className="text-sm text-muted">
        <Link to="/mis-cursos" className="hover:text-clay">
          Mis cursos
        </Link>
        <ChevronRight className="mx-1 inline size-3.5" aria-hidden />
        <span className="text-cocoa">{curso.titulo}</span>
      </nav>
      <h1 className="mt-3 text-3xl leading-tight md:text-5xl">{curso.titulo}</h1>

      <div className="mt-8 grid gap-10 md:grid-cols-[minmax(0,1fr)_300px] md:gap-12">
        <section aria-labelledby="unidad-titulo">
          {actual ? (
            <>
              <p className="eyebrow">Unidad {numero}</p>
              <h2 id="unidad-titulo" className="mt-2 text-3xl leading-tight md:text-4xl">
                {actual.nombre}
              </h2>
              {actual.videos.length === 0 ? (
                <p className="mt-6 rounded-xl border border-sand bg-white p-6 text-muted">
                  Esta unidad no tiene videos.
                </p>
              ) : (
                <ol className="mt-6 flex flex-col gap-10">
                  {actual.videos.map((video) => (
                    <li key={video.id}>
                      <CourseVideo
                        key={video.id}
                        videoId={video.id}
                        src={video.src}
                        poster={video.poster}
                        titulo={video.titulo}
                        hls={video.hls}
                      />
                      <h3 className="mt-4 text-2xl">{video.titulo}</h3>
                      {descargas[video.id] ? (
                        <a
                          href={descargas[video.id]}
                          download
                          className="mt-2 inline-flex items-center gap-2 text-sm font-medium text-clay-dark underline"
                        >
                          <Download className="size-4" aria-hidden />
                          Descargar video
                        </a>
                      ) : null}
                      {video.descripcion ? (
                        <p className="mt-2 whitespace-pre-line leading-relaxed text-ink/85">{video.descripcion}</p>
                      ) : null}
                    </li>
                  ))}
                </ol>
              )}

              {practica ? (
                <UnitPractice key={actual.id} unidadId={actual.id} practica={practica} answer={practiceAnswer} />
              ) : null}
              {esUltima && faltanPracticas ? (
                <p
                  className="mt-8 rounded-xl border border-sand bg-cream px-5 py-4 text-sm text-cocoa"
                  data-testid="practice-missing"
                >
                  {faltanPracticas}
                </p>
              ) : null}

              <div className="mt-10 flex flex-col gap-3 border-t border-sand pt-8 sm:flex-row sm:items-center">
                <UnitDoneButton unidadId={actual.id} done={progreso.terminadas.includes(actual.id)} />
                {siguiente ? (
                  <Link to={`?unidad=${siguiente}`} className="btn-primary">
                    Siguiente Unidad
                    <ChevronRight className="size-4" aria-hidden />
                  </Link>
                ) : null}
                {esUltima && curso.examen ? (
                  <Link to={examUrl} className="btn-primary">
                    <GraduationCap className="size-4" aria-hidden />
                    Presentar Examen Final
                  </Link>
                ) : null}
                {esUltima && !curso.examen && diplomaUrl ? <DiplomaLink href={diplomaUrl} /> : null}
              </div>
              <UnitQuestions key={actual.id} unidadId={actual.id} dudas={dudas} />
            </>
          ) : (
            <p className="rounded-xl border border-sand bg-white p-6 text-muted">
              Este curso todavía no tiene unidades publicadas. Vuelve pronto.
            </p>
          )}
        </section>

        <aside className="flex flex-col gap-6 md:sticky md:top-24 md:self-start">
          <nav aria-label="Unidades del curso" className="rounded-2xl border border-sand bg-white p-4">
            <h2 className="px-2 pb-2 font-sans text-xs font-medium uppercase tracking-[0.3em] text-clay-dark">
              Unidades
            </h2>
            <div className="px-2 pb-4">
              <CourseProgressBar {...progreso} />
            </div>
            <ol className="flex flex-col">
              {unidades.map((unidad, i) => {
                const current = unidad.id === actual?.id;
                return (
                  <li key={unidad.id}>
                    <Link
                      to={`?unidad=${unidad.id}`}
                      aria-current={current ? "page" : undefined}
                      className={`flex items-start gap-3 rounded-xl px-3 py-3 text-sm transition-colors ${
                        current ? "bg-cocoa text-cream" : "text-ink hover:bg-cream"
                      }`}
                    >
                      <span
                        className={`mt-0.5 w-6 shrink-0 font-serif text-base ${current ? "text-blush" : "text-clay-dark"}`}
                      >
                        {String(i + 1).padStart(2, "0")}
                      </span>
                      <span className="flex-1">{unidad.nombre}</span>
                      <UnitCheck done={progreso.terminadas.includes(unidad.id)} current={current} />
                    </Link>
                  </li>
                );
              })}
              {esUltima && curso.examen ? (
                <li>
                  <Link
                    to={examUrl}
                    className="mt-1 flex items-center gap-3 rounded-xl border border-clay/40 px-3 py-3 text-sm font-medium text-clay-dark hover:bg-cream"
                  >
                    <GraduationCap className="size-5 shrink-0" aria-hidden />
                    Examen Final
                  </Link>
                </li>
              ) : null}
            </ol>
          </nav>

          {diplomaUrl && curso.examen ? (
            <div className="rounded-2xl border border-sand bg-white p-5">
              <p className="flex items-center gap-2 text-sm text-cocoa">
                <CircleCheck className="size-5 text-emerald-700" aria-hidden />
                Aprobaste el examen final.
              </p>
              <div className="mt-4">
                <DiplomaLink href={diplomaUrl} />
              </div>
            </div>
          ) : null}

          {curso.manual ? (
            <a href={curso.manual} target="_blank" rel="noreferrer" download className="btn-outline">
              <FileText className="size-4" aria-hidden />
              Descargar manual
            </a>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

function DiplomaLink({ href }: { href: string }) {
  return (
    <a href={href} download className="btn-accent" data-testid="diploma-download">
      <Award className="size-4" aria-hidden />
      Descargar diploma
      <Download className="size-4" aria-hidden />
    </a>
  );
}
