/**
 * One accessible alert dialog for every alert the spec names (SPEC section 8): a native
 * <dialog> opened with showModal(), so focus is trapped and Escape closes it. Any screen
 * calls `useAlert().show(message)` and awaits the answer (true = confirmed).
 */
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { AlertIcon, AlertMessage } from "~/domain/messages";

export type AlertOptions = {
  icon?: AlertIcon;
  title: string;
  text?: string;
  footer?: string;
  lines?: readonly string[];
  /** Label of the confirm button ('OK' when not given). */
  confirmText?: string;
  /** When given, a cancel button is shown and show() resolves false on it. */
  cancelText?: string;
};

type AlertApi = { show: (options: AlertOptions | AlertMessage) => Promise<boolean> };

const AlertContext = createContext<AlertApi | null>(null);

export function useAlert(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error("useAlert() fuera de <AlertProvider>");
  return api;
}

const ICONS = {
  success: { Icon: CircleCheck, className: "text-emerald-700", label: "Éxito" },
  error: { Icon: CircleAlert, className: "text-red-700", label: "Error" },
  warning: { Icon: TriangleAlert, className: "text-amber-700", label: "Aviso" },
  info: { Icon: Info, className: "text-clay", label: "Información" },
} as const;

export function AlertProvider({ children }: { children: React.ReactNode }) {
  const [current, setCurrent] = useState<AlertOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  const show = useCallback((options: AlertOptions | AlertMessage) => {
    resolver.current?.(false);
    setCurrent(options as AlertOptions);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = useCallback((value: boolean) => {
    dialogRef.current?.close();
    setCurrent(null);
    resolver.current?.(value);
    resolver.current = null;
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (current && dialog && !dialog.open) dialog.showModal();
  }, [current]);

  const api = useMemo(() => ({ show }), [show]);
  const icon = current?.icon ? ICONS[current.icon] : null;
  const paragraphs = current?.lines?.length ? current.lines : current?.text ? [current.text] : [];

  return (
    <AlertContext.Provider value={api}>
      {children}
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
    </AlertContext.Provider>
  );
}
