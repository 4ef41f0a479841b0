import { Link } from "react-router";
import { GalleryGrid } from "~/components/gallery/gallery-grid";
import { SectionHeading } from "~/components/site/section-heading";
import type { GalleryImage } from "~/domain/catalog";

export function GalleryPreview({ images }: { images: GalleryImage[] }) {
  if (images.length === 0) return null;
  return (
    <section aria-labelledby="galeria-titulo" className="below-fold container-page py-16 md:py-24">
      <SectionHeading id="galeria-titulo" eyebrow="Resultados reales" title="Galeria" intro="Un vistazo a nuestro trabajo." />
      <div className="mt-12">
        <GalleryGrid
          testId="gallery-preview"
          images={images.map((image) => ({
            key: image.id,
            src: image.url,
            alt: image.nombre || "Trabajo realizado en el estudio Michel Alvarez",
            width: image.ancho,
            height: image.alto,
          }))}
        />
      </div>
      <div className="mt-10 text-center">
        <Link to="/galeria" className="btn-outline">
          Ver galería completa
        </Link>
      </div>
    </section>
  );
}
