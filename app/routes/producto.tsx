import { ChevronRight, ShoppingBag } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, data, useFetcher } from "react-router";
import { rememberCartId } from "~/components/cart/local-storage";
import { FavoriteButton } from "~/components/favorites/favorite-button";
import { ProductGallery } from "~/components/products/product-gallery";
import { QuantitySelector } from "~/components/products/quantity-selector";
import { SalePrice } from "~/components/products/sale-price";
import { DeferredReviews } from "~/components/reviews/deferred-reviews";
import { Stars } from "~/components/reviews/stars";
import { deferred } from "~/components/site/deferred";
import { pageMeta, structuredData } from "~/components/site/seo";
import { useAlert } from "~/components/ui/alert-provider";
import { useToast } from "~/components/ui/toast-provider";
import { invalidRequest, notFound } from "~/domain/limits";
import { invalidQuantity } from "~/domain/messages";
import { formatPrice } from "~/domain/money";
import { parseQuantity } from "~/domain/quantity";
import { joinSentences, productSchema } from "~/domain/seo";
import { useRootData } from "~/root";
import { addToCart, cartResponseHeaders, getCartId } from "~/server/shop/cart.server";
import { favoriteIdsAmong, getProduct, relatedProducts } from "~/server/shop/catalog.server";
import { getDb } from "~/server/db/index.server";
import { env } from "~/server/env.server";
import { handleReviewAction, listReviews } from "~/server/reviews/reviews.server";
import { currentUser } from "~/server/session.server";
import type { Route } from "./+types/producto";

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const product = await getProduct(db, params.id);
  if (!product) throw data(null, { status: 404 });
  const [related, reviews, user] = await Promise.all([
    relatedProducts(db, product),
    listReviews(db, { productoId: product.id }),
    currentUser(request),
  ]);
  const favorites = await favoriteIdsAmong(db, user?.id ?? null, [product.id, ...related.map((p) => p.id)]);
  // schema.org data is built here, on the server: its builders stay out of the browser's JavaScript.
  const schema = productSchema(product, env.publicUrl, reviews);
  return { product, related, reviews, favorites, origin: env.publicUrl, schema };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "review") {
    const db = getDb();
    if (!(await getProduct(db, params.id))) throw data({ message: notFound }, { status: 404 });
    return handleReviewAction(request, form, { productoId: params.id }, context.clientIp);
  }
  if (intent === "add") {
    // Only the product id (from the URL) and the quantity are read: the price, stock and
    // everything else come from the catalogue.
    const result = await addToCart(getDb(), await getCartId(request), params.id, form.get("cantidad"));
    if (!result.ok) return data(result, { status: 400 });
    return data(result, { headers: await cartResponseHeaders(result.cartId) });
  }
  throw data({ message: invalidRequest }, { status: 400 });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { product, origin, schema } = loaderData;
  const tags = pageMeta({
    title: product.nombre,
    description:
      product.especificacion ||
      joinSentences(
        `${product.marca ? `${product.nombre} de ${product.marca}` : product.nombre}, ${formatPrice(product.precio, { suffix: true })}`,
      ),
    origin,
    path: `/producto/${product.id}`,
    image: product.urlImagen || undefined,
    product: { precio: product.precio, available: product.cantidad > 0 },
  });
  return [...tags, structuredData(schema)];
}

/** The related products at the foot of the page: their code comes when they come into view (ADR 027). */
const Related = deferred("relacionados", () =>
  import("~/components/products/related-products").then((m) => m.RelatedProducts),
);

