/** The alert dialog of alert-provider.tsx, fetched the first time an alert shows. */
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import type { AlertOptions } from "./alert-provider";

const ICONS = {
  success: { Icon: CircleCheck, className: "text-emerald-700", label: "Éxito" },
  error: { Icon: CircleAlert, className: "text-red-700", label: "Error" },
  warning: { Icon: TriangleAlert, className: "text-amber-700", label: "Aviso" },
  info: { Icon: Info, className: "text-clay", label: "Información" },
} as const;

/** The alert on screen (`current`), or a closed dialog; `close` answers the caller. */
export function AlertDialog({ current, close }: { current: AlertOptions | null; close: (value: boolean) => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (current && !dialog.open) dialog.showModal();
    if (!current && dialog.open) dialog.close();
  }, [current]);

  const icon = current?.icon ? ICONS[current.icon] : null;
  const paragraphs = current?.lines?.length ? current.lines : current?.text ? [current.text] : [];

  return (
    <>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; keyboard users close with Escape (onCancel) */}
      <dialog
        ref={dialogRef}
        role="alertdialog"
        aria-labelledby="alerta-titulo"
        aria-describedby="alerta-texto"
        data-testid="alert-dialog"
        onCancel={(event) => {
          event.preventDefault();
          close(false);
        }}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself) closes it.
          if (event.target === event.currentTarget) close(false);
        }}
        className="m-auto w-[min(92vw,26rem)] rounded-2xl bg-cream p-0 text-ink shadow-2xl backdrop:bg-ink/50"
      >
        {current && (
          <div className="flex flex-col items-center px-7 pb-7 pt-8 text-center">
            {icon && (
              <icon.Icon className={`size-14 ${icon.className}`} strokeWidth={1.25} aria-label={icon.label} role="img" />
            )}
            <h2 id="alerta-titulo" className="mt-4 text-3xl">
              {current.title}
            </h2>
            <div id="alerta-texto" className="mt-3 space-y-1 text-muted">
              {paragraphs.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
            {current.footer && <p className="mt-3 text-sm text-muted">{current.footer}</p>}
            <div className="mt-7 flex flex-wrap justify-center gap-3">
              {current.cancelText && (
                <button type="button" className="btn-outline" onClick={() => close(false)}>
                  {current.cancelText}
                </button>
              )}
              {/* biome-ignore lint/a11y/noAutofocus: a modal alert moves focus to its confirm button, as WAI-ARIA's alertdialog pattern asks */}
              <button type="button" className="btn-primary" onClick={() => close(true)} autoFocus>
                {current.confirmText ?? "OK"}
              </button>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
