/**
 * A section of the admin area described once: its fields, how to list, load, save and
 * delete its items. The generic list and edit screens (routes/admin/lista.tsx and
 * editar.tsx) work for every section from this description, so each section's module holds
 * only what is really its own: columns, rules, and side effects such as files.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { data, redirect } from "react-router";
import type { EditScreen, FieldErrors, FormValues, ListItem } from "~/domain/admin-form";
import { withoutNul } from "~/domain/limits";
import type { AlertMessage } from "~/domain/messages";
import { type Page, paginate, parsePage } from "~/domain/pagination";
import { type Db, getDb } from "../db/index.server";
import { UploadError, withSpoolDir } from "../multipart.server";
import { type Fields, type Parsed, type Stored, fileFieldsOf, parseForm, specsOf, storeFiles } from "./fields.server";
import { requireAdmin } from "./guard.server";
import { type Setting, type SettingsScreen, saveSetting, settingScreen } from "./settings.server";
import { deleteFiles, readAdminForm } from "./uploads.server";

/**
 * What a list asks for: a search, a parent (child sections), and on paginated sections the
 * page's slice (`limit`/`offset`, worked out by listScreen from `count`).
 */
export type ListQuery = { q?: string; parent?: string; limit?: number; offset?: number };

/** Rows per page of a paginated admin list (products, visits, orders, students). */
export const ADMIN_PER_PAGE = 30;

export type SaveResult = { id: string } | { errors: FieldErrors };

export type AdminResource<F extends Fields = Fields> = {
  /** the URL segment under /admin */
  section: string;
  /** 'Productos' (list title and tab) */
  title: string;
  /** 'producto': 'Nuevo producto', 'Agregar producto' */
  singular: string;
  /** 'Nuevo' or 'Nueva' */
  newWord?: string;
  /** a search box on the list: what it searches, e.g. 'Nombre o marca' */
  search?: string;
  fields(db: Db, isNew: boolean): Promise<F> | F;
  /** a new item's starting values (e.g. published) */
  defaults?: FormValues;
  list(db: Db, query: ListQuery): Promise<ListItem[]>;
  /**
   * How many items match `q`: sections that can grow large (products, visits) have it, and
   * their list is then paginated on the server (?pagina=, ADMIN_PER_PAGE a page).
   */
  count?(db: Db, query: { q: string }): Promise<number>;
  /** the form's values of an item, or null when there is none */
  load(db: Db, id: string): Promise<FormValues | null>;
  /** rules between fields (a discount price below the price), checked before any file is stored */
  check?(values: Parsed<F>): FieldErrors | null;
  save(db: Db, id: string | null, values: Stored<F>): Promise<SaveResult>;
  /** null when deleted, or the alert that says why not */
  remove(db: Db, id: string): Promise<AlertMessage | null>;
  /** removes one photo of a gallery field */
  removeImage?(db: Db, id: string, field: string, imageId: number): Promise<AlertMessage | null>;
  /** moves one photo of a gallery field to place `to` (0: first, the cover) */
  moveImage?(db: Db, id: string, field: string, imageId: number, to: number): Promise<AlertMessage | null>;
  /** a child section (units of a course): its items belong to the parent named by `field` */
  parent?: { section: string; field: string; title: string };
  /** child sections listed under the edit form */
  children?: { section: string; title: string }[];
  /** a setting edited at the top of the list (shipping state over the shipping bands) */
  setting?: Setting;
  /** sibling sections shown as tabs over the list (product and course codes) */
  tabs?: { href: string; label: string }[];
  /** what to share once saved (a visit's code and link) */
  share?(db: Db, id: string): Promise<EditScreen["share"]>;
};

export type ListScreen = {
  section: string;
  title: string;
  items: ListItem[];
  newHref: string;
  newLabel: string;
  search: string | null;
  q: string;
  /** paginated sections: where this page is; null on short lists shown whole */
  pager: (Page & { total: number }) | null;
  setting: SettingsScreen | null;
  tabs: { href: string; label: string }[];
};

// biome-ignore lint/suspicious/noExplicitAny: sections have fields of their own types
type AnyResource = AdminResource<any>;

const registry = new Map<string, AnyResource>();

export function registerResources(resources: AnyResource[]) {
  for (const r of resources) registry.set(r.section, r);
}

