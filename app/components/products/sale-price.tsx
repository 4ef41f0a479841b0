import { priceBefore } from "~/domain/catalog";
import { formatPrice } from "~/domain/money";

/**
 * A price, and on sale the former one crossed out after it: "$249.00 antes $399.00" (cards,
 * the product page, search results). `suffix` adds MXN (the product page).
 */
export function SalePrice({
  precio,
  precioAntes,
  suffix = false,
  className = "",
}: {
  precio: number;
  precioAntes: number | null;
  suffix?: boolean;
  className?: string;
}) {
  const before = priceBefore({ precio, precioAntes });
  return (
    <p className={className}>
      <span>{formatPrice(precio, { suffix })}</span>
      {before !== null && (
        <>
          {" "}
          <del className="whitespace-nowrap text-[0.85em] font-normal text-muted" data-testid="precio-antes">
            antes {formatPrice(before)}
          </del>
        </>
      )}
    </p>
  );
}
