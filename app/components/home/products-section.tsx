import { Link } from "react-router";
import { Carousel } from "~/components/site/carousel";
import { MediaImage } from "~/components/site/media-image";
import { SectionHeading } from "~/components/site/section-heading";
import { formatPrice } from "~/domain/money";
import type { ProductCard } from "~/domain/catalog";

/** Products: 4 at a time, 1 under 551 px (SPEC §9). */
export function ProductsSection({ products }: { products: ProductCard[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="productos-titulo" className="below-fold container-page py-16 md:py-24">
      <SectionHeading
        id="productos-titulo"
        align="left"
        eyebrow="Tienda"
        title="Productos"
        intro="Lo que usamos en el estudio, para profesionales y para tu cuidado en casa."
      >
        <Link to="/categorias" className="btn-outline shrink-0 self-start md:self-auto">
          Ver tienda
        </Link>
      </SectionHeading>
      <div className="mt-12">
        <Carousel label="Productos" slideClassName="basis-full sm:basis-1/4" testId="products-carousel">
          {products.map((product) => (
            <Link key={product.id} to={`/producto/${product.id}`} className="group block">
              <div className="relative overflow-hidden rounded-2xl bg-white ring-1 ring-sand">
                <MediaImage
                  src={product.urlImagen}
                  alt=""
                  width={600}
                  height={600}
                  sizes="(min-width: 551px) 25vw, 100vw"
                  className="aspect-square w-full object-cover transition-transform duration-700 group-hover:scale-105"
                />
                {product.cantidad <= 0 && (
                  <span className="absolute left-3 top-3 rounded-full bg-ink/80 px-3 py-1 text-[0.65rem] uppercase tracking-[0.2em] text-cream">
                    Agotado
                  </span>
                )}
              </div>
              {product.marca && <p className="mt-4 text-xs uppercase tracking-[0.2em] text-muted">{product.marca}</p>}
              <h3 className="mt-1 font-sans text-base font-normal leading-snug tracking-normal text-ink group-hover:text-clay-dark">
                {product.nombre}
              </h3>
              <p className="mt-2 font-serif text-xl text-cocoa">{formatPrice(product.precio)}</p>
            </Link>
          ))}
        </Carousel>
      </div>
    </section>
  );
}
