import { ChevronLeft, ChevronRight } from "lucide-react";
import {
  Children,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";

/**
 * A swipeable row of cards: the browser's own scrolling with snap points (a phone swipes it
 * natively, with momentum), plus arrows and mouse dragging once React runs (the arrows are in
 * the server's markup too, hidden until then). How many show at once is the slides' CSS
 * width, set per breakpoint by the caller (`slideClassName`, e.g. "basis-full sm:basis-1/4"),
 * so the server renders the same layout the browser shows. No
 * library (Embla was 7 KB of the home's first-load JavaScript; ADR 019).
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
  const viewport = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; left: number; moved: boolean } | null>(null);
  const [ready, setReady] = useState(false);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const slides = Children.toArray(children);

  const update = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    setCanPrev(el.scrollLeft > 1);
    setCanNext(el.scrollLeft < el.scrollWidth - el.clientWidth - 1);
  }, []);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    setReady(true);
    // Measured when the browser lays the row out (at first, and when it or its cards change
    // size), not at once: reading its sizes while the page hydrates forced a layout of the
    // whole page (about 25 ms on a phone, issue 13).
    const sizes = new ResizeObserver(update);
    sizes.observe(el);
    if (el.firstElementChild) sizes.observe(el.firstElementChild);
    el.addEventListener("scroll", update, { passive: true });
    return () => {
      sizes.disconnect();
      el.removeEventListener("scroll", update);
    };
  }, [update]);

  /** width of one slide (card and gutter): what an arrow or a swipe moves */
  const step = () => viewport.current?.querySelector<HTMLElement>("[data-carousel-slide]")?.offsetWidth ?? 0;
  const scrollBySlides = (n: number) => viewport.current?.scrollBy({ left: n * step(), behavior: "smooth" });

  // Mouse dragging (touch and pens scroll natively): the row follows the pointer, then
  // settles on the next card in the drag's direction.
  const onPointerDown = (event: ReactPointerEvent) => {
    const el = viewport.current;
    if (!el || event.pointerType !== "mouse" || event.button !== 0) return;
    drag.current = { x: event.clientX, left: el.scrollLeft, moved: false };
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const el = viewport.current;
    const d = drag.current;
    if (!el || !d) return;
    const dx = event.clientX - d.x;
    if (!d.moved && Math.abs(dx) < 5) return;
    if (!d.moved) {
      d.moved = true;
      el.style.scrollSnapType = "none";
      el.setPointerCapture(event.pointerId);
    }
    el.scrollLeft = d.left - dx;
  };
  const onPointerUp = () => {
    const el = viewport.current;
    const d = drag.current;
    drag.current = null;
    if (!el || !d?.moved) return;
    const width = step() || 1;
    const moved = (el.scrollLeft - d.left) / width;
    // A fifth of a card is enough to go to the next one.
    const index =
      Math.round(d.left / width) +
      (Math.abs(moved) < 0.2 ? 0 : moved > 0 ? Math.ceil(moved - 0.2) : Math.floor(moved + 0.2));
    el.style.scrollSnapType = "";
    el.scrollTo({ left: Math.max(0, index) * width, behavior: "smooth" });
    // The click that ends a drag does not follow the link under the pointer.
    const swallow = (e: Event) => e.preventDefault();
    el.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => el.removeEventListener("click", swallow, { capture: true }), 0);
  };

  return (
    <div role="region" aria-roledescription="carrusel" aria-label={label} data-testid={testId} className="relative">
      <div
        ref={viewport}
        data-carousel-viewport
        data-ready={ready ? "" : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        className="snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:thin] data-ready:[scrollbar-width:none] data-ready:[&::-webkit-scrollbar]:hidden"
      >
        {/* Links and images are not draggable here, so that a mouse drag moves the row. */}
        <div className="-ml-4 flex md:-ml-6 [&_a]:[-webkit-user-drag:none] [&_img]:[-webkit-user-drag:none]">
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${i + 1} de ${slides.length}`}
              data-carousel-slide
              className={`relative min-w-0 shrink-0 grow-0 pl-4 md:pl-6 [&>*]:snap-start ${slideClassName}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {/* In the server's markup too (hidden until React runs): the page's stylesheet then has
          the arrows' rules (ADR 027), and showing them needs no other. */}
      <div className={`mt-6 justify-end gap-3 ${ready && (canPrev || canNext) ? "flex" : "hidden"}`}>
        <button
          type="button"
          onClick={() => scrollBySlides(-1)}
          disabled={!canPrev}
          aria-label={`Anterior: ${label}`}
          className="flex size-11 items-center justify-center rounded-full border border-cocoa/30 text-cocoa transition-colors hover:border-cocoa hover:bg-cocoa hover:text-cream disabled:pointer-events-none disabled:opacity-30"
        >
          <ChevronLeft className="size-5" aria-hidden />
        </button>
        <button
          type="button"
          onClick={() => scrollBySlides(1)}
          disabled={!canNext}
          aria-label={`Siguiente: ${label}`}
          className="flex size-11 items-center justify-center rounded-full border border-cocoa/30 text-cocoa transition-colors hover:border-cocoa hover:bg-cocoa hover:text-cream disabled:pointer-events-none disabled:opacity-30"
        >
          <ChevronRight className="size-5" aria-hidden />
        </button>
      </div>
    </div>
  );
}
