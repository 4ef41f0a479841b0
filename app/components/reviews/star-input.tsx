import { Star } from "lucide-react";
import { useState } from "react";

/**
 * The rating of a review: five star buttons that are a native radio group (name
 * `calificacion`, values 1..5), so arrow keys, screen readers and forms without
 * JavaScript all work. Stars up to the hovered or chosen one are filled.
 */
export function StarInput({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm text-cocoa">Calificación</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only previews the stars */}
      <div className="flex gap-1" onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded p-0.5 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-clay"
            onMouseEnter={() => setHover(n)}
          >
            <input
              type="radio"
              name="calificacion"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <span className="sr-only">{n === 1 ? "1 estrella" : `${n} estrellas`}</span>
            <Star
              aria-hidden
              strokeWidth={1.5}
              className={`size-7 transition-colors ${n <= shown ? "fill-clay text-clay" : "fill-transparent text-clay/50"}`}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
