import { Link } from "react-router";

/** The Spanish 404 page. Its title comes from `notFoundMeta()` in the meta of the route whose boundary shows it. */
export function NotFoundPage() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center md:py-32">
      <p className="eyebrow">Error 404</p>
      <h1 className="mt-4 text-4xl md:text-5xl">Página no encontrada</h1>
      <p className="mt-4 max-w-md text-muted">La página que buscas no existe o cambió de lugar.</p>
      <Link to="/" className="btn-primary mt-10">
        Volver al inicio
      </Link>
    </section>
  );
}
