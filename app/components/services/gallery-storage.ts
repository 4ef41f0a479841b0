/**
 * The service chosen for the gallery, kept in the browser (SPEC §3 "local browser storage":
 * the service id chosen for the gallery). The service page's 'Galeria' button writes it;
 * /galeria opens on it.
 */
export const GALLERY_SERVICE_KEY = "galeriaServicio";

export function storeGalleryService(id: string | null): void {
  try {
    if (id) window.localStorage.setItem(GALLERY_SERVICE_KEY, id);
    else window.localStorage.removeItem(GALLERY_SERVICE_KEY);
  } catch {
    // Storage can be unavailable (private mode, blocked); the link's ?servicio= still works.
  }
}

export function readGalleryService(): string | null {
  try {
    return window.localStorage.getItem(GALLERY_SERVICE_KEY);
  } catch {
    return null;
  }
}
