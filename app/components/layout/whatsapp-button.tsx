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
      <svg viewBox="0 0 32 32" className="size-7" fill="currentColor" aria-hidden="true">
        <path d="M16 3C9 3 3.3 8.6 3.3 15.6c0 2.4.7 4.7 1.9 6.7L3 29l6.9-2.1a12.7 12.7 0 0 0 6.1 1.6c7 0 12.7-5.7 12.7-12.7S23 3 16 3Zm0 23.2c-2 0-3.9-.5-5.5-1.5l-.4-.2-4.1 1.2 1.3-4-.3-.4a10.4 10.4 0 0 1-1.6-5.6C5.4 9.9 10.2 5.2 16 5.2s10.5 4.7 10.5 10.5S21.8 26.2 16 26.2Zm5.8-7.8c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7.1a8.6 8.6 0 0 1-4.3-3.7c-.3-.6.3-.5.9-1.7.1-.2 0-.4 0-.5l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6c-.2 0-.5.1-.8.4s-1 1-1 2.5 1.1 2.9 1.2 3.1 2.1 3.2 5.1 4.5c1.9.8 2.6.9 3.6.7.6-.1 1.9-.8 2.1-1.5s.3-1.3.2-1.5-.3-.2-.5-.3Z" />
      </svg>
      <span className="sr-only">Escríbenos por WhatsApp</span>
    </a>
  );
}
