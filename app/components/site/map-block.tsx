import { MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { fullAddress, mapEmbedUrl, site } from "~/config/site";

/**
 * How near the screen the map starts loading. A lazy frame alone loads 1,250–2,500 px ahead
 * (Chromium's thresholds): on a phone that is the whole contact page, and the map's page
 * (another origin, its scripts and tiles) took the slow connection with the first screen.
 */
const NEAR_SCREEN = "400px";

/** The studio on a map (OpenStreetMap embed, loaded only when scrolled near). */
/** `wide`: a full-width band (a shorter map) instead of a column. */
export function MapBlock({ className = "", wide = false }: { className?: string; wide?: boolean }) {
  const { lat, lng } = site.map;
  const frame = useRef<HTMLIFrameElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = frame.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <figure className={`overflow-hidden rounded-3xl border border-sand bg-white ${className}`}>
      <iframe
        ref={frame}
        src={near ? mapEmbedUrl() : undefined}
        data-testid="map-frame"
        title={`Mapa: ubicación del estudio ${site.name} en ${site.address.city}`}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        className={`block aspect-[4/3] w-full border-0 bg-sand/50 ${wide ? "md:aspect-[21/8]" : "md:aspect-[16/10]"}`}
      />
      <figcaption className="flex flex-col gap-2 px-5 py-4 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
        <span className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-clay" aria-hidden />
          {fullAddress()}
        </span>
        <a
          href={`https://www.google.com/maps/search/?api=1&query=${lat},${lng}`}
          target="_blank"
          rel="noopener noreferrer"
          className="shrink-0 font-medium text-clay-dark underline-offset-4 hover:underline"
        >
          Cómo llegar
        </a>
      </figcaption>
    </figure>
  );
}
