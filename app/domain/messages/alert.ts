/** The shape of an alert: see index.ts. */
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
