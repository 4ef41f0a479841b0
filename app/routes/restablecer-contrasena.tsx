/**
 * The page the password-reset mail links to (`?token=...`): choose a new password. The
 * token is checked by Better Auth when the form is sent; a used or expired link says so.
 */
import { KeyRound } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { type ResetAnswer, resetPassword } from "~/components/auth/auth-client";
import { useAlert } from "~/components/ui/alert-provider";
import { site } from "~/config/site";
import { passwordChanged, resetFailed, tooManyRequests } from "~/domain/messages";
import type { Route } from "./+types/restablecer-contrasena";

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export function meta() {
  return [{ title: `Restablecer contraseña | ${site.name}` }, { name: "robots", content: "noindex" }];
}

const MIN_PASSWORD = 8;

const ERRORS: Record<Exclude<ResetAnswer, "ok">, string> = {
  "invalid-token": "El enlace ya no es válido o expiró. Solicita un nuevo correo desde “¿Olvidaste tu contraseña?”.",
  "too-short": `La contraseña debe tener al menos ${MIN_PASSWORD} caracteres.`,
  "too-many": tooManyRequests.text,
  error: resetFailed.text,
};

export default function RestablecerContrasena({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alert = useAlert();
  const id = useId();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const confirmation = String(form.get("confirmacion") ?? "");
    if (password.length < MIN_PASSWORD) return setError(ERRORS["too-short"]);
    if (password !== confirmation) return setError("Las contraseñas no coinciden.");
    setBusy(true);
    setError(null);
    const answer = await resetPassword(token, password);
    setBusy(false);
    if (answer !== "ok") return setError(ERRORS[answer]);
    await alert.show(passwordChanged);
    // Straight to the login overlay, with a full load.
    window.location.assign("/?login=1");
  }

  return (
    <section className="container-page flex max-w-md flex-col items-center py-14 text-center md:py-20">
      <span className="flex size-16 items-center justify-center rounded-full bg-blush/60 text-cocoa">
        <KeyRound className="size-7" aria-hidden strokeWidth={1.5} />
      </span>
      <h1 className="mt-6 text-4xl md:text-5xl">Nueva contraseña</h1>

      {!token ? (
        <>
          <p className="mt-4 text-muted">{ERRORS["invalid-token"]}</p>
          <Link to="/?login=1" className="btn-primary mt-8">
            Iniciar sesión
          </Link>
        </>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          className="mt-8 flex w-full flex-col gap-4 rounded-2xl border border-sand bg-white p-6 text-left md:p-8"
        >
          <p className="text-sm text-muted">
            Elige una contraseña nueva para tu cuenta (mínimo {MIN_PASSWORD} caracteres).
          </p>
          <div>
            <label htmlFor={`${id}-password`} className="block text-sm font-medium text-cocoa">
              Nueva contraseña
            </label>
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="new-password"
              className="field mt-2"
            />
          </div>
          <div>
            <label htmlFor={`${id}-confirmacion`} className="block text-sm font-medium text-cocoa">
              Confirma la contraseña
            </label>
            <input
              id={`${id}-confirmacion`}
              name="confirmacion"
              type="password"
              autoComplete="new-password"
              className="field mt-2"
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary mt-2 w-full" disabled={busy}>
            {busy ? "Guardando…" : "Guardar contraseña"}
          </button>
        </form>
      )}
    </section>
  );
}
