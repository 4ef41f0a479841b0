/**
 * The site's own images: the home page hero, the studio video with its poster, and the
 * facilities photos of 'Nosotros'. They live in `ajustes` under 'sitio', in the shape of an
 * export's `_sitio` block (seed/demo.json has one): the demo seed writes the demo's, and the
 * studio's own export can carry its own. Pages read them from the database on every request;
 * without the setting they show without those images.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.server";
import { ajustes } from "../db/schema";

export const SITIO_KEY = "sitio";

export type SiteImage = { url: string; nombre: string; ancho: number | null; alto: number | null };

export type SiteMedia = {
  hero: string;
  heroAncho: number;
  heroAlto: number;
  video: string;
  poster: string;
  instalaciones: SiteImage[];
};

/** A /media/... path or an absolute http(s) address. */
const url = z
  .string()
  .max(500, "La dirección es demasiado larga (máximo 500 caracteres).")
  .regex(/^(\/|https?:\/\/)/, "La dirección debe empezar con / o con http(s)://.");
const size = z.number().int().positive().max(20_000);

/** The `_sitio` block of an export, as stored. */
const sitioSchema = z.object({
  hero: url.optional(),
  heroAncho: size.optional(),
  heroAlto: size.optional(),
  video: url.optional(),
  poster: url.optional(),
  instalaciones: z
    .array(
      z.object({
        url,
        titulo: z.string().max(200).optional(),
        nombre: z.string().max(200).optional(),
        width: size.optional(),
        height: size.optional(),
      }),
    )
    .max(50, "Máximo 50 fotos de instalaciones.")
    .optional(),
});

export type Sitio = z.infer<typeof sitioSchema>;

/** The site's images as the pages need them; empty ones when the setting is missing. */
export async function readSiteMedia(db: Db): Promise<SiteMedia> {
  const [row] = await db.select({ valor: ajustes.valor }).from(ajustes).where(eq(ajustes.clave, SITIO_KEY)).limit(1);
  const parsed = sitioSchema.safeParse(row?.valor ?? {});
  return toSiteMedia(parsed.success ? parsed.data : {});
}

/** Whether the site's images were ever set. */
export async function hasSiteMedia(db: Db): Promise<boolean> {
  const [row] = await db.select({ clave: ajustes.clave }).from(ajustes).where(eq(ajustes.clave, SITIO_KEY)).limit(1);
  return Boolean(row);
}

/**
 * Stores an export's `_sitio` block as the site's images. An invalid block is refused with
 * the field and the reason, and nothing is written.
 */
export async function saveSiteMedia(db: Db, value: unknown): Promise<void> {
  const parsed = sitioSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`_sitio, campo "${issue.path.join(".") || "(bloque)"}": ${issue.message}`);
  }
  await db
    .insert(ajustes)
    .values({ clave: SITIO_KEY, valor: parsed.data })
    .onConflictDoUpdate({ target: ajustes.clave, set: { valor: parsed.data, updatedAt: new Date() } });
}

function toSiteMedia(value: Sitio): SiteMedia {
  return {
    hero: value.hero ?? "",
    heroAncho: value.heroAncho ?? 1600,
    heroAlto: value.heroAlto ?? 1000,
    video: value.video ?? "",
    poster: value.poster ?? value.hero ?? "",
    instalaciones: (value.instalaciones ?? []).map((image) => ({
      url: image.url,
      nombre: image.titulo ?? image.nombre ?? "",
      ancho: image.width ?? null,
      alto: image.height ?? null,
    })),
  };
}
