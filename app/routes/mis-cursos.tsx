import { BookOpen, Download, PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { site } from "~/config/site";
import { noCourses } from "~/domain/messages";
import { CourseProgressBar } from "~/components/courses/unit-progress";
import { getDb } from "~/server/db/index.server";
import { listMyCourses } from "~/server/school/enrolment.server";
import { courseProgress } from "~/server/school/progress.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/mis-cursos";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const cursos = await listMyCourses(user.id);
  const progress = await Promise.all(cursos.map((curso) => courseProgress(getDb(), user.id, curso.id)));
  return {
    cursos: cursos.map((curso, i) => {
      const { terminadas: _t, continuar, abre, ...progreso } = progress[i];
      // the viewer reopens the unit she was on by itself; a finished one is skipped here
      const unidad = continuar && continuar !== abre ? `?unidad=${encodeURIComponent(continuar)}` : "";
      const href = `/curso-michel-alvarez/${curso.id}${unidad}`;
      return { ...curso, progreso, continuar: href };
    }),
  };
}

export default function MisCursos({ loaderData }: Route.ComponentProps) {
  const { cursos } = loaderData;
  return (
    <section className="container-page py-12 md:py-16">
      <title>{`Mis cursos | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">Mi perfil</p>
      <h1 className="mt-3 text-4xl md:text-5xl">Mis cursos</h1>

      {cursos.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-sand bg-white px-6 py-14 text-center">
          <BookOpen className="mx-auto size-10 text-clay" aria-hidden strokeWidth={1.25} />
          <p className="mt-4 text-lg text-cocoa" data-testid="no-courses">
            {noCourses.text}
          </p>
          <Link to="/cursos" className="btn-primary mt-8">
            Ver cursos
          </Link>
        </div>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 md:grid-cols-3">
          {cursos.map((curso) => (
            <li key={curso.id} className="flex flex-col overflow-hidden rounded-2xl border border-sand bg-white">
              {curso.imagen ? (
                <img src={curso.imagen} alt="" className="aspect-[4/3] w-full object-cover" loading="lazy" />
              ) : (
                <div className="aspect-[4/3] w-full bg-gradient-to-br from-blush to-sand" aria-hidden />
              )}
              <div className="flex flex-1 flex-col p-5">
                <h2 className="text-2xl leading-tight">{curso.tituloExterior || curso.titulo}</h2>
                {curso.horas ? <p className="mt-1 text-sm text-muted">{curso.horas}</p> : null}
                {curso.progreso.total > 0 ? (
                  <div className="mt-5">
                    <CourseProgressBar {...curso.progreso} />
                  </div>
                ) : null}
                <div className="mt-auto flex flex-col gap-3 pt-6">
                  <Link to={curso.continuar} className="btn-primary" data-testid="course-continue">
                    <PlayCircle className="size-4" aria-hidden />
                    {curso.progreso.empezado ? "Continuar" : "Empezar curso"}
                  </Link>
                  {curso.manual ? (
                    <a href={curso.manual} className="btn-outline" target="_blank" rel="noreferrer" download>
                      <Download className="size-4" aria-hidden />
                      Descargar manual
                    </a>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
