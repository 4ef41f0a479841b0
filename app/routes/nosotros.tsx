import { Link } from "react-router";
import { deferred } from "~/components/site/deferred";
import { MediaImage } from "~/components/site/media-image";
import { pageMeta } from "~/components/site/seo";
import { pageSeo, siteMedia } from "~/server/site/catalog.server";
import type { Route } from "./+types/nosotros";

export async function loader() {
  const media = await siteMedia();
  return { media, seo: await pageSeo(media.instalaciones[0]?.url) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Nosotros",
    description:
      "Conoce a Michel Alvarez y su estudio en Guadalajara: nuestra historia, filosofía, valores e instalaciones pensadas para tu comodidad.",
    path: "/nosotros",
    ...loaderData?.seo,
  });
}

/** Everything below the page's first screen: its code comes when it comes into view (ADR 027). */
const BelowFold = deferred("nosotros", () => import("~/components/about/below-fold").then((m) => m.AboutBelowFold));

export default function Nosotros({ loaderData }: Route.ComponentProps) {
  const { media } = loaderData;
  const portrait = media.instalaciones[0]?.url || media.hero;
  return (
    <div>
      <header className="container-page grid items-center gap-12 py-16 md:grid-cols-2 md:gap-20 md:py-24">
        <div>
          <p className="eyebrow">Nosotros</p>
          <h1 className="mt-4 text-5xl leading-tight md:text-7xl">Belleza con propósito</h1>
          <p className="mt-6 text-lg leading-relaxed text-ink/85">
            Somos un estudio de micropigmentación y maquillaje en Guadalajara dedicado a realzar lo que ya eres: cejas,
            labios y piel que se ven naturales y te devuelven la confianza al mirarte al espejo.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="#instalaciones" className="btn-outline">
              Ver instalaciones
            </Link>
            <Link to="#mapa" className="btn-outline">
              Cómo llegar
            </Link>
          </div>
        </div>
        <MediaImage
          src={portrait}
          alt="El estudio Michel Alvarez en Guadalajara"
          width={900}
          height={1100}
          priority
          sizes="(min-width: 851px) 50vw, 100vw"
          className="aspect-[4/5] w-full rounded-[2rem] object-cover shadow-xl shadow-cocoa/10"
        />
      </header>

      <BelowFold instalaciones={media.instalaciones} />
    </div>
  );
}
