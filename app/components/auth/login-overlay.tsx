/**
 * The login overlay (SPEC section 2) with its six views: choose a method, email log-in,
 * register choice, email register, forgot password, and the visit code. A native <dialog>
 * opened with showModal(): focus stays inside, Escape and a click on the backdrop close it.
 * Every auth result is one of the spec's alerts; after a successful one the page reloads
 * (SPEC section 4), so the whole page reflects the new session.
 */
import { ArrowLeft, KeyRound, Mail, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useAlert } from "~/components/ui/alert-provider";
import { resetSent, serverError, welcomeBack, welcomeNew } from "~/domain/messages";
import { NOMBRE_MAX, validateProfileName } from "~/domain/profile";
import type { action as visitCodeAction } from "~/routes/api.codigo-visita";
import {
  type SocialProvider,
  requestPasswordReset,
  returnPath,
  signInWithEmail,
  signUpWithEmail,
  startSocialSignIn,
} from "./auth-client";
import { ShortPrivacyNotice } from "~/components/legal/short-privacy-notice";
import { AcceptTerms } from "./accept-terms";
import { FacebookIcon, GoogleIcon } from "./social-icons";

export type LoginView = "elegir" | "correo" | "registro" | "registro-correo" | "olvide" | "codigo";

const BACK: Record<LoginView, LoginView | null> = {
  elegir: null,
  correo: "elegir",
  registro: "elegir",
  "registro-correo": "registro",
  olvide: "correo",
  codigo: "elegir",
};

const TITLES: Record<LoginView, string> = {
  elegir: "Iniciar sesión",
  correo: "Iniciar sesión con correo",
  registro: "Crear cuenta",
  "registro-correo": "Crear cuenta con correo",
  olvide: "Recuperar contraseña",
  codigo: "¿Tienes un código?",
};

const VISIT_CODE_ACTION = "/api/codigo-visita";

/** Reloads the page the overlay was opened on, without the overlay's own URL parameters. */
function reloadPage() {
  window.location.replace(returnPath());
}

