/**
 * The favourite toggle of product cards and the product page (SPEC section 4): adds or
 * removes the product in the user's favourites, with a toast. Logged out it shows the
 * spec's '¡Inicia sesion!' alert,
 * whose button opens the log-in overlay. The server decides; the heart only shows its answer
 * (optimistically while the request runs).
 */
import { Heart } from "lucide-react";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { useLoginRequired } from "~/components/auth/login-overlay-provider";
import { useToast } from "~/components/ui/toast-provider";
import { loginRequiredFavorites, serverError } from "~/domain/messages";
import { useRootData } from "~/root";

export const FAVORITES_ACTION = "/api/favoritos";

export function FavoriteButton({
  productoId,
  initialFavorite,
  nombre,
  className = "",
}: {
  productoId: string;
  initialFavorite: boolean;
  /** the product's name, for screen readers */
  nombre?: string;
  className?: string;
}) {
  const user = useRootData()?.user ?? null;
  const [favorite, setFavorite] = useState(initialFavorite);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const requireLogin = useLoginRequired();
  const toast = useToast();

  useEffect(() => setFavorite(initialFavorite), [initialFavorite]);

  // A plain request rather than a fetcher: on /mis-favoritos the card (and this button)
  // disappears with the revalidation, and the toast must still be shown.
  async function toggle(event: React.MouseEvent) {
    // The button sits on a card that is a link: the click is the heart's alone.
    event.preventDefault();
    event.stopPropagation();
    if (!user) {
      void requireLogin(loginRequiredFavorites);
      return;
    }
    if (busy) return;
    const before = favorite;
    setBusy(true);
    setFavorite(!before);
    try {
      const response = await fetch(FAVORITES_ACTION, {
        method: "POST",
        body: new URLSearchParams({ productoId }),
        headers: { Accept: "application/json" },
      });
      const result = (await response.json().catch(() => ({}))) as { favorito?: boolean; message?: string };
      if (response.ok && typeof result.favorito === "boolean") {
        setFavorite(result.favorito);
        toast.show(result.favorito ? "Agregado a favoritos" : "Eliminado de favoritos");
        revalidator.revalidate();
      } else if (response.status === 401) {
        setFavorite(before);
        void requireLogin(loginRequiredFavorites);
      } else {
        setFavorite(before);
        toast.show(result.message ?? serverError.text, { tone: "error" });
      }
    } catch {
      setFavorite(before);
      toast.show(serverError.text, { tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={favorite}
      aria-busy={busy}
      aria-label={nombre ? `Favorito: ${nombre}` : "Favorito"}
      title={favorite ? "Quitar de favoritos" : "Agregar a favoritos"}
      data-testid="favorite-button"
      className={`flex size-10 items-center justify-center rounded-full bg-white/90 text-clay shadow-sm backdrop-blur transition hover:scale-105 hover:bg-white ${className}`}
    >
      <Heart className="size-5" aria-hidden strokeWidth={1.75} fill={favorite ? "currentColor" : "none"} />
    </button>
  );
}
