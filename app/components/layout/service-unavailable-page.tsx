import { serviceUnavailable } from "~/domain/messages";

/** The database is unreachable for now (HTTP 503): the page asks to come back in a few minutes. */
export function ServiceUnavailablePage() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center md:py-32">
      <p className="eyebrow">Error 503</p>
      <h1 className="mt-4 text-4xl md:text-5xl">{serviceUnavailable.title}</h1>
      <p className="mt-4 max-w-md text-muted">{serviceUnavailable.text}</p>
      <a href="/" className="btn-primary mt-10">
        Volver al inicio
      </a>
    </section>
  );
}
