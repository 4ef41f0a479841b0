import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Children, type ReactNode, useCallback, useEffect, useState } from "react";

/**
 * A swipeable row of cards (Embla). How many show at once is the slides' CSS width, set per
 * breakpoint by the caller (`slideClassName`, e.g. "basis-full sm:basis-1/4"), so the server
 * renders the same layout the browser shows. Without JavaScript the row scrolls natively with
 * snap points; once Embla is running it takes over dragging and the arrows appear.
 */
export function Carousel({
  label,
  slideClassName,
  children,
  testId,
}: {
  /** accessible name of the carousel, e.g. "Productos destacados" */
  label: string;
  slideClassName: string;
  children: ReactNode;
  testId?: string;
}) {
  const [viewportRef, api] = useEmblaCarousel({ align: "start", containScroll: "trimSnaps", dragFree: false });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const slides = Children.toArray(children);

  const update = useCallback(() => {
    if (!api) return;
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api]);

  useEffect(() => {
    if (!api) return;
    update();
    api.on("select", update).on("reInit", update);
    return () => {
      api.off("select", update).off("reInit", update);
    };
  }, [api, update]);

  const ready = Boolean(api);
  return (
    <div role="region" aria-roledescription="carrusel" aria-label={label} data-testid={testId} className="relative">
      <div
        ref={viewportRef}
        data-carousel-viewport
        className={ready ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto [scrollbar-width:thin]"}
      >
        {/* Links and images are not draggable here, so that a mouse drag moves the row. */}
        <div className="-ml-4 flex touch-pan-y md:-ml-6 [&_a]:[-webkit-user-drag:none] [&_img]:[-webkit-user-drag:none]">
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${i + 1} de ${slides.length}`}
              data-carousel-slide
              className={`relative min-w-0 shrink-0 grow-0 snap-start pl-4 md:pl-6 ${slideClassName}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {ready && (canPrev || canNext) && (
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            onClick={() => api?.scrollPrev()}
            disabled={!canPrev}
            aria-label={`Anterior: ${label}`}
            className="flex size-11 items-center justify-center rounded-full border border-cocoa/30 text-cocoa transition-colors hover:border-cocoa hover:bg-cocoa hover:text-cream disabled:pointer-events-none disabled:opacity-30"
          >
            <ChevronLeft className="size-5" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => api?.scrollNext()}
            disabled={!canNext}
            aria-label={`Siguiente: ${label}`}
            className="flex size-11 items-center justify-center rounded-full border border-cocoa/30 text-cocoa transition-colors hover:border-cocoa hover:bg-cocoa hover:text-cream disabled:pointer-events-none disabled:opacity-30"
          >
            <ChevronRight className="size-5" aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
