/**
 * One accessible alert dialog for every alert the spec names (SPEC section 8): a native
 * <dialog> opened with showModal(), so focus is trapped and Escape closes it. Any screen
 * calls `useAlert().show(message)` and awaits the answer (true = confirmed).
 *
 * The dialog itself (alert-dialog.tsx, with its icons) is fetched the first time an alert
 * shows: most visits never see one, and it stays out of every page's first load (ADR 026).
 */
import { Suspense, createContext, useCallback, useContext, useMemo, useRef, useState } from "react";
import { lazyNamed } from "~/components/site/lazy-named";
import type { AlertIcon, AlertMessage } from "~/domain/messages";

const AlertDialog = lazyNamed(() => import("./alert-dialog"), "AlertDialog");

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

export function AlertProvider({ children }: { children: React.ReactNode }) {
  const [current, setCurrent] = useState<AlertOptions | null>(null);
  // Mounted from the first alert on, so that it can close (and show again) without refetching.
  const [wanted, setWanted] = useState(false);
  if (current && !wanted) setWanted(true);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const show = useCallback((options: AlertOptions | AlertMessage) => {
    resolver.current?.(false);
    setCurrent(options as AlertOptions);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = useCallback((value: boolean) => {
    setCurrent(null);
    resolver.current?.(value);
    resolver.current = null;
  }, []);

  const api = useMemo(() => ({ show }), [show]);

  return (
    <AlertContext.Provider value={api}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <AlertDialog current={current} close={close} />
        </Suspense>
      )}
    </AlertContext.Provider>
  );
}
