/**
 * What the admin screens receive from the server: field descriptions and values for the one
 * generic form, and items for the one generic list. Plain data (it travels in loader data).
 */
import type { UploadKind } from "./limits";

export type FieldType =
  | "text"
  | "textarea"
  | "integer"
  | "money"
  | "percent"
  | "checkbox"
  | "select"
  | "date"
  /** a wall-clock time 'HH:MM' (the phone shows its time picker) */
  | "time"
  | "image"
  | "gallery"
  | "file"
  | "qa"
  /** not shown: a value the form carries back as it was loaded (the stock it showed) */
  | "hidden";

export type Option = { value: string; label: string };

export type FieldSpec = {
  name: string;
  type: FieldType;
  label: string;
  required?: boolean;
  help?: string;
  placeholder?: string;
  options?: Option[];
  min?: number;
  max?: number;
  /** file inputs: what the picker offers, e.g. 'image/*' */
  accept?: string;
  /** file inputs: the kind of file, whose size limit the form shows and checks (app/domain/limits.ts) */
  uploadKind?: UploadKind;
  /** a heading shown above this field (starts a group) */
  group?: string;
  /** shown only while another field (a select) has this value */
  showWhen?: { field: string; value: string };
  /** galleries: the photos can be put in order (buttons and drag); the first is the cover */
  reorder?: boolean;
};

export type GalleryImage = { id: number; url: string };
export type QuestionAnswer = { pregunta: string; respuesta: string };

/** A field's value as the form shows it (money in pesos, e.g. "249.50"). */
export type FormValue = string | boolean | null | GalleryImage[] | QuestionAnswer[];
export type FormValues = Record<string, FormValue>;
export type FieldErrors = Record<string, string>;

export type ListItem = {
  id: string;
  title: string;
  detail?: string;
  image?: string;
  /** a short tag on the card, e.g. 'Oculto' or 'Agotado' */
  badge?: string;
};

/** Everything the generic edit screen needs; children are lists shown under the form. */
export type EditScreen = {
  section: string;
  title: string;
  isNew: boolean;
  fields: FieldSpec[];
  values: FormValues;
  backHref: string;
  backLabel: string;
  /** 'Eliminar producto'; null for a new item */
  deleteLabel: string | null;
  children: { title: string; items: ListItem[]; section: string; newHref: string; addLabel: string }[];
  share: { codigo: string; url: string; whatsapp: string } | null;
};
