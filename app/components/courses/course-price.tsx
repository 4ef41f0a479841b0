import { coursePrice } from "~/domain/course-price";
import { formatPrice } from "~/domain/money";

/**
 * A course price: the discounted price with the regular one crossed out when there is a
 * discount (SPEC §2), else the regular price; the rule is app/domain/course-price.ts. `suffix` adds 'MXN' (course pages, SPEC §9).
 */
export function CoursePrice({
  precio,
  precioDescuento,
  suffix = false,
  size = "md",
}: {
  precio: number;
  precioDescuento: number | null;
  suffix?: boolean;
  size?: "md" | "lg";
}) {
  const { precio: charged, regular } = coursePrice({ precio, precioDescuento });
  const big = size === "lg" ? "text-4xl" : "text-2xl";
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="course-price">
      {regular !== null ? (
        <>
          <span className={`font-serif ${big} text-cocoa`}>
            <span className="sr-only">Precio con descuento: </span>
            {formatPrice(charged, { suffix })}
          </span>
          <del className="text-sm text-muted" data-testid="course-price-regular">
            <span className="sr-only">Precio regular: </span>
            {formatPrice(regular, { suffix })}
          </del>
        </>
      ) : (
        <span className={`font-serif ${big} text-cocoa`}>{formatPrice(charged, { suffix })}</span>
      )}
    </p>
  );
}
