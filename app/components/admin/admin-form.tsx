/**
 * The admin area's one form: draws any section's fields from their description (see
 * app/server/admin/fields.server.ts, which checks the same fields on the server). Editing
 * an existing item asks for confirmation before saving; errors appear under each field.
 */
import { ArrowLeft, ArrowRight, FileText, ImagePlus, Plus, Trash2, X } from "lucide-react";
import { Fragment, useId, useRef, useState } from "react";
import { useFetcher, useNavigation } from "react-router";
import { type ActionFeedback, useActionFeedback, useConfirmedSubmit } from "./use-admin-feedback";
import { useAlert } from "~/components/ui/alert-provider";
import { UPLOAD_LIMITS, type UploadKind, fileTooLarge, uploadHint } from "~/domain/limits";
import { type AlertMessage, confirmDelete } from "~/domain/messages";
import type { FieldErrors, FieldSpec, FormValue, FormValues, GalleryImage, QuestionAnswer } from "~/domain/admin-form";

/** Fields that take the whole width of a desktop form (the others go two by two). */
const WIDE = new Set<FieldSpec["type"]>(["textarea", "image", "gallery", "file", "qa"]);

type AdminFormProps = {
  fields: FieldSpec[];
  values: FormValues;
  errors?: FieldErrors;
  /** the form's `intent` (what the action does with it) */
  intent: string;
  submitLabel: string;
  /** ask the spec's confirmation first (every edit does; a creation does not), or this question */
  confirm: boolean | AlertMessage;
  /** photos of a saved item can be removed one by one */
  canRemoveImages?: boolean;
  /** a long form keeps its button at the bottom of a phone's screen */
  sticky?: boolean;
};

export function AdminForm({
  fields,
  values,
  errors = {},
  intent,
  submitLabel,
  confirm,
  canRemoveImages = false,
  sticky = false,
}: AdminFormProps) {
  const submitForm = useConfirmedSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  // Fields shown only for a value of another field (a course's type) follow the select live.
  const [watched, setWatched] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.filter((f) => f.type === "select").map((f) => [f.name, String(values[f.name] ?? "")])),
  );

  return (
    <form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submitForm(event.currentTarget, { confirm });
      }}
      onChange={(event) => {
        const target = event.target as unknown as HTMLSelectElement;
        if (target.tagName === "SELECT" && target.name in watched)
          setWatched((w) => ({ ...w, [target.name]: target.value }));
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <div className="grid gap-5 md:grid-cols-2 md:gap-x-6">
        {fields.map((field) => {
          if (field.type === "hidden") {
            const value = values[field.name];
            return <input key={field.name} type="hidden" name={field.name} value={typeof value === "string" ? value : ""} />;
          }
          const hidden = field.showWhen && watched[field.showWhen.field] !== field.showWhen.value;
          return (
            <Fragment key={field.name}>
              {field.group && (
                <h2 hidden={hidden} className="border-t border-sand pt-5 text-2xl md:col-span-2">
                  {field.group}
                </h2>
              )}
              <div hidden={hidden} className={WIDE.has(field.type) ? "md:col-span-2" : undefined}>
                <FieldRow
                  field={field}
                  value={values[field.name] ?? null}
                  error={errors[field.name]}
                  canRemoveImages={canRemoveImages}
                />
              </div>
            </Fragment>
          );
        })}
      </div>
      <div
        className={
          sticky
            ? "sticky bottom-0 -mx-4 border-t border-sand bg-cream/95 py-3 pr-20 pl-4 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:px-0"
            : ""
        }
      >
        <button type="submit" className="btn-primary w-full md:w-auto" disabled={busy}>
          {busy ? "Guardando…" : submitLabel}
        </button>
      </div>
    </form>
  );
}

