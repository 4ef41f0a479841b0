/**
 * What a client reads when her health answers stop an online booking (issue 30): why, without
 * blame, and the two ways on: the free valoración or WhatsApp. No slot was held, nothing paid.
 */
import { CalendarHeart, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { ContentHtml } from "~/components/content/content-html";
import { BOOKING_PROSE } from "./prose";

export type ValoracionOfferView = {
  titulo: string;
  html: string;
  motivos: string[];
  valoracionHref: string | null;
  whatsappHref: string;
};

export function ValoracionOffer({ offer }: { offer: ValoracionOfferView }) {
  return (
    <section
      id="datos"
      aria-labelledby="valoracion-titulo"
      className="mt-10 max-w-2xl scroll-mt-24 rounded-2xl border border-sand bg-white p-6"
      data-testid="valoracion-offer"
    >
      <h2 id="valoracion-titulo" className="text-2xl md:text-3xl" tabIndex={-1}>
        {offer.titulo}
      </h2>
      <ContentHtml html={offer.html} className={`${BOOKING_PROSE} mt-3`} />
      {offer.motivos.length > 0 && (
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-ink/80">
          {offer.motivos.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        {offer.valoracionHref && (
          <Link
            to={offer.valoracionHref}
            className="btn-primary inline-flex items-center gap-2"
            data-testid="valoracion-link"
          >
            <CalendarHeart className="size-4" aria-hidden /> Agendar valoración gratuita
          </Link>
        )}
        <a
          href={offer.whatsappHref}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-outline inline-flex items-center gap-2"
        >
          <MessageCircle className="size-4" aria-hidden /> Escribir por WhatsApp
        </a>
      </div>
    </section>
  );
}
