/**
 * One photo of a visit: tapping it downloads it as a PNG named after the client
 * ('maria-antes-1.png'). The download is fetched first so that a failure can show the
 * spec's alert ('Error!' / 'No se logro descargar la imagen'); without JavaScript the link
 * still downloads.
 */
import { Download, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { useAlert } from "~/components/ui/alert-provider";
import { imageDownloadFailed } from "~/domain/messages";

type Props = {
  src: string;
  download: string;
  fileName: string;
  size: { width: number; height: number };
  label: string;
  priority?: boolean;
};

async function saveAs(href: string, fileName: string) {
  const response = await fetch(href);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  if (blob.type !== "image/png") throw new Error(`Tipo inesperado: ${blob.type}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function VisitPhoto({ src, download, fileName, size, label, priority = false }: Props) {
  const alert = useAlert();
  const [busy, setBusy] = useState(false);

  async function onClick(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await saveAs(download, fileName);
    } catch {
      await alert.show(imageDownloadFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <a
      href={download}
      download={fileName}
      onClick={onClick}
      aria-label={`Descargar foto ${label}`}
      aria-busy={busy}
      className="group relative block overflow-hidden rounded-3xl bg-sand shadow-[0_20px_50px_-25px_rgba(74,54,48,0.45)] ring-1 ring-cocoa/5"
    >
      <img
        src={src}
        alt={`Foto ${label}`}
        width={size.width}
        height={size.height}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        className="h-auto w-full transition-transform duration-500 group-hover:scale-[1.02]"
      />
      <span className="absolute right-3 bottom-3 inline-flex items-center gap-2 rounded-full bg-white/90 px-4 py-2 text-xs font-medium uppercase tracking-[0.15em] text-cocoa shadow-sm backdrop-blur transition-colors group-hover:bg-cocoa group-hover:text-cream">
        {busy ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
        ) : (
          <Download className="size-4" aria-hidden />
        )}
        {busy ? "Descargando" : "Descargar"}
      </span>
    </a>
  );
}
