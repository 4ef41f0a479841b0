import { Minus, Plus } from "lucide-react";
import { QUANTITY_MAX, parseQuantity } from "~/domain/quantity";

/**
 * Quantity for the add-to-cart form (SPEC section 5): minus stops at 1, plus at the stock
 * (`max`, when given) and never past QUANTITY_MAX; typing is free (what was typed is checked
 * on submit, and by the server).
 */
export function QuantitySelector({
  value,
  onChange,
  disabled,
  max = QUANTITY_MAX,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** the stock: plus stops there */
  max?: number;
}) {
  const top = Math.max(1, Math.min(max, QUANTITY_MAX));
  const current = parseQuantity(value) ?? 1;
  return (
    <div className="inline-flex h-12 items-center rounded-full border border-cocoa/30 bg-white">
      <button
        type="button"
        className="flex h-full w-10 items-center justify-center rounded-l-full text-cocoa hover:text-clay disabled:opacity-40"
        aria-label="Quitar uno"
        disabled={disabled || current <= 1}
        onClick={() => onChange(String(Math.max(1, current - 1)))}
      >
        <Minus className="size-4" aria-hidden />
      </button>
      <input
        name="cantidad"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode="numeric"
        maxLength={String(QUANTITY_MAX).length}
        autoComplete="off"
        aria-label="Cantidad"
        disabled={disabled}
        className="h-full w-12 border-x border-cocoa/15 bg-transparent text-center text-ink focus:outline-none"
      />
      <button
        type="button"
        className="flex h-full w-10 items-center justify-center rounded-r-full text-cocoa hover:text-clay disabled:opacity-40"
        aria-label="Agregar uno"
        disabled={disabled || current >= top}
        onClick={() => onChange(String(Math.min(current + 1, top)))}
      >
        <Plus className="size-4" aria-hidden />
      </button>
    </div>
  );
}