function FieldRow({
  field,
  value,
  error,
  canRemoveImages,
}: {
  field: FieldSpec;
  value: FormValue;
  error?: string;
  canRemoveImages: boolean;
}) {
  const id = useId();
  const describedBy = [field.help && `${id}-ayuda`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const common = { id, name: field.name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };

  if (field.type === "checkbox") {
    return (
      <div>
        <label
          htmlFor={id}
          className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-sand bg-white px-4 py-2"
        >
          <input type="checkbox" {...common} defaultChecked={value === true} className="size-6 shrink-0 accent-cocoa" />
          <span className="font-medium text-cocoa">{field.label}</span>
        </label>
        <Help id={id} field={field} error={error} />
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-cocoa">
        {field.label}
        {field.required && (
          <span className="text-clay-dark" aria-hidden>
            {" "}
            *
          </span>
        )}
      </label>
      <FieldInput field={field} value={value} common={common} canRemoveImages={canRemoveImages} />
      <Help id={id} field={field} error={error} />
    </div>
  );
}

function Help({ id, field, error }: { id: string; field: FieldSpec; error?: string }) {
  return (
    <>
      {field.help && (
        <p id={`${id}-ayuda`} className="text-sm text-muted">
          {field.help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700" data-testid={`error-${field.name}`}>
          {error}
        </p>
      )}
    </>
  );
}

type Common = { id: string; name: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

function FieldInput({
  field,
  value,
  common,
  canRemoveImages,
}: {
  field: FieldSpec;
  value: FormValue;
  common: Common;
  canRemoveImages: boolean;
}) {
  const text = typeof value === "string" ? value : "";
  const required = field.required || undefined;
  switch (field.type) {
    case "textarea":
      return <textarea {...common} defaultValue={text} rows={5} required={required} className="field" />;
    case "select":
      return (
        <select {...common} defaultValue={text} required={required} className="field min-h-12">
          {(!field.required || !text) && <option value="">Elige una opción…</option>}
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case "money":
    case "integer":
    case "percent":
      // typed as text: a phone shows its number pad, and '1,249.50' or '$249' are accepted
      return (
        <div className="relative">
          {field.type === "money" && <Adornment side="left">$</Adornment>}
          <input
            {...common}
            type="text"
            inputMode={field.type === "money" ? "decimal" : "numeric"}
            defaultValue={text}
            placeholder={field.placeholder}
            required={required}
            className={field.type === "money" ? "field pl-8" : "field"}
          />
          {field.type === "percent" && <Adornment side="right">%</Adornment>}
        </div>
      );
    case "date":
      return <input {...common} type="date" defaultValue={text} required={required} className="field min-h-12" />;
    case "time":
      return (
        <input {...common} type="time" step={300} defaultValue={text} required={required} className="field min-h-12" />
      );
    case "image":
      return <ImageInput field={field} current={text} common={common} />;
    case "file":
      return (
        <div className="space-y-2">
          {text && (
            <p className="flex items-center gap-2 text-sm text-muted">
              <FileText className="size-4" aria-hidden />
              Archivo actual: {text.split("/").pop()}
            </p>
          )}
          <FilePicker
            common={common}
            accept={field.accept}
            kind={field.uploadKind}
            label={text ? "Cambiar archivo" : "Elegir archivo"}
          />
        </div>
      );
    case "gallery":
      return (
        <GalleryInput
          field={field}
          images={Array.isArray(value) ? (value as GalleryImage[]) : []}
          common={common}
          canRemove={canRemoveImages}
        />
      );
    case "qa":
      return <QuestionsInput name={field.name} initial={Array.isArray(value) ? (value as QuestionAnswer[]) : []} />;
    default:
      return (
        <input
          {...common}
          type="text"
          defaultValue={text}
          placeholder={field.placeholder}
          required={required}
          className="field"
        />
      );
  }
}

function Adornment({ side, children }: { side: "left" | "right"; children: React.ReactNode }) {
  return (
    <span
      className={`pointer-events-none absolute top-1/2 -translate-y-1/2 text-muted ${side === "left" ? "left-4" : "right-4"}`}
    >
      {children}
    </span>
  );
}

/**
 * A file picker that speaks Spanish whatever the browser's language: a big button (the
 * native input is visually hidden inside it), what was chosen, and the size limit of its kind
 * (app/domain/limits.ts). A file over the limit is refused here, before it is sent, with the
 * server's own message (the server checks again).
 */
function FilePicker({
  common,
  accept,
  kind,
  label,
  multiple = false,
  onFiles,
}: {
  common: Common;
  accept?: string;
  kind?: UploadKind;
  label: string;
  multiple?: boolean;
  onFiles?: (files: File[]) => void;
}) {
  const [chosen, setChosen] = useState<File[]>([]);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const summary =
    chosen.length === 0
      ? "Ningún archivo elegido"
      : chosen.length === 1
        ? chosen[0]!.name
        : `${chosen.length} archivos elegidos`;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="btn-outline cursor-pointer focus-within:outline-2 focus-within:outline-clay">
        <ImagePlus className="size-4" aria-hidden />
        {label}
        <input
          {...common}
          type="file"
          accept={accept}
          multiple={multiple}
          className="sr-only"
          onChange={(event) => {
            let files = Array.from(event.target.files ?? []);
            const over = kind ? files.find((file) => file.size > UPLOAD_LIMITS[kind].bytes) : undefined;
            setTooLarge(over && kind ? `${fileTooLarge(kind).text} («${over.name}»)` : null);
            if (over) {
              event.target.value = "";
              files = [];
            }
            setChosen(files);
            onFiles?.(files);
          }}
        />
      </label>
      <span className="min-w-0 truncate text-sm text-muted">{summary}</span>
      {kind && <span className="text-sm text-muted">{uploadHint(kind)}</span>}
      {tooLarge && (
        <p role="alert" className="w-full text-sm font-medium text-red-700" data-testid={`demasiado-grande-${common.name}`}>
          {tooLarge}
        </p>
      )}
    </div>
  );
}

/** Previews of the images just chosen (before they are sent). */
function usePreviews() {
  const [previews, setPreviews] = useState<string[]>([]);
  const onFiles = (files: File[]) => {
    for (const url of previews) URL.revokeObjectURL(url);
    setPreviews(files.map((file) => URL.createObjectURL(file)));
  };
  return { previews, onFiles };
}

function ImageInput({ field, current, common }: { field: FieldSpec; current: string; common: Common }) {
  const { previews, onFiles } = usePreviews();
  const shown = previews[0] ?? current;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <span className="size-24 shrink-0 overflow-hidden rounded-xl bg-sand">
        {shown ? (
          <img src={shown} alt="" className="size-full object-cover" />
        ) : (
          <ImagePlus className="m-auto mt-8 size-8 text-muted" aria-hidden />
        )}
      </span>
      <FilePicker
        common={common}
        accept={field.accept}
        kind={field.uploadKind}
        label={current ? "Cambiar imagen" : "Elegir imagen"}
        onFiles={onFiles}
      />
    </div>
  );
}

function GalleryInput({
  field,
  images,
  common,
  canRemove,
}: {
  field: FieldSpec;
  images: GalleryImage[];
  common: Common;
  canRemove: boolean;
}) {
  const { previews, onFiles } = usePreviews();
  const fetcher = useFetcher<ActionFeedback>();
  const mover = useFetcher<ActionFeedback>();
  const alert = useAlert();
  useActionFeedback(fetcher.data);
  useActionFeedback(mover.data);
  const [dragged, setDragged] = useState<number | null>(null);
  const removing = fetcher.state !== "idle" ? Number(fetcher.formData?.get("imagen")) : null;
  const canMove = canRemove && field.reorder === true && images.length > 1;

  // While a move is on its way the photos show in their new order already.
  const shown = [...images];
  if (mover.state !== "idle" && mover.formData) {
    const id = Number(mover.formData.get("imagen"));
    const from = shown.findIndex((i) => i.id === id);
    if (from >= 0) {
      const [image] = shown.splice(from, 1);
      shown.splice(Math.min(Number(mover.formData.get("a")), shown.length), 0, image!);
    }
  }

  const remove = async (image: GalleryImage) => {
    if (!(await alert.show(confirmDelete))) return;
    await fetcher.submit({ intent: "quitar-imagen", campo: field.name, imagen: String(image.id) }, { method: "post" });
  };
  const move = (image: GalleryImage, to: number) =>
    mover.submit(
      { intent: "mover-imagen", campo: field.name, imagen: String(image.id), a: String(to) },
      { method: "post", preventScrollReset: true },
    );

  return (
    <div className="space-y-3">
      {(shown.length > 0 || previews.length > 0) && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid={`galeria-${field.name}`}>
          {shown.map((image, i) => (
            <li
              key={image.id}
              draggable={canMove}
              onDragStart={(event) => {
                setDragged(image.id);
                event.dataTransfer.effectAllowed = "move";
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => {
                if (dragged !== null) event.preventDefault();
              }}
              onDrop={(event) => {
                event.preventDefault();
                const from = shown.find((x) => x.id === dragged);
                setDragged(null);
                if (from && from.id !== image.id) void move(from, i);
              }}
              className={`relative aspect-square overflow-hidden rounded-xl bg-sand ${removing === image.id || dragged === image.id ? "opacity-40" : ""} ${canMove ? "cursor-grab" : ""}`}
            >
              <img src={image.url} alt={`Foto ${i + 1}`} loading="lazy" className="size-full object-cover" draggable={false} />
              {field.reorder && i === 0 && (
                <span className="absolute left-1 top-1 rounded-full bg-cocoa px-2 text-xs text-cream">Portada</span>
              )}
              {canRemove && (
                <button
                  type="button"
                  onClick={() => void remove(image)}
                  className="absolute right-1 top-1 grid size-10 place-items-center rounded-full bg-ink/70 text-white"
                  aria-label={`Quitar foto ${i + 1} (${field.label})`}
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              )}
              {canMove && (
                <div className="absolute inset-x-1 bottom-1 flex justify-between">
                  <button
                    type="button"
                    disabled={i === 0 || mover.state !== "idle"}
                    onClick={() => void move(image, i - 1)}
                    className="grid size-10 place-items-center rounded-full bg-ink/70 text-white disabled:invisible"
                    aria-label={i === 1 ? `Hacer la foto ${i + 1} la portada` : `Mover la foto ${i + 1} antes`}
                  >
                    <ArrowLeft className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    disabled={i === shown.length - 1 || mover.state !== "idle"}
                    onClick={() => void move(image, i + 1)}
                    className="grid size-10 place-items-center rounded-full bg-ink/70 text-white disabled:invisible"
                    aria-label={`Mover la foto ${i + 1} después`}
                  >
                    <ArrowRight className="size-4" aria-hidden />
                  </button>
                </div>
              )}
            </li>
          ))}
          {previews.map((url, i) => (
            <li
              key={url}
              className="relative aspect-square overflow-hidden rounded-xl border-2 border-dashed border-clay"
            >
              <img src={url} alt={`Foto nueva ${i + 1}`} className="size-full object-cover" />
              <span className="absolute bottom-1 left-1 rounded-full bg-clay-dark px-2 text-xs text-white">Nueva</span>
            </li>
          ))}
        </ul>
      )}
      <FilePicker
        common={common}
        accept={field.accept}
        kind={field.uploadKind}
        label="Agregar fotos"
        multiple
        onFiles={onFiles}
      />
    </div>
  );
}

function QuestionsInput({ name, initial }: { name: string; initial: QuestionAnswer[] }) {
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState(() => initial.map((qa, key) => ({ key, ...qa })));
  return (
    <div className="space-y-3">
      {rows.map((row, i) => (
        <fieldset key={row.key} className="space-y-2 rounded-xl border border-sand bg-white p-3">
          <legend className="sr-only">Pregunta {i + 1}</legend>
          <div className="flex items-center gap-2">
            <input
              name={`${name}.pregunta`}
              defaultValue={row.pregunta}
              aria-label={`Pregunta ${i + 1}`}
              placeholder="Pregunta"
              className="field"
            />
            <button
              type="button"
              onClick={() => setRows((r) => r.filter((x) => x.key !== row.key))}
              className="grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-sand"
              aria-label={`Quitar pregunta ${i + 1}`}
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <textarea
            name={`${name}.respuesta`}
            defaultValue={row.respuesta}
            aria-label={`Respuesta ${i + 1}`}
            placeholder="Respuesta"
            rows={3}
            className="field"
          />
        </fieldset>
      ))}
      <button
        type="button"
        onClick={() => setRows((r) => [...r, { key: nextKey.current++, pregunta: "", respuesta: "" }])}
        className="btn-outline w-full sm:w-auto"
      >
        <Plus className="size-4" aria-hidden />
        Agregar pregunta
      </button>
    </div>
  );
}
