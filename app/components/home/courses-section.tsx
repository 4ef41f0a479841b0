import { Link } from "react-router";
import { CourseCard } from "~/components/courses/course-card";
import { Carousel } from "~/components/site/carousel";
import { SectionHeading } from "~/components/site/section-heading";
import type { CourseCard as CourseCardData } from "~/domain/catalog";

/** Courses: 3 at a time, 2 under 851 px, 1 under 551 px (SPEC §9). */
export function CoursesSection({ courses }: { courses: CourseCardData[] }) {
  if (courses.length === 0) return null;
  return (
    <section aria-labelledby="cursos-titulo" className="below-fold bg-sand/40 py-16 md:py-24">
      <div className="container-page">
        <SectionHeading
          id="cursos-titulo"
          align="left"
          eyebrow="Academia"
          title="Cursos"
          intro="Aprende con Michel en línea o en el estudio, con práctica real y acompañamiento."
        >
          <Link to="/cursos" className="btn-outline shrink-0 self-start md:self-auto">
            Ver cursos
          </Link>
        </SectionHeading>
        <div className="mt-12">
          <Carousel label="Cursos" slideClassName="basis-full sm:basis-1/2 md:basis-1/3" testId="courses-carousel">
            {courses.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </Carousel>
        </div>
      </div>
    </section>
  );
}
