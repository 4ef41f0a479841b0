/**
 * Public check of a printed diploma: its code shows the student's name, the course and the
 * date. Not indexed, and it reveals nothing else.
 */
import { BadgeCheck, SearchX } from "lucide-react";
import { site } from "~/config/site";
import { formatSpanishDate } from "~/domain/dates";
import { verifyDiploma } from "~/server/school/diploma.server";
import type { Route } from "./+types/diploma";

export async function loader({ params }: Route.LoaderArgs) {
  const diploma = await verifyDiploma(params.codigo);
  return {
    codigo: params.codigo,
    diploma: diploma ? { ...diploma, fecha: formatSpanishDate(diploma.emitidoEn) } : null,
  };
}

export default function DiplomaCheck({ loaderData }: Route.ComponentProps) {
  const { codigo, diploma } = loaderData;
  return (
    <section className="container-page flex max-w-2xl flex-col items-center py-16 text-center md:py-24">
      <title>{`Verificación de diploma | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">Verificación de diploma</p>
      {diploma ? (
        <div className="mt-8 w-full rounded-2xl border border-sand bg-white px-6 py-12" data-testid="diploma-valid">
          <BadgeCheck className="mx-auto size-12 text-emerald-700" aria-hidden strokeWidth={1.25} />
          <h1 className="mt-4 text-3xl md:text-4xl">Diploma válido</h1>
          <p className="mt-6 text-sm uppercase tracking-[0.2em] text-muted">Otorgado a</p>
          <p className="mt-1 font-serif text-3xl italic text-cocoa">{diploma.nombre}</p>
          <p className="mt-6 text-sm uppercase tracking-[0.2em] text-muted">Curso</p>
          <p className="mt-1 text-lg text-ink">{diploma.curso}</p>
          <p className="mt-6 text-sm uppercase tracking-[0.2em] text-muted">Fecha</p>
          <p className="mt-1 text-lg text-ink">{diploma.fecha}</p>
          <p className="mt-8 text-xs text-muted">Código {diploma.codigo}</p>
        </div>
      ) : (
        <div className="mt-8 w-full rounded-2xl border border-sand bg-white px-6 py-12">
          <SearchX className="mx-auto size-12 text-clay" aria-hidden strokeWidth={1.25} />
          <h1 className="mt-4 text-3xl md:text-4xl">Código no encontrado</h1>
          <p className="mt-4 text-muted">
            No existe un diploma con el código <strong className="text-cocoa">{codigo}</strong>. Revisa que esté escrito
            tal como aparece en el documento.
          </p>
        </div>
      )}
    </section>
  );
}
