/**
 * Public check of a printed diploma (its folio, or the QR on the PDF): the student's name, the
 * course, the date and its state — Vigente, Revocado (with date) or Vencido (with date). An
 * unknown or malformed folio is a real 404. Not indexed, and it reveals nothing else.
 */
import { BadgeCheck, Ban, CalendarX } from "lucide-react";
import { site } from "~/config/site";
import { formatSpanishDate } from "~/domain/dates";
import { verifyDiploma } from "~/server/school/diploma.server";
import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/diploma";

export async function loader({ params }: Route.LoaderArgs) {
  const diploma = await verifyDiploma(params.codigo.slice(0, 40));
  if (!diploma)
    throw data({ codigo: params.codigo.slice(0, 40) }, { status: 404, headers: { "X-Robots-Tag": "noindex" } });
  return {
    diploma: {
      codigo: diploma.codigo,
      nombre: diploma.nombre,
      curso: diploma.curso,
      estado: diploma.estado,
      fecha: formatSpanishDate(diploma.emitidoEn),
      vence: diploma.venceEn ? formatSpanishDate(diploma.venceEn) : null,
      revocado: diploma.revocadoEn ? formatSpanishDate(diploma.revocadoEn) : null,
    },
  };
}

// every answer of this page, the 404 too, stays out of search engines
export function headers() {
  return { "X-Robots-Tag": "noindex" };
}

const STATES = {
  vigente: {
    title: "Diploma vigente",
    badge: "Vigente",
    Icon: BadgeCheck,
    tone: "text-emerald-700",
    chip: "bg-emerald-50 text-emerald-800",
  },
  revocado: {
    title: "Diploma revocado",
    badge: "Revocado",
    Icon: Ban,
    tone: "text-clay",
    chip: "bg-red-50 text-red-800",
  },
  vencido: {
    title: "Diploma vencido",
    badge: "Vencido",
    Icon: CalendarX,
    tone: "text-clay",
    chip: "bg-amber-50 text-amber-900",
  },
} as const;

export default function DiplomaCheck({ loaderData }: Route.ComponentProps) {
  const { diploma } = loaderData;
  const state = STATES[diploma.estado];
  return (
    <section className="container-page flex max-w-2xl flex-col items-center py-16 text-center md:py-24">
      <title>{`Verificación de diploma | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">Verificación de diploma</p>
      <div
        className="mt-8 w-full rounded-2xl border border-sand bg-white px-6 py-12"
        data-testid={`diploma-${diploma.estado}`}
      >
        <state.Icon className={`mx-auto size-12 ${state.tone}`} aria-hidden strokeWidth={1.25} />
        <h1 className="mt-4 text-3xl md:text-4xl">{state.title}</h1>
        <p className={`mx-auto mt-4 inline-block rounded-full px-4 py-1 text-sm font-medium ${state.chip}`}>
          {state.badge}
          {diploma.estado === "revocado" && diploma.revocado ? ` el ${diploma.revocado}` : ""}
          {diploma.estado === "vencido" && diploma.vence ? ` el ${diploma.vence}` : ""}
        </p>
        <p className="mt-6 text-sm uppercase tracking-[0.2em] text-muted">Otorgado a</p>
        <p className="mt-1 font-serif text-3xl italic text-cocoa">{diploma.nombre}</p>
        <p className="mt-6 text-sm uppercase tracking-[0.2em] text-muted">Curso</p>
        <p className="mt-1 text-lg text-ink">{diploma.curso}</p>
        <p className="mt-6 text-sm uppercase tracking-[0.2em] text-muted">Fecha de emisión</p>
        <p className="mt-1 text-lg text-ink">{diploma.fecha}</p>
        {diploma.estado === "vigente" && diploma.vence ? (
          <>
            <p className="mt-6 text-sm uppercase tracking-[0.2em] text-muted">Vigente hasta</p>
            <p className="mt-1 text-lg text-ink">{diploma.vence}</p>
          </>
        ) : null}
        <p className="mt-8 text-xs text-muted">Folio {diploma.codigo}</p>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const codigo =
    isRouteErrorResponse(error) && error.status === 404
      ? String((error.data as { codigo?: string })?.codigo ?? "")
      : "";
  return (
    <section className="container-page flex max-w-2xl flex-col items-center py-16 text-center md:py-24">
      <title>{`Diploma no encontrado | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">Verificación de diploma</p>
      <div className="mt-8 w-full rounded-2xl border border-sand bg-white px-6 py-12" data-testid="diploma-not-found">
        <h1 className="text-3xl md:text-4xl">Folio no encontrado</h1>
        <p className="mt-4 text-muted">
          No existe un diploma con el folio{codigo ? <strong className="text-cocoa"> {codigo}</strong> : null}. Revisa
          que esté escrito tal como aparece en el documento.
        </p>
      </div>
    </section>
  );
}
