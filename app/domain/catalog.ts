/**
 * What the catalogue's screens receive (plain data in loader data): the shapes the server's
 * readers return and the components draw. One definition each, shared by both sides.
 */

/** A product in a listing, the related products, the favourites or the home carousel. */
export type ProductCard = {
  id: string;
  nombre: string;
  marca: string;
  /** centavos */
  precio: number;
  /** centavos: the price before a sale (shown crossed out only when above precio; see priceBefore) */
  precioAntes: number | null;
  urlImagen: string;
  /** stock; 0 or below shows 'Agotado' */
  cantidad: number;
};

/**
 * The "antes $X" of a product on sale: its former price when the studio set one above the
 * price charged; null otherwise (one rule for cards, the product page and its schema.org Offer).
 */
export function priceBefore(product: { precio: number; precioAntes?: number | null }): number | null {
  const before = product.precioAntes ?? null;
  return before !== null && before > product.precio ? before : null;
}

export type Category = { id: string; nombre: string };

export type ProductDetail = ProductCard & {
  /** the studio's code, "" when none */
  sku: string;
  categoriaId: string;
  categoriaNombre: string;
  especificacion: string;
  imagenes: { nombre: string; url: string }[];
};

export type ServiceSummary = { id: string; nombre: string; slogan: string; urlImagen: string };

export type ServiceDetail = ServiceSummary & {
  descripcion: string;
  /** free-text options; when null and opcion1..3 are set, the three option blocks are shown */
  opciones: string | null;
  opcion1: string | null;
  opcion2: string | null;
  opcion3: string | null;
  url1: string | null;
  url2: string | null;
  url3: string | null;
  urlInterna: string;
  preguntas: { pregunta: string; respuesta: string }[];
  posicion: number;
};

export type GalleryImage = {
  id: number;
  servicioId: string;
  nombre: string;
  url: string;
  ancho: number | null;
  alto: number | null;
};

export type CourseCard = {
  id: string;
  tipo: string;
  titulo: string;
  tituloExterior: string;
  descripcion: string;
  imagenExterior: string;
  imagenInterior: string;
  precio: number;
  precioDescuento: number | null;
  horas: string;
  duracion: string;
  /** the course's page: /cursos/{id} online; /cursos-presenciales/{id} in person when it has one, else null */
  pagina: string | null;
};

export type CourseUnit = { id: string; nombre: string; videos: { titulo: string; descripcion: string }[] };
