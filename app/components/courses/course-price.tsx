import { formatPrice } from "~/domain/money";

/**
 * A course price: the discounted price with the regular one crossed out when there is a
 * discount (SPEC §2), else the regular price. `suffix` adds 'MXN' (course pages, SPEC §9).
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
  const discounted = precioDescuento !== null && precioDescuento < precio;
  const big = size === "lg" ? "text-4xl" : "text-2xl";
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="course-price">
      {discounted ? (
        <>
          <span className={`font-serif ${big} text-cocoa`}>
            <span className="sr-only">Precio con descuento: </span>
            {formatPrice(precioDescuento, { suffix })}
          </span>
          <del className="text-sm text-muted" data-testid="course-price-regular">
            <span className="sr-only">Precio regular: </span>
            {formatPrice(precio, { suffix })}
          </del>
        </>
      ) : (
        <span className={`font-serif ${big} text-cocoa`}>{formatPrice(precio, { suffix })}</span>
      )}
    </p>
  );
}
