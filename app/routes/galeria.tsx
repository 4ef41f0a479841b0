import { useEffect } from "react";
import { Link, useNavigate, useNavigation, useSearchParams } from "react-router";
import { GalleryGrid } from "~/components/gallery/gallery-grid";
import { GalleryTabs } from "~/components/gallery/gallery-tabs";
import { readGalleryService } from "~/components/services/gallery-storage";
import { SectionHeading } from "~/components/site/section-heading";
import { pageMeta } from "~/components/site/seo";
import { parsePage } from "~/domain/pagination";
import { galleryPages, listServices, pageSeo } from "~/server/site/catalog.server";
import type { Route } from "./+types/galeria";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const services = await listServices();
  // An unknown or removed service (an old stored id, an edited link) shows everything.
  const requested = url.searchParams.get("servicio");
  const servicio = services.some((s) => s.id === requested) ? requested : null;
  const gallery = await galleryPages(servicio, parsePage(url.searchParams.get("pagina")));
  return {
    services: services.map(({ id, nombre }) => ({ id, nombre })),
    servicio,
    gallery,
    seo: await pageSeo(gallery.images[0]?.url),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Galeria",
    description:
      "Resultados reales de microblading, cejas, labios y estrías realizados en el estudio Michel Alvarez en Guadalajara.",
    path: "/galeria",
    ...loaderData?.seo,
  });
}

export default function Galeria({ loaderData }: Route.ComponentProps) {
  const { services, servicio, gallery } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const names = new Map(services.map((s) => [s.id, s.nombre]));

  // Opens on the service chosen with a service page's 'Galeria' button (kept in the browser).
  // Only on arrival: a tab chosen afterwards is the visitor's choice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visit, on purpose
  useEffect(() => {
    if (searchParams.has("servicio")) return;
    const stored = readGalleryService();
    if (stored && services.some((s) => s.id === stored)) {
      navigate(`?servicio=${encodeURIComponent(stored)}`, { replace: true, preventScrollReset: true });
    }
  }, []);

  const next = new URLSearchParams();
  if (servicio) next.set("servicio", servicio);
  next.set("pagina", String(gallery.paginas + 1));
  const loadingMore = navigation.state === "loading" && navigation.location?.pathname === "/galeria";

  return (
    <div className="container-page py-16 md:py-24">
      <SectionHeading
        as="h1"
        eyebrow="Nuestro trabajo"
        title="Galeria"
        intro="Cada rostro es único. Mira resultados reales de nuestras clientas."
      />
      <div className="mt-12">
        <GalleryTabs services={services} current={servicio} />
      </div>
      <div className="mt-10" aria-live="polite" aria-busy={loadingMore}>
        <GalleryGrid
          testId="gallery-grid"
          priorityFirst
          images={gallery.images.map((image) => ({
            key: image.id,
            src: image.url,
            alt: image.nombre || `${names.get(image.servicioId) ?? "Trabajo"} por Michel Alvarez`,
            width: image.ancho,
            height: image.alto,
          }))}
        />
      </div>
      <div className="mt-12 flex justify-center">
        {gallery.hayMas ? (
          <Link
            to={`?${next}`}
            preventScrollReset
            replace
            className="btn-outline min-w-48"
            data-testid="gallery-more"
            aria-disabled={loadingMore || undefined}
          >
            {loadingMore ? "Cargando…" : "Ver más..."}
          </Link>
        ) : (
          <p className="font-serif text-2xl italic text-muted" data-testid="gallery-empty">
            Sin Imagenes
          </p>
        )}
      </div>
    </div>
  );
}
