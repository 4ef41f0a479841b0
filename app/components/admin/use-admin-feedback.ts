/**
 * The admin screens' shared behaviour: every edit or delete asks the spec's confirmation
 * ('¿Esta seguro de eliminar este campo?' / 'No se podra recuperar!', Continuar / Cancelar)
 * before it is sent, and the server's answer is shown as a toast (done) or an alert
 * (refused, e.g. 'Error al aliminar archivo 1').
 */
import { useEffect } from "react";
import { useLocation, useNavigate, useSubmit } from "react-router";
import { useAlert } from "~/components/ui/alert-provider";
import { useToast } from "~/components/ui/toast-provider";
import { type AlertMessage, confirmDelete } from "~/domain/messages";

export type ActionFeedback = { notice?: string; alert?: AlertMessage; errors?: Record<string, string> } | undefined;

/**
 * Submits a form (files included) after the confirmation; `confirm: false` for a creation, or
 * the question to ask instead of the spec's (money that goes back cannot be "un campo").
 */
export function useConfirmedSubmit() {
  const alert = useAlert();
  const submit = useSubmit();
  return async (form: HTMLFormElement, { confirm = true }: { confirm?: boolean | AlertMessage } = {}) => {
    if (confirm && !(await alert.show(confirm === true ? confirmDelete : confirm))) return;
    await submit(form, { method: "post", encType: "multipart/form-data", preventScrollReset: true });
  };
}

/** Shows what an action answered: a toast for a notice, the alert for a refusal. */
export function useActionFeedback(data: ActionFeedback) {
  const alert = useAlert();
  const toast = useToast();
  useEffect(() => {
    if (data?.alert) void alert.show(data.alert);
    else if (data?.notice) toast.show(data.notice);
    else if (data?.errors && Object.keys(data.errors).length > 0) {
      toast.show("Revisa los datos marcados en rojo.", { tone: "error" });
    }
  }, [data, alert, toast]);
}

/** After a redirect with ?guardado=1: the toast, then the URL without the flag. */
export function useSavedFlag() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has("guardado")) return;
    toast.show("Guardado.");
    params.delete("guardado");
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "" },
      { replace: true, preventScrollReset: true },
    );
  }, [location, navigate, toast]);
}
