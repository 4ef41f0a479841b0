/**
 * The terms prompt (SPEC sections 2 and 4): a checkbox linking to /terminos-y-condiciones and
 * an 'Aceptar.' button enabled only once ticked; the backdrop and Escape close it. Accepting
 * records terminos = true on the server (time and version) and then calls `onAccepted`.
 * Reused by the cart ('Pagar'), the course page (buy) and the first social log-in.
 *
 *   <TermsDialog open={show} onClose={() => setShow(false)} onAccepted={() => goOn()} />
 */
import { ScrollText } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useAlert } from "~/components/ui/alert-provider";
import { serverError, termsRequired } from "~/domain/messages";
import type { action } from "~/routes/api.terminos";
import { AcceptTerms } from "./accept-terms";

export const TERMS_ACTION = "/api/terminos";

export function TermsDialog({
  open,
  onClose,
  onAccepted,
  text = termsRequired.text,
}: {
  open: boolean;
  onClose: () => void;
  onAccepted: () => void;
  /** what the acceptance is for; the spec's purchase text by default */
  text?: string;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [ticked, setTicked] = useState(false);
  const fetcher = useFetcher<typeof action>();
  const alert = useAlert();
  const handled = useRef<unknown>(null);
  const id = useId();
  const saving = fetcher.state !== "idle";

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setTicked(false);
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) onAccepted();
    else void alert.show(serverError);
  }, [fetcher.state, fetcher.data, onAccepted, alert]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click's keyboard twin is Escape (the dialog's cancel)
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-titulo`}
      aria-describedby={`${id}-texto`}
      data-testid="terms-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto w-[min(92vw,28rem)] rounded-2xl bg-cream p-0 text-ink shadow-2xl backdrop:bg-ink/50"
    >
      {open && (
        <div className="flex flex-col items-center px-7 pb-7 pt-8 text-center">
          <ScrollText className="size-12 text-clay" strokeWidth={1.25} aria-hidden />
          <h2 id={`${id}-titulo`} className="mt-4 text-3xl">
            Términos y condiciones
          </h2>
          <p id={`${id}-texto`} className="mt-3 text-muted">
            {text}
          </p>
          <AcceptTerms
            checked={ticked}
            onChange={setTicked}
            ageNote="Al aceptar declaras que tienes al menos 18 años."
            className="mt-6"
          />
          <div className="mt-7 flex flex-wrap justify-center gap-3">
            <button type="button" className="btn-outline" onClick={onClose}>
              Cancelar
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={!ticked || saving}
              onClick={() => fetcher.submit(null, { method: "post", action: TERMS_ACTION })}
            >
              Aceptar.
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
