/**
 * A visit's code and link, ready to send: 'Copiar' puts the link on the clipboard and the
 * WhatsApp button opens a chat with the message already written.
 */
import { Check, Copy, MessageCircle } from "lucide-react";
import { useState } from "react";
import { useToast } from "~/components/ui/toast-provider";
import { AdminPanel } from "./admin-page";
import type { EditScreen } from "~/domain/admin-form";

export function VisitShare({ share }: { share: NonNullable<EditScreen["share"]> }) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(share.url);
      setCopied(true);
      toast.show("Enlace copiado.");
    } catch {
      toast.show("No se pudo copiar: mantén presionado el enlace para copiarlo.", { tone: "error" });
    }
  };

  return (
    <AdminPanel title="Enviar a la clienta" className="border-clay">
      <dl className="space-y-3">
        <div>
          <dt className="text-sm text-muted">Código</dt>
          <dd className="font-mono text-3xl tracking-[0.2em] text-cocoa" data-testid="visit-code">
            {share.codigo}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Enlace</dt>
          <dd className="break-all text-sm" data-testid="visit-link">
            <a href={share.url} target="_blank" rel="noreferrer" className="text-clay-dark underline">
              {share.url}
            </a>
          </dd>
        </div>
      </dl>
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        <button type="button" onClick={() => void copy()} className="btn-outline">
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          Copiar
        </button>
        <a
          href={share.whatsapp}
          target="_blank"
          rel="noreferrer"
          className="btn bg-[#17723e] text-white hover:bg-[#125c32]"
        >
          <MessageCircle className="size-4" aria-hidden />
          Enviar por WhatsApp
        </a>
      </div>
    </AdminPanel>
  );
}
