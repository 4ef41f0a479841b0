import { useMatches } from "react-router";
import { whatsappLink } from "~/config/site";

/** A route's `handle` says `{ whatsapp: false }` to leave the button out of its pages and its children's. */
export type WhatsAppHandle = { whatsapp?: false };

/** The floating WhatsApp link for clients (the studio's admin area opts out). */
export function WhatsAppButton() {
  const hidden = useMatches().some((match) => (match.handle as WhatsAppHandle | undefined)?.whatsapp === false);
  if (hidden) return null;
  return (
    <a
      href={whatsappLink()}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="whatsapp-button"
      className="fixed bottom-5 right-5 z-30 flex size-14 items-center justify-center rounded-full bg-[#25d366] text-white shadow-lg shadow-ink/20 transition-transform hover:scale-105"
    >
      {/* The glyph is a file (public/whatsapp.svg), not 1 KB of path in every page's JavaScript. */}
      <img src="/whatsapp.svg" alt="" width={28} height={28} className="size-7" />
      <span className="sr-only">Escríbenos por WhatsApp</span>
    </a>
  );
}