/** The section of an admin URL: '/admin/productos/abc' → its resource. */
function resourceOf(request: Request): AnyResource {
  const section = new URL(request.url).pathname.split("/")[2] ?? "";
  const resource = registry.get(section);
  if (!resource) throw data(null, { status: 404 });
  return resource;
}

/** The `?q=` of an admin list: trimmed, at most 100 characters, no NUL (PostgreSQL refuses it). */
export function searchTerm(url: URL): string {
  return withoutNul(url.searchParams.get("q") ?? "")
    .trim()
    .slice(0, 100);
}

/** `%term%` for ILIKE, with the term's own `%`, `_` and `\\` matched literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, "\\$&")}%`;
}

const newLabel = (r: AnyResource) => `${r.newWord ?? "Nuevo"} ${r.singular}`;

export async function listScreen(request: Request): Promise<ListScreen> {
  await requireAdmin(request);
  const r = resourceOf(request);
  const url = new URL(request.url);
  const q = searchTerm(url);
  const db = getDb();
  let pager: ListScreen["pager"] = null;
  if (r.count) {
    const total = await r.count(db, { q });
    pager = { ...paginate(total, parsePage(url.searchParams.get("pagina")), ADMIN_PER_PAGE), total };
  }
  return {
    section: r.section,
    title: r.title,
    items: await r.list(db, pager ? { q, limit: ADMIN_PER_PAGE, offset: pager.offset } : { q }),
    pager,
    newHref: `/admin/${r.section}/nuevo`,
    newLabel: newLabel(r),
    search: r.search ?? null,
    q,
    setting: r.setting ? await settingScreen(db, r.setting) : null,
    tabs: r.tabs ?? [],
  };
}

/** The list screen's only write: its setting (e.g. free shipping). */
export async function listAction(request: Request) {
  await requireAdmin(request);
  const r = resourceOf(request);
  if (!r.setting) throw data(null, { status: 404 });
  return saveSetting(getDb(), r.setting, await request.formData());
}

export async function editScreen(request: Request, id: string): Promise<EditScreen> {
  await requireAdmin(request);
  const r = resourceOf(request);
  const db = getDb();
  const isNew = id === "nuevo";
  const padre = new URL(request.url).searchParams.get("padre") ?? "";
  const values = isNew ? { ...r.defaults, ...(r.parent ? { [r.parent.field]: padre } : {}) } : await r.load(db, id);
  if (!values) throw data(null, { status: 404 });

  const parentId = r.parent ? String(values[r.parent.field] ?? "") : "";
  const children = isNew
    ? []
    : await Promise.all(
        (r.children ?? []).map(async (child) => {
          const childResource = registry.get(child.section)!;
          return {
            title: child.title,
            section: child.section,
            items: await childResource.list(db, { parent: id }),
            newHref: `/admin/${child.section}/nuevo?padre=${encodeURIComponent(id)}`,
            addLabel: `Agregar ${childResource.singular}`,
          };
        }),
      );
  return {
    section: r.section,
    title: isNew ? newLabel(r) : `Editar ${r.singular}`,
    isNew,
    fields: specsOf(await r.fields(db, isNew)),
    values,
    backHref: r.parent && parentId ? `/admin/${r.parent.section}/${parentId}` : `/admin/${r.section}`,
    backLabel: r.parent && parentId ? r.parent.title : r.title,
    deleteLabel: isNew ? null : `Eliminar ${r.singular}`,
    children,
    share: isNew || !r.share ? null : await r.share(db, id),
  };
}

export type EditActionData = { errors?: FieldErrors; alert?: AlertMessage; notice?: string };

/** Saves, deletes, or removes a photo, as the form's `intent` says. */
export async function editAction(request: Request, id: string) {
  await requireAdmin(request);
  const r = resourceOf(request);
  const db = getDb();
  const isNew = id === "nuevo";
  if (!isNew && !(await r.load(db, id))) throw data(null, { status: 404 });
  const fields = await r.fields(db, isNew);
  // Only now, for an admin, is the body read: its files are written to a folder of the
  // request's own under DATA_DIR/tmp (each within its limit), removed once it is answered.
  return withSpoolDir(async (spoolDir) => {
    let form: FormData;
    try {
      form = await readAdminForm(request, fileFieldsOf(fields), spoolDir);
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      const alert = { icon: "error", title: "No se guardó", text: error.message } as const;
      return data<EditActionData>(
        error.field ? { errors: { [error.field]: error.message }, alert } : { alert },
        { status: error.status },
      );
    }
    return saveForm(r, db, id, fields, form);
  });
}