/** /producto/{id}: gallery, details, add to cart, specification, reviews, related products. */
export default function Producto({ loaderData, actionData }: Route.ComponentProps) {
  const { product, related, reviews, favorites } = loaderData;
  // Only set when a form was posted without JavaScript (fetchers keep their own answers).
  const notice = actionData && !actionData.ok ? actionData.message : null;
  const loggedIn = Boolean(useRootData()?.user);
  const soldOut = product.cantidad <= 0;

  return (
    <div className="container-page py-6 md:py-12">
      {notice && (
        <p role="alert" className="mb-6 rounded-2xl bg-white px-5 py-4 text-sm ring-1 ring-sand">
          <strong className="font-medium text-cocoa">{notice.title}</strong> {notice.text}
        </p>
      )}
      <nav
        aria-label="Ruta"
        className="flex flex-wrap items-center gap-1 text-xs uppercase tracking-[0.14em] text-muted"
      >
        <Link to="/categorias" className="hover:text-clay">
          Categorías
        </Link>
        <ChevronRight className="size-3" aria-hidden />
        <Link to={`/productos/${product.categoriaId}`} className="hover:text-clay">
          {product.categoriaNombre}
        </Link>
      </nav>

      <div className="mt-5 grid gap-8 md:mt-8 md:grid-cols-2 md:gap-14">
        <ProductGallery images={product.imagenes} name={product.nombre} />

        <div className="flex flex-col">
          <div className="flex items-start justify-between gap-4">
            <div>
              {product.marca && <p className="eyebrow">{product.marca}</p>}
              <h1 className="mt-2 text-3xl leading-tight sm:text-4xl md:text-5xl">{product.nombre}</h1>
            </div>
            <FavoriteButton
              productoId={product.id}
              initialFavorite={favorites.includes(product.id)}
              nombre={product.nombre}
              className="shrink-0 ring-1 ring-sand"
            />
          </div>
          <a
            href="#resenas"
            className="mt-3 inline-flex items-center gap-2 self-start text-sm text-muted hover:text-clay"
          >
            <Stars value={reviews.average} label={`Calificación promedio: ${reviews.average} de 5 estrellas`} />
            <span>{reviews.count === 1 ? "1 reseña" : `${reviews.count} reseñas`}</span>
          </a>
          <div data-testid="product-price">
            <SalePrice
              precio={product.precio}
              precioAntes={product.precioAntes}
              suffix
              className="mt-6 text-2xl font-medium text-cocoa"
            />
          </div>
          {product.sku && <p className="mt-1 text-xs text-muted">SKU: {product.sku}</p>}
          {soldOut && (
            <p className="mt-4 self-start rounded-full bg-ink px-4 py-1.5 text-xs font-medium tracking-[0.3em] text-cream">
              AGOTADO
            </p>
          )}
          <AddToCart soldOut={soldOut} stock={product.cantidad} />
          {product.especificacion && (
            <section aria-labelledby="especificacion" className="mt-10 border-t border-sand pt-6">
              <h2 id="especificacion" className="text-2xl">
                Especificación
              </h2>
              <p className="mt-3 whitespace-pre-line text-sm leading-relaxed text-ink/85">{product.especificacion}</p>
            </section>
          )}
        </div>
      </div>

      <div id="resenas" className="mt-16 scroll-mt-24 border-t border-sand pt-12 md:mt-24">
        <DeferredReviews data={reviews} loggedIn={loggedIn} />
      </div>

      {related.length > 0 && <Related related={related} favorites={favorites} />}
    </div>
  );
}

type AddResult = Awaited<ReturnType<typeof addToCart>>;

function AddToCart({ soldOut, stock }: { soldOut: boolean; stock: number }) {
  const fetcher = useFetcher<AddResult>();
  const alert = useAlert();
  const toast = useToast();
  const [cantidad, setCantidad] = useState("1");

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      rememberCartId(fetcher.data.cartId);
      toast.show("Producto agregado al carrito");
    } else {
      void alert.show(fetcher.data.message);
    }
  }, [fetcher.state, fetcher.data, alert, toast]);

  return (
    <fetcher.Form
      method="post"
      className="mt-8 flex flex-wrap items-center gap-3"
      onSubmit={(event) => {
        // More than the stock (typed by hand past the control's max) is the server's to refuse.
        if (parseQuantity(cantidad) === null) {
          event.preventDefault();
          void alert.show(invalidQuantity);
        }
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <QuantitySelector value={cantidad} onChange={setCantidad} disabled={soldOut} max={stock} />
      <button
        type="submit"
        className="btn-primary h-12 flex-1 whitespace-nowrap px-4 tracking-[0.1em] sm:flex-none sm:px-6 sm:tracking-[0.15em]"
        disabled={soldOut || fetcher.state !== "idle"}
      >
        <ShoppingBag className="hidden size-4 sm:block" aria-hidden />
        Agregar al carrito
      </button>
      {!soldOut && stock <= 5 && (
        <p className="w-full text-sm text-muted">
          {stock === 1 ? "Última pieza disponible" : `Quedan ${stock} piezas`}
        </p>
      )}
    </fetcher.Form>
  );
}
