import { Images } from "lucide-react";
import { Link } from "react-router";
import { storeGalleryService } from "./gallery-storage";

/**
 * 'Galeria': remembers the service in the browser and opens /galeria on it. The link also
 * carries ?servicio= so that it lands on the right tab without JavaScript.
 */
export function GalleryButton({ servicioId }: { servicioId: string }) {
  return (
    <Link
      to={`/galeria?servicio=${encodeURIComponent(servicioId)}`}
      onClick={() => storeGalleryService(servicioId)}
      className="btn-outline"
      data-testid="service-gallery-button"
    >
      <Images className="size-4" aria-hidden />
      Galeria
    </Link>
  );
}