/** The rest of editAction, once the form is read (its files still in their temporary folder). */
async function saveForm(r: AnyResource, db: Db, id: string, fields: Fields, form: FormData) {
  const isNew = id === "nuevo";
  const intent = form.get("intent");

  if (intent === "eliminar" && !isNew) {
    const values = await r.load(db, id);
    const refused = await r.remove(db, id);
    if (refused) return data<EditActionData>({ alert: refused }, { status: 409 });
    const parentId = r.parent ? String(values?.[r.parent.field] ?? "") : "";
    throw redirect(r.parent && parentId ? `/admin/${r.parent.section}/${parentId}` : `/admin/${r.section}`);
  }

  if (intent === "quitar-imagen" && !isNew && r.removeImage) {
    const imageId = Number(form.get("imagen"));
    const refused = await r.removeImage(db, id, String(form.get("campo") ?? ""), imageId);
    if (refused) return data<EditActionData>({ alert: refused }, { status: 409 });
    return data<EditActionData>({ notice: "Foto eliminada." });
  }

  if (intent === "mover-imagen" && !isNew && r.moveImage) {
    const imageId = Number(form.get("imagen"));
    const to = Number(form.get("a"));
    if (!Number.isSafeInteger(imageId) || !Number.isSafeInteger(to) || to < 0 || to > 1000) {
      return data<EditActionData>({ notice: "Nada que hacer." }, { status: 400 });
    }
    const refused = await r.moveImage(db, id, String(form.get("campo") ?? ""), imageId, to);
    if (refused) return data<EditActionData>({ alert: refused }, { status: 409 });
    return data<EditActionData>({ notice: "Orden de fotos guardado." });
  }

  if (intent !== "guardar") return data<EditActionData>({ notice: "Nada que hacer." }, { status: 400 });

  const parsed = await parseForm(fields, form);
  if (!parsed.ok) return data<EditActionData>({ errors: parsed.errors }, { status: 400 });
  const ruleErrors = r.check?.(parsed.values);
  if (ruleErrors) return data<EditActionData>({ errors: ruleErrors }, { status: 400 });
  const { values, stored } = await storeFiles(fields, parsed.values);
  let result: SaveResult;
  try {
    result = await r.save(db, isNew ? null : id, values);
  } catch (error) {
    await deleteFiles(stored);
    throw error;
  }
  if ("errors" in result) {
    // A rule of the section refused the form: nothing may stay behind, files included.
    await deleteFiles(stored);
    return data<EditActionData>({ errors: result.errors }, { status: 400 });
  }
  if (isNew) throw redirect(`/admin/${r.section}/${result.id}?guardado=1`);
  return data<EditActionData>({ notice: "Cambios guardados." });
}

type TextIdTable = PgTable & { id: PgColumn };

/**
 * The save of most sections: updates row `id`, or inserts one with a new readable id made
 * from `name`. `inTransaction` runs in the same transaction (new photos); the files of `replaced`
 * columns (an image given a new file) are deleted once saved. Answers the row's id.
 */
export async function saveRow(
  db: Db,
  table: TextIdTable,
  id: string | null,
  columns: Record<string, unknown>,
  name: string,
  options: { inTransaction?: (tx: Db, rowId: string) => Promise<void>; replaced?: string[] } = {},
): Promise<{ id: string }> {
  const rowId = id ?? newId(name);
  const [before] =
    id && options.replaced?.length
      ? ((await db.select().from(table).where(eq(table.id, id))) as Record<string, unknown>[])
      : [];
  await db.transaction(async (tx) => {
    // drizzle cannot type a table chosen at run time; each section passes its own columns
    if (id)
      await tx
        .update(table)
        .set(columns as never)
        .where(eq(table.id, id));
    else await tx.insert(table).values({ id: rowId, ...columns } as never);
    await options.inTransaction?.(tx, rowId);
  });
  if (before) await deleteFiles((options.replaced ?? []).map((column) => before[column] as string | null));
  return { id: rowId };
}

/** A new item's id: readable and unguessable enough, e.g. 'labial-mate-3f9a2c'. */
export function newId(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return `${slug || "item"}-${randomBytes(3).toString("hex")}`;
}

/** The 23505 of PostgreSQL (a unique index refused the row), however deep it is wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}
