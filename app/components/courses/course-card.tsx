import { Link } from "react-router";
import { MediaImage } from "~/components/site/media-image";
import type { CourseCard as CourseCardData } from "~/domain/catalog";
import { CoursePrice } from "./course-price";

/**
 * A course in a list or carousel. Online courses link to /cursos/{id}; in-person ones to
 * /cursos-presenciales/{id} when they have a page (`href` null: no link, only details).
 */
export function CourseCard({
  course,
  href,
  headingLevel = "h3",
}: {
  course: CourseCardData;
  href: string | null;
  headingLevel?: "h2" | "h3";
}) {
  const H = headingLevel;
  const title = course.tituloExterior || course.titulo;
  const online = course.tipo === "online";
  const body = (
    <>
      <div className="relative overflow-hidden rounded-2xl bg-sand">
        <MediaImage
          src={course.imagenExterior}
          alt=""
          width={1200}
          height={900}
          className="aspect-[4/3] w-full object-cover transition-transform duration-700 group-hover:scale-105"
        />
        <span className="absolute left-4 top-4 rounded-full bg-cream/90 px-3 py-1 text-[0.65rem] font-medium uppercase tracking-[0.2em] text-cocoa">
          {online ? "En línea" : "Presencial"}
        </span>
      </div>
      <H className="mt-5 text-2xl leading-tight group-hover:text-clay-dark">{title}</H>
      {(course.horas || course.duracion) && (
        <p className="mt-1 text-sm text-muted">{course.horas || course.duracion}</p>
      )}
      {course.precio > 0 && (
        <div className="mt-3">
          <CoursePrice precio={course.precio} precioDescuento={course.precioDescuento} />
        </div>
      )}
    </>
  );
  if (!href) return <div className="group block">{body}</div>;
  return (
    <Link to={href} className="group block" data-testid="course-card">
      {body}
    </Link>
  );
}
