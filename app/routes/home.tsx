import { AppointmentSection } from "~/components/home/appointment-section";
import { Claims } from "~/components/home/claims";
import { CoursesSection } from "~/components/home/courses-section";
import { GalleryPreview } from "~/components/home/gallery-preview";
import { Hero } from "~/components/home/hero";
import { ProductsSection } from "~/components/home/products-section";
import { ServicesSection } from "~/components/home/services-section";
import { StudioVideo } from "~/components/home/studio-video";
import { VisitSection } from "~/components/home/visit-section";
import { pageMeta, structuredData } from "~/components/site/seo";
import { site } from "~/config/site";
import { studioSchema } from "~/domain/seo";
import { homeSections, pageSeo } from "~/server/catalog-public.server";
import type { Route } from "./+types/home";

export async function loader() {
  const sections = await homeSections();
  return { ...sections, seo: await pageSeo(sections.media.hero) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const tags = pageMeta({
    title: `${site.name} | Micropigmentación de cejas, labios y estrías en Guadalajara`,
    fullTitle: true,
    description: `${site.tagline}: microblading, cejas ombré, labios, estrías, cursos y productos profesionales. Con ${site.claims.brows} y ${site.claims.students}.`,
    path: "/",
    ...loaderData?.seo,
  });
  return loaderData ? [...tags, structuredData(studioSchema(loaderData.seo.origin, loaderData.seo.image))] : tags;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { media, services, products, courses, gallery } = loaderData;
  return (
    <>
      <Hero image={media.hero} width={media.heroAncho} height={media.heroAlto} />
      <Claims />
      <ServicesSection services={services} />
      <StudioVideo src={media.video} poster={media.poster} />
      <ProductsSection products={products} />
      <CoursesSection courses={courses} />
      <AppointmentSection services={services} />
      <GalleryPreview images={gallery} />
      <VisitSection />
    </>
  );
}