export function LoginOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [view, setView] = useState<LoginView>("elegir");
  const [email, setEmail] = useState("");
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const alert = useAlert();
  const id = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setView("elegir");
      setNameError(null);
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  /** Runs one auth call at a time and shows its alert; `ok` when the alert means success. */
  async function run(call: () => Promise<{ alert: Parameters<typeof alert.show>[0] | null; ok: boolean }>) {
    if (busy) return;
    setBusy(true);
    try {
      const result = await call();
      if (result.alert) await alert.show(result.alert);
      if (result.ok) reloadPage();
    } catch {
      // Never silent: whatever failed, the person learns it did.
      await alert.show(serverError);
    } finally {
      setBusy(false);
    }
  }

  function social(provider: SocialProvider, registro: boolean) {
    return run(async () => ({ alert: await startSocialSignIn(provider, registro), ok: false }));
  }

  const back = BACK[view];
  const titleId = `${id}-titulo`;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click's keyboard twin is Escape (the dialog's cancel)
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      data-testid="login-overlay"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(94vw,27rem)] overflow-y-auto rounded-3xl bg-cream p-0 text-ink shadow-2xl backdrop:bg-ink/55 backdrop:backdrop-blur-[2px]"
    >
      {open && (
        <div className="relative px-6 pb-8 pt-6 sm:px-9 sm:pb-10">
          <div className="flex h-10 items-center justify-between">
            {back ? (
              <button
                type="button"
                onClick={() => setView(back)}
                className="-ml-2 flex items-center gap-1 rounded-full p-2 text-sm text-muted hover:text-clay"
              >
                <ArrowLeft className="size-4" aria-hidden />
                Volver
              </button>
            ) : (
              <span />
            )}
            <button
              type="button"
              onClick={onClose}
              aria-label="Cerrar"
              className="-mr-2 rounded-full p-2 text-cocoa hover:text-clay"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>

          <p className="eyebrow mt-2 text-center">Michel Alvarez</p>
          <h2 id={titleId} className="mt-2 text-center text-3xl leading-tight sm:text-4xl">
            {TITLES[view]}
          </h2>

          <div className="mt-7">
            {view === "elegir" && (
              <div className="flex flex-col gap-3">
                <SocialButton provider="google" busy={busy} onClick={() => social("google", false)}>
                  Continuar con Google
                </SocialButton>
                <SocialButton provider="facebook" busy={busy} onClick={() => social("facebook", false)}>
                  Continuar con Facebook
                </SocialButton>
                <button
                  type="button"
                  className="btn-primary w-full normal-case tracking-normal"
                  onClick={() => setView("correo")}
                >
                  <Mail className="size-4" aria-hidden />
                  <span className="text-[0.95rem]">Continuar con correo</span>
                </button>
                <Divider />
                <p className="text-center text-sm text-muted">
                  ¿No tienes cuenta?{" "}
                  <button
                    type="button"
                    className="font-medium text-clay-dark underline-offset-2 hover:underline"
                    onClick={() => setView("registro")}
                  >
                    Regístrate
                  </button>
                </p>
                <button
                  type="button"
                  onClick={() => setView("codigo")}
                  className="mt-2 flex items-center justify-center gap-2 rounded-2xl border border-dashed border-clay/50 px-4 py-3 text-sm text-cocoa hover:border-clay hover:bg-white"
                >
                  <KeyRound className="size-4 text-clay" aria-hidden />
                  ¿Tienes un código?
                </button>
              </div>
            )}

            {view === "correo" && (
              <form
                noValidate
                className="flex flex-col gap-4"
                onSubmit={(event) => {
                  event.preventDefault();
                  const form = new FormData(event.currentTarget);
                  void run(async () => {
                    const failure = await signInWithEmail(email, String(form.get("password") ?? ""));
                    return failure ? { alert: failure, ok: false } : { alert: welcomeBack, ok: true };
                  });
                }}
              >
                <EmailField value={email} onChange={setEmail} autoFocus />
                <Field label="Contraseña" name="password" type="password" autoComplete="current-password" />
                <button
                  type="button"
                  className="self-end text-sm text-clay-dark underline-offset-2 hover:underline"
                  onClick={() => setView("olvide")}
                >
                  ¿Olvidaste tu contraseña?
                </button>
                <button type="submit" className="btn-primary w-full" disabled={busy}>
                  {busy ? "Entrando…" : "Iniciar sesión"}
                </button>
                <p className="text-center text-sm text-muted">
                  ¿No tienes cuenta?{" "}
                  <button
                    type="button"
                    className="font-medium text-clay-dark underline-offset-2 hover:underline"
                    onClick={() => setView("registro")}
                  >
                    Regístrate
                  </button>
                </p>
              </form>
            )}

            {view === "registro" && (
              <div className="flex flex-col gap-3">
                <AcceptTerms
                  checked={termsAccepted}
                  onChange={setTermsAccepted}
                  ageNote="Al crear una cuenta declaras que tienes al menos 18 años."
                  className="rounded-2xl bg-white/70 p-4"
                />
                <SocialButton provider="google" busy={busy || !termsAccepted} onClick={() => social("google", true)}>
                  Registrarme con Google
                </SocialButton>
                <SocialButton
                  provider="facebook"
                  busy={busy || !termsAccepted}
                  onClick={() => social("facebook", true)}
                >
                  Registrarme con Facebook
                </SocialButton>
                <button
                  type="button"
                  className="btn-primary w-full normal-case tracking-normal"
                  onClick={() => setView("registro-correo")}
                >
                  <Mail className="size-4" aria-hidden />
                  <span className="text-[0.95rem]">Registrarme con correo</span>
                </button>
                <p className="mt-3 text-center text-sm text-muted">
                  ¿Ya tienes cuenta?{" "}
                  <button
                    type="button"
                    className="font-medium text-clay-dark underline-offset-2 hover:underline"
                    onClick={() => setView("elegir")}
                  >
                    Inicia sesión
                  </button>
                </p>
              </div>
            )}

            {view === "registro-correo" && (
              <form
                noValidate
                className="flex flex-col gap-4"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!termsAccepted) return;
                  const form = new FormData(event.currentTarget);
                  // SPEC section 5: the name is required (the profile's rule; the server checks it again).
                  const checked = validateProfileName(form.get("name"));
                  if ("error" in checked) {
                    setNameError(checked.error);
                    event.currentTarget.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
                    return;
                  }
                  setNameError(null);
                  void run(async () => {
                    const failure = await signUpWithEmail({
                      name: checked.nombre,
                      email,
                      password: String(form.get("password") ?? ""),
                    });
                    if (failure && "nameError" in failure) {
                      setNameError(failure.nameError);
                      return { alert: null, ok: false };
                    }
                    return failure ? { alert: failure, ok: false } : { alert: welcomeNew, ok: true };
                  });
                }}
              >
                <Field
                  label="Nombre"
                  name="name"
                  autoComplete="name"
                  autoFocus
                  required
                  maxLength={NOMBRE_MAX}
                  error={nameError}
                  onInput={() => setNameError(null)}
                />
                <EmailField value={email} onChange={setEmail} />
                <Field
                  label="Contraseña"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  hint="Mínimo 8 caracteres."
                />
                <AcceptTerms
                  checked={termsAccepted}
                  onChange={setTermsAccepted}
                  ageNote="Al crear una cuenta declaras que tienes al menos 18 años."
                  className="rounded-2xl bg-white/70 p-4"
                />
                <ShortPrivacyNotice purpose="crear tu cuenta, atender tus compras y cursos y escribirte sobre ellos" />
                <button type="submit" className="btn-primary w-full" disabled={busy || !termsAccepted}>
                  {busy ? "Creando cuenta…" : "Crear cuenta"}
                </button>
              </form>
            )}

            {view === "olvide" && (
              <form
                noValidate
                className="flex flex-col gap-4"
                onSubmit={(event) => {
                  event.preventDefault();
                  void run(async () => {
                    const answer = await requestPasswordReset(email);
                    return { alert: answer, ok: answer === resetSent };
                  });
                }}
              >
                <p className="text-sm text-muted">
                  Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña.
                </p>
                <EmailField value={email} onChange={setEmail} autoFocus />
                <button type="submit" className="btn-primary w-full" disabled={busy}>
                  {busy ? "Enviando…" : "Enviar correo"}
                </button>
              </form>
            )}

            {view === "codigo" && <VisitCodeForm />}
          </div>
        </div>
      )}
    </dialog>
  );
}

