/**
 * Back from Google or Facebook, the page carries `?sesion=nueva|iniciada|error`. This shows
 * the spec's welcome (new or returning), or nothing when the user cancelled at the provider
 * (SPEC section 8: "popup closed by the user: silent"), or 'Error del servidor' otherwise.
 * A user whose terms are not accepted (first social log-in through the log-in path, SPEC
 * section 4) then gets the terms prompt, on every social log-in until accepted.
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate, useSearchParams } from "react-router";
import { useAlert } from "~/components/ui/alert-provider";
import { useToast } from "~/components/ui/toast-provider";
import { type AlertMessage, serverError, welcomeBack, welcomeNew } from "~/domain/messages";
import type { loader as termsLoader } from "~/routes/api.terminos";
import { TERMS_ACTION, TermsDialog } from "./terms-dialog";

/**
 * The address belongs to an email account whose owner never proved it: Better Auth refuses
 * to join them (someone else could have registered it). Not in the spec, so written here.
 */
const accountExists = {
  icon: "info",
  title: "Ya tienes una cuenta",
  text: "Ese correo ya está registrado. Inicia sesión con tu correo y contraseña.",
} as const satisfies AlertMessage;

/** Errors that mean the person chose not to go on at the provider. */
const CANCELLED = new Set(["access_denied", "user_denied", "user_cancelled_login", "user_cancelled_authorize"]);

export function SocialLoginResult() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const alert = useAlert();
  const toast = useToast();
  const terms = useFetcher<typeof termsLoader>();
  const [askTerms, setAskTerms] = useState(false);
  const handled = useRef<string | null>(null);
  const sesion = searchParams.get("sesion");
  const error = searchParams.get("error");

  useEffect(() => {
    if (!sesion || handled.current === searchParams.toString()) return;
    handled.current = searchParams.toString();
    const params = new URLSearchParams(searchParams);
    for (const name of ["sesion", "error", "error_description"]) params.delete(name);
    const search = params.toString();
    void (async () => {
      if (sesion === "nueva" || sesion === "iniciada") {
        await alert.show(sesion === "nueva" ? welcomeNew : welcomeBack);
        terms.load(TERMS_ACTION);
      } else if (sesion === "error" && error === "account_not_linked") {
        await alert.show(accountExists);
      } else if (sesion === "error" && !CANCELLED.has(error ?? "")) {
        await alert.show(serverError);
      }
      navigate({ search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
    })();
  }, [sesion, error, searchParams, alert, navigate, terms]);

  // Once per log-in: revalidations of the fetcher (after any later action) must not reopen it.
  const askedTerms = useRef(false);
  useEffect(() => {
    if (askedTerms.current || terms.state !== "idle" || terms.data?.terminos !== false) return;
    askedTerms.current = true;
    setAskTerms(true);
  }, [terms.state, terms.data]);

  return (
    <TermsDialog
      open={askTerms}
      text="Para terminar de crear tu cuenta, acepta los Términos y Condiciones."
      onClose={() => setAskTerms(false)}
      onAccepted={() => {
        setAskTerms(false);
        toast.show("¡Gracias! Aceptaste los Términos y Condiciones.");
      }}
    />
  );
}
