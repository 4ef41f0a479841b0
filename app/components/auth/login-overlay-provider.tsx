/**
 * The one log-in overlay of the page, and who may open it: the header's log-in icon, a link
 * with `?login=1` in its URL (e.g. "inicia sesión" after a password reset), and the spec's
 * '¡Inicia sesion!' alerts, whose button leads straight to it.
 *
 *   const requireLogin = useLoginRequired();
 *   if (!user) return requireLogin(messages.loginRequiredFavorites);
 */
import { Suspense, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { lazyNamed } from "~/components/site/lazy-named";
import { useAlert } from "~/components/ui/alert-provider";
import type { AlertMessage } from "~/domain/messages";

// The overlay's code (six views, terms, privacy notice) is fetched the first time it opens:
// most visits never open it, and it stays out of every page's first load.
const LoginOverlay = lazyNamed(() => import("./login-overlay"), "LoginOverlay");

type LoginOverlayApi = { openLogin: () => void };

const LoginOverlayContext = createContext<LoginOverlayApi | null>(null);

export function useLoginOverlay(): LoginOverlayApi {
  const api = useContext(LoginOverlayContext);
  if (!api) throw new Error("useLoginOverlay() fuera de <LoginOverlayProvider>");
  return api;
}

/** The alert's buttons: the way in, and a way to carry on browsing. */
export const LOGIN_PROMPT_BUTTONS = { confirmText: "Iniciar sesión", cancelText: "Ahora no" } as const;

/**
 * Shows one of the spec's '¡Inicia sesion!' alerts (its title and text as they are) with a
 * button that opens the log-in overlay.
 */
export function useLoginRequired(): (message: AlertMessage) => Promise<void> {
  const alert = useAlert();
  const { openLogin } = useLoginOverlay();
  return useCallback(
    async (message: AlertMessage) => {
      if (await alert.show({ ...message, ...LOGIN_PROMPT_BUTTONS })) openLogin();
    },
    [alert, openLogin],
  );
}

export function LoginOverlayProvider({ loggedIn, children }: { loggedIn: boolean; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that it can close (and open again) without reloading.
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const wantsLogin = searchParams.get("login") === "1";

  useEffect(() => {
    if (wantsLogin && !loggedIn) setOpen(true);
  }, [wantsLogin, loggedIn]);

  // Leaving the page (e.g. to a visit page from the code view) closes the overlay.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setOpen(false);
  }, [location.pathname]);

  const close = useCallback(() => {
    setOpen(false);
    if (wantsLogin) {
      const params = new URLSearchParams(searchParams);
      params.delete("login");
      const search = params.toString();
      navigate({ search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
    }
  }, [wantsLogin, searchParams, navigate]);

  const api = useMemo(() => ({ openLogin: () => setOpen(true) }), []);

  return (
    <LoginOverlayContext.Provider value={api}>
      {children}
      {!loggedIn && wanted && (
        <Suspense fallback={null}>
          <LoginOverlay open={open} onClose={close} />
        </Suspense>
      )}
    </LoginOverlayContext.Provider>
  );
}
