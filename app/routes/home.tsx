import { Claims } from "~/components/home/claims";
import { Hero } from "~/components/home/hero";
import { deferred } from "~/components/site/deferred";
import { pageMeta, structuredData } from "~/components/site/seo";
import { site } from "~/config/site";
import { studioSchema } from "~/domain/seo";
import { homeSections, pageSeo } from "~/server/site/catalog.server";
import type { Route } from "./+types/home";

export async function loader() {
  const sections = await homeSections();
  const seo = await pageSeo(sections.media.hero);
  // schema.org data is built here, on the server: its builders stay out of the browser's JavaScript.
  return { ...sections, seo, schema: studioSchema(seo.origin, seo.image) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const tags = pageMeta({
    title: `${site.name} | Micropigmentación de cejas, labios y estrías en Guadalajara`,
    fullTitle: true,
    description: `${site.tagline}: microblading, cejas ombré, labios, estrías, cursos y productos profesionales. Con ${site.claims.brows} y ${site.claims.students}.`,
    path: "/",
    ...loaderData?.seo,
  });
  return loaderData ? [...tags, structuredData(loaderData.schema)] : tags;
}

/** Everything below the hero and the claims: its code comes when it comes into view (ADR 027). */
const BelowFold = deferred("inicio", () => import("~/components/home/below-fold").then((m) => m.HomeBelowFold));

export default function Home({ loaderData }: Route.ComponentProps) {
  const { media, services, products, courses, gallery } = loaderData;
  return (
    <>
      <Hero image={media.hero} width={media.heroAncho} height={media.heroAlto} />
      <Claims />
      <BelowFold
        services={services}
        products={products}
        courses={courses}
        gallery={gallery}
        video={media.video}
        poster={media.poster}
      />
    </>
  );
}
