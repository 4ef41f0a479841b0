import type { CourseCard, GalleryImage, ProductCard, ServiceSummary } from "~/domain/catalog";
import { AppointmentSection } from "./appointment-section";
import { CoursesSection } from "./courses-section";
import { GalleryPreview } from "./gallery-preview";
import { ProductsSection } from "./products-section";
import { ServicesSection } from "./services-section";
import { StudioVideo } from "./studio-video";
import { VisitSection } from "./visit-section";

/**
 * The home page below its first screen (the hero and the claims): services, the studio's
 * video, products, courses, booking, gallery and the visit code. The home route hydrates it
 * when it comes into view (components/site/deferred.tsx).
 */
export function HomeBelowFold({
  services,
  products,
  courses,
  gallery,
  video,
  poster,
}: {
  services: ServiceSummary[];
  products: ProductCard[];
  courses: CourseCard[];
  gallery: GalleryImage[];
  video: string;
  poster: string;
}) {
  return (
    <>
      <ServicesSection services={services} />
      <StudioVideo src={video} poster={poster} />
      <ProductsSection products={products} />
      <CoursesSection courses={courses} />
      <AppointmentSection services={services} />
      <GalleryPreview images={gallery} />
      <VisitSection />
    </>
  );
}
