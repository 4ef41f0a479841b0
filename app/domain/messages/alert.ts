/** The shape of an alert (see index.ts), and the alerts any screen may show. */
export type AlertIcon = "success" | "error" | "warning" | "info";

export type AlertMessage = {
  readonly icon: AlertIcon;
  readonly title: string;
  readonly text: string;
  /** Small print under the text. */
  readonly footer?: string;
  /** Button labels for a confirmation dialog. */
  readonly confirmText?: string;
  readonly cancelText?: string;
  /** The text split into separate paragraphs, when it has several. */
  readonly lines?: readonly string[];
};

// --- Any screen ----------------------------------------------------------------------

export const serverError = {
  icon: "error",
  title: "Error del servidor",
  text: "Favor de comunicarte con el administrador",
} as const satisfies AlertMessage;

/** The database cannot be reached for now (HTTP 503: pages, API calls); the spec has no text. */
export const serviceUnavailable = {
  icon: "error",
  title: "Servicio no disponible",
  text: "Estamos teniendo problemas técnicos. Intenta de nuevo en unos minutos.",
} as const satisfies AlertMessage;
