/**
 * /admin/correos: mails the outbox could not deliver after its last retry (ADR 028): to whom,
 * about what, when it was last tried and the server's answer. "Reenviar" queues one again
 * and tries it at once.
 */
import { CheckCircle2, Send } from "lucide-react";
import { Form, data } from "react-router";
import { AdminPage, AdminPanel } from "~/components/admin/admin-page";
import { WhatsAppMessagesPanel } from "~/components/admin/whatsapp-messages-panel";
import { useActionFeedback } from "~/components/admin/use-admin-feedback";
import { formatSpanishDateTime } from "~/domain/dates";
import type { AlertMessage } from "~/domain/messages";
import { requireAdmin } from "~/server/admin/guard.server";
import { getDb } from "~/server/db/index.server";
import { listUndeliveredMail, resendMail } from "~/server/mail.server";
import { listWhatsAppMessagesForAdmin } from "~/server/messages/admin.server";
import type { Route } from "./+types/correos";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const correos = await listUndeliveredMail(getDb());
  return {
    correos: correos.map((c) => ({
      ...c,
      ultimoIntento: c.ultimoIntento ? formatSpanishDateTime(c.ultimoIntento) : "—",
    })),
    mensajes: await listWhatsAppMessagesForAdmin(getDb()),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  if (!(await resendMail(getDb(), form.get("correoId")))) {
    const alert: AlertMessage = {
      icon: "error",
      title: "No se pudo reenviar",
      text: "Ese correo ya no está en la lista de no enviados.",
    };
    return data({ alert, notice: undefined }, { status: 400 });
  }
  return { alert: undefined, notice: "Correo puesto de nuevo en la cola de envío." };
}

export default function AdminMail({ loaderData: { correos, mensajes }, actionData }: Route.ComponentProps) {
  useActionFeedback(actionData);
  return (
    <AdminPage title="Correos no enviados">
      <p className="text-muted">
        Correos que el servidor de correo no aceptó después de varios intentos durante unas horas. Revisa la
        configuración del correo (SMTP_URL) o la dirección, y reenvíalos.
      </p>
      <AdminPanel title={`No enviados (${correos.length})`}>
        {correos.length === 0 ? (
          <p className="flex items-center gap-2 text-muted" data-testid="no-failed-mail">
            <CheckCircle2 className="size-5 text-clay" aria-hidden />
            Todos los correos se enviaron.
          </p>
        ) : (
          <ul className="divide-y divide-sand" data-testid="failed-mails">
            {correos.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-3 py-4" data-testid="failed-mail">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-medium text-cocoa">{c.asunto}</p>
                  <p className="break-all text-sm text-cocoa">Para: {c.para}</p>
                  <p className="text-xs text-muted">
                    Último intento: {c.ultimoIntento} · {c.intentos} intentos
                    {c.error && (
                      <>
                        {" "}
                        · <span className="break-all font-mono">{c.error}</span>
                      </>
                    )}
                  </p>
                </div>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="correoId" value={c.id} />
                  <button type="submit" className="btn-primary min-h-12">
                    <Send className="size-4" aria-hidden />
                    Reenviar
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
      <WhatsAppMessagesPanel mensajes={mensajes} />
    </AdminPage>
  );
}
