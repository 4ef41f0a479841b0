/**
 * /verificar-correo (issue 25): where the 'Confirma tu correo' link ends. Better Auth's
 * /api/auth/verify-email marks the address verified (and logs the account in) and sends the
 * browser here; a link that expired or was altered arrives with `?error=CODE`. Its action is
 * 'Reenviar enlace' (the notice on Mi perfil and Mis citas posts here).
 */
import { MailCheck, MailWarning } from "lucide-react";
import { Form, Link, data } from "react-router";
import { site } from "~/config/site";
import { emailVerification, verificationLinkError } from "~/domain/messages/account";
import { resendVerificationMail } from "~/server/auth.server";
import { currentUser, requireUser } from "~/server/session.server";
import type { Route } from "./+types/verificar-correo";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await currentUser(request);
  const error = new URL(request.url).searchParams.get("error");
  const estado = error ? "error" : user?.emailVerified ? "verificado" : user ? "pendiente" : "sin-sesion";
  return {
    estado,
    mensaje: error ? verificationLinkError(error) : null,
    // whether 'Reenviar enlace' can be offered: a logged-in account whose address is not verified
    puedeReenviar: Boolean(user && !user.emailVerified),
    correo: user?.email ?? null,
  } as const;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const answer = await resendVerificationMail(request, { ip: context.clientIp, user });
  const headers: HeadersInit = answer.retryAfterSeconds ? { "Retry-After": String(answer.retryAfterSeconds) } : {};
  return data({ ok: answer.ok, message: answer.message }, { status: answer.status, headers });
}

export function meta() {
  return [{ title: `Verificar correo | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function VerificarCorreo({ loaderData, actionData }: Route.ComponentProps) {
  const { estado, mensaje, puedeReenviar, correo } = loaderData;
  const ok = estado === "verificado";
  const Icon = ok ? MailCheck : MailWarning;
  const title = ok ? "Correo verificado" : estado === "error" ? "Enlace no válido" : "Verifica tu correo";
  const text = ok
    ? emailVerification.verified
    : (mensaje ?? (estado === "pendiente" ? emailVerification.pending : emailVerification.loggedOut));
  return (
    <section className="container-page flex max-w-md flex-col items-center py-14 text-center md:py-20">
      <span className="flex size-16 items-center justify-center rounded-full bg-blush/60 text-cocoa">
        <Icon className="size-7" aria-hidden strokeWidth={1.5} />
      </span>
      <h1 className="mt-6 text-4xl md:text-5xl">{title}</h1>
      <p className="mt-4 text-ink/80" data-testid="verificacion-mensaje">
        {text}
      </p>
      {correo && !ok && <p className="mt-2 text-sm text-muted">{correo}</p>}
      {puedeReenviar && (
        <Form method="post" className="mt-8">
          <input type="hidden" name="intent" value="reenviar" />
          <button type="submit" className="btn-primary">
            Reenviar enlace
          </button>
        </Form>
      )}
      {actionData && (
        <p role="status" className={`mt-4 text-sm ${actionData.ok ? "text-cocoa" : "text-red-700"}`}>
          {actionData.message}
        </p>
      )}
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        {ok ? (
          <>
            <Link to="/mis-citas" className="btn-primary">
              Mis citas
            </Link>
            <Link to="/mi-perfil" className="text-sm text-muted underline hover:text-clay">
              Mi perfil
            </Link>
          </>
        ) : (
          <Link to="/" className="text-sm text-muted underline hover:text-clay">
            Volver al inicio
          </Link>
        )}
      </div>
    </section>
  );
}
