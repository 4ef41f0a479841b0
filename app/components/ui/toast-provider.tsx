/** Short, polite notices (favourite added, cart updated): `useToast().show(text)`. */
import { createContext, useCallback, useContext, useMemo, useRef, useState } from "react";

type Tone = "success" | "error" | "info";
type Toast = { id: number; text: string; tone: Tone };
type ToastApi = { show: (text: string, options?: { tone?: Tone }) => void };

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() fuera de <ToastProvider>");
  return api;
}

const TONES: Record<Tone, string> = {
  success: "bg-cocoa text-cream",
  error: "bg-red-800 text-white",
  info: "bg-ink text-cream",
};

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const show = useCallback((text: string, options?: { tone?: Tone }) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, text, tone: options?.tone ?? "success" }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), 3500);
  }, []);

  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        role="status"
        data-testid="toasts"
        className="pointer-events-none fixed inset-x-0 bottom-24 z-[70] flex flex-col items-center gap-2 px-4"
      >
        {toasts.map((toast) => (
          <p key={toast.id} className={`rounded-full px-5 py-3 text-sm shadow-lg ${TONES[toast.tone]}`}>
            {toast.text}
          </p>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
