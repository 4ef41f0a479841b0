import { Star } from "lucide-react";

/** A read-only row of 5 stars, `value` of them filled (an average is already rounded up). */
export function Stars({ value, size = "size-4", label }: { value: number; size?: string; label?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={label ?? `${value} de 5 estrellas`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          strokeWidth={1.5}
          className={`${size} ${n <= value ? "fill-clay text-clay" : "fill-transparent text-clay/40"}`}
        />
      ))}
    </span>
  );
}
