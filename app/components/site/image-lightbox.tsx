import Lightbox from "yet-another-react-lightbox";
import "yet-another-react-lightbox/styles.css";

export type LightboxImage = { src: string; alt: string; width?: number | null; height?: number | null };

/** Full-screen viewer for a gallery (swipe, arrows, Escape to close), labelled in Spanish. */
export function ImageLightbox({
  images,
  index,
  onClose,
}: {
  images: LightboxImage[];
  /** the open image; -1 when closed */
  index: number;
  onClose: () => void;
}) {
  return (
    <Lightbox
      open={index >= 0}
      index={Math.max(index, 0)}
      close={onClose}
      slides={images.map((image) => ({
        src: image.src,
        alt: image.alt,
        width: image.width ?? undefined,
        height: image.height ?? undefined,
      }))}
      labels={{
        Previous: "Anterior",
        Next: "Siguiente",
        Close: "Cerrar",
        Lightbox: "Visor de imágenes",
        Carousel: "carrusel",
        Slide: "imagen",
        "Photo gallery": "Galería de fotos",
        "{index} of {total}": "{index} de {total}",
      }}
      styles={{ container: { backgroundColor: "rgba(43, 33, 29, 0.94)" } }}
      controller={{ closeOnBackdropClick: true }}
    />
  );
}
