import { Link } from "react-router";
import { MediaImage } from "~/components/site/media-image";
import type { CourseCard as CourseCardData } from "~/domain/catalog";
import { courseHours } from "~/domain/course-length";
import { CoursePrice } from "./course-price";

/**
 * A course in a list or carousel, linking to its page (`course.pagina`): /cursos/{id} online,
 * /cursos-presenciales/{id} in person when it has one (null: no link, only details).
 */
export function CourseCard({
  course,
  headingLevel = "h3",
  priority = false,
}: {
  course: CourseCardData;
  headingLevel?: "h2" | "h3";
  /** the list's first card, on the first screen: its image is the page's LCP */
  priority?: boolean;
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
          priority={priority}
          sizes="(min-width: 851px) 33vw, (min-width: 551px) 50vw, 100vw"
          className="aspect-[4/3] w-full object-cover transition-transform duration-700 group-hover:scale-105"
        />
        <span className="absolute left-4 top-4 rounded-full bg-cream/90 px-3 py-1 text-[0.65rem] font-medium uppercase tracking-[0.2em] text-cocoa">
          {online ? "En línea" : "Presencial"}
        </span>
      </div>
      <H className="mt-5 text-2xl leading-tight group-hover:text-clay-dark">{title}</H>
      {courseHours(course) && (
        <p className="mt-1 text-sm text-muted" data-testid="course-hours">
          {courseHours(course)}
        </p>
      )}
      {course.precio > 0 && (
        <div className="mt-3">
          <CoursePrice precio={course.precio} precioDescuento={course.precioDescuento} />
        </div>
      )}
    </>
  );
  if (!course.pagina) return <div className="group block">{body}</div>;
  return (
    <Link to={course.pagina} className="group block" data-testid="course-card">
      {body}
    </Link>
  );
}
