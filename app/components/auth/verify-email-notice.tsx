/**
 * The notice a logged-in client sees while her address is not verified (issue 25): why it
 * matters and 'Reenviar enlace', which posts to /verificar-correo (works without JavaScript
 * too: the form then lands on that page with the answer).
 */
import { MailWarning } from "lucide-react";
import { useFetcher } from "react-router";
import { emailVerification } from "~/domain/messages/account";

export const RESEND_PATH = "/verificar-correo";

type Answer = { ok: boolean; message: string };

export function VerifyEmailNotice({ email }: { email: string }) {
  const fetcher = useFetcher<Answer>();
  const sending = fetcher.state !== "idle";
  const answer = fetcher.data;
  return (
    <section
      className="mt-8 rounded-2xl border border-clay/40 bg-blush/30 p-5 text-left"
      data-testid="verificar-correo"
      aria-label="Verifica tu correo"
    >
      <p className="flex items-start gap-3 text-ink/90">
        <MailWarning className="mt-0.5 size-5 shrink-0 text-clay" aria-hidden />
        <span>
          {emailVerification.pending} <span className="text-muted">({email})</span>
        </span>
      </p>
      <fetcher.Form method="post" action={RESEND_PATH} className="mt-4">
        <input type="hidden" name="intent" value="reenviar" />
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? "Enviando…" : "Reenviar enlace"}
        </button>
      </fetcher.Form>
      {answer && (
        <p role="status" className={`mt-3 text-sm ${answer.ok ? "text-cocoa" : "text-red-700"}`}>
          {answer.message}
        </p>
      )}
    </section>
  );
}
