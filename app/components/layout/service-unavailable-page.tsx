import type { AlertMessage } from "~/domain/messages";

/**
 * The database is unreachable for now (HTTP 503): the page asks to come back in a few minutes.
 * Its words are the 503's own data (`serviceUnavailable`, thrown by server/http/errors.server.ts),
 * so the messages module stays out of every page's first-load JavaScript (ADR 019). A form
 * refused before its action (HTTP 400, server/http/form-gate.server.ts) shows its words too.
 */
export function ServiceUnavailablePage({ message, status = 503 }: { message: unknown; status?: number }) {
  const { title, text } = isMessage(message) ? message : { title: `Error ${status}`, text: "" };
  return (
    <section className="container-page flex flex-col items-center py-24 text-center md:py-32">
      <p className="eyebrow">Error {status}</p>
      <h1 className="mt-4 text-4xl md:text-5xl">{title}</h1>
      {text && <p className="mt-4 max-w-md text-muted">{text}</p>}
      <a href="/" className="btn-primary mt-10">
        Volver al inicio
      </a>
    </section>
  );
}

export function isMessage(value: unknown): value is Pick<AlertMessage, "title" | "text"> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as AlertMessage).title === "string" &&
    typeof (value as AlertMessage).text === "string"
  );
}