/** '¿Tienes un código?': a known code opens the client's visit page (the server redirects). */
function VisitCodeForm() {
  const fetcher = useFetcher<typeof visitCodeAction>();
  const alert = useAlert();
  const shown = useRef<unknown>(null);
  const id = useId();

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    void alert.show(result.message);
  }, [fetcher.state, fetcher.data, alert]);

  return (
    <fetcher.Form method="post" action={VISIT_CODE_ACTION} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Escribe el código que te compartimos después de tu cita para ver las fotos de tu visita.
      </p>
      <div>
        <label htmlFor={`${id}-codigo`} className="block text-sm font-medium text-cocoa">
          Código de visita
        </label>
        <input
          id={`${id}-codigo`}
          name="codigo"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Ej. ABCD2345"
          // biome-ignore lint/a11y/noAutofocus: the view just shown in the dialog starts at its only field
          autoFocus
          className="field mt-2 text-center text-lg uppercase tracking-[0.3em] placeholder:text-base placeholder:normal-case placeholder:tracking-normal"
        />
      </div>
      <button type="submit" className="btn-accent w-full" disabled={fetcher.state !== "idle"}>
        Descubrir
      </button>
    </fetcher.Form>
  );
}

function SocialButton({
  provider,
  busy,
  onClick,
  children,
}: {
  provider: SocialProvider;
  busy: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className="btn w-full border border-sand bg-white normal-case tracking-normal text-ink hover:border-cocoa"
    >
      {provider === "google" ? <GoogleIcon /> : <FacebookIcon />}
      <span className="text-[0.95rem]">{children}</span>
    </button>
  );
}

function Divider() {
  return (
    <div className="my-2 flex items-center gap-3 text-xs uppercase tracking-[0.25em] text-muted" aria-hidden>
      <span className="h-px flex-1 bg-sand" />o<span className="h-px flex-1 bg-sand" />
    </div>
  );
}

function Field({
  label,
  name,
  type = "text",
  autoComplete,
  autoFocus,
  hint,
  required,
  maxLength,
  error,
  onInput,
}: {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  autoFocus?: boolean;
  hint?: string;
  required?: boolean;
  maxLength?: number;
  /** a Spanish message under the field, announced when it appears */
  error?: string | null;
  onInput?: () => void;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-ayuda` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-cocoa">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        // biome-ignore lint/a11y/noAutofocus: a view just shown in the dialog starts at its first field
        autoFocus={autoFocus}
        aria-required={required || undefined}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onInput={onInput}
        className={`field mt-2 ${error ? "border-red-700" : ""}`}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-ayuda`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

function EmailField({
  value,
  onChange,
  autoFocus,
}: {
  value: string;
  onChange: (v: string) => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-cocoa">
        Correo
      </label>
      <input
        id={id}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        // biome-ignore lint/a11y/noAutofocus: a view just shown in the dialog starts at its first field
        autoFocus={autoFocus}
        className="field mt-2"
      />
    </div>
  );
}
