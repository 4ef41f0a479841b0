/**
 * The demo media generator. There is no photo library: every image seed/demo.json
 * references is drawn from SVG (the other files of this folder) and encoded with sharp. The
 * list of files comes from demo.json itself (every `/media/demo/...` and `private:demo/...`
 * reference it holds), so an image the demo references always exists and nothing else is
 * written.
 *
 * - Public files land in `<uploadsDir>/demo/<folder>/<file>` (served at `/media/demo/...`).
 * - Private files use `private:{key}` references and land in `<privateDir>/{key}`: the lesson
 *   video (`seed/video/clase.webm` → `private:videos/clase.webm`), the visit photos and the
 *   course manual (`private:demo/...`). Only routes that check access serve them.
 * - Idempotent: existing files are skipped, new ones are written atomically.
 * - With DEMO_MEDIA_CACHE (the tests), the drawings are kept there by a hash of their sources
 *   and copied from there by the next run instead of drawn again (cache.ts).
 *
 * It runs in the seeding process (seed/seed-demo.ts), never in the web server: drawing 240
 * images through librsvg takes hundreds of megabytes the server would keep.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { sizedName } from "../../app/domain/image-variants";
import { imageVariants } from "../../app/server/image-variants.server";
import { courseCard, certificate, lessonPoster, manualPdf } from "./courses";
import type { Drawing } from "./draw";
import { themeOf } from "./faces";
import { cachedFile, demoMediaCacheDir, storeDemoMediaCache } from "./cache";
import { nonEmptyFile, writeAtomic } from "./files";
import { productImage } from "./products";
import { beforeAfter, framedStudy, skinCloseUp, techniqueCard, visitPhoto } from "./services";
import { facility, hero, ROOMS, videoPoster } from "./site";
import { PALETTE as C, prepareFonts } from "./style";

/**
 * What a run did; `files` is every file the demo needs, written now or before; of the
 * `written` ones, `copied` came from the cache instead of being drawn.
 */
export type DemoMediaReport = { written: number; copied: number; skipped: number; ms: number; files: string[] };

/**
 * `cache`: the folder of drawings kept between runs (default DEMO_MEDIA_CACHE; none when
 * empty). `fromCache: false` draws all the same (the test of the drawing) and keeps them.
 */
export type DemoMediaOptions = { cache?: string; fromCache?: boolean };

/**
 * One image (or PDF) of demo.json: `file` is the one it references, `files` every file it is
 * stored as (an image named like an upload's size also comes in the WebP sizes of its
 * srcset), and `render` draws it and answers each file's bytes.
 */
export type Job = { file: string; files: string[]; render: () => Promise<[string, Buffer][]> };

/**
 * Writes every image (and the manual PDF) demo.json references under `<uploadsDir>/demo/`,
 * copies the studio video there, and the lesson video to `<privateDir>/videos/`. Files that
 * exist are left alone, so a second run only checks.
 */
export async function generateDemoMedia(
  uploadsDir: string,
  privateDir: string,
  demo?: unknown,
  options: DemoMediaOptions = {},
): Promise<DemoMediaReport> {
  const started = Date.now();
  const data = obj(demo ?? JSON.parse(await fsp.readFile(path.join(process.cwd(), "seed", "demo.json"), "utf8")));
  const plan = planDemoMedia(data, uploadsDir, privateDir);
  const videoDir = path.join(process.cwd(), "seed", "video");
  const copies: [string, string][] = (
    [
      [path.join(videoDir, "estudio.webm"), path.join(uploadsDir, "demo", "video", "estudio.webm")],
      [path.join(videoDir, "clase.webm"), path.join(privateDir, "videos", "clase.webm")],
    ] as [string, string][]
  ).filter(([from]) => fs.existsSync(from));
  let written = 0;
  let copied = 0;
  const cacheRoot = options.cache ?? process.env.DEMO_MEDIA_CACHE;
  const cache = cacheRoot ? demoMediaCacheDir(path.resolve(cacheRoot), data) : undefined;

  for (const [from, to] of copies) {
    if (nonEmptyFile(to)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    writeAtomic(to, fs.readFileSync(from));
    written++;
  }

  let queue = plan.filter((job) => !job.files.every(nonEmptyFile));
  if (cache && options.fromCache !== false && fs.existsSync(cache)) {
    queue = queue.filter((job) => {
      const kept = job.files.map((file) => cachedFile(cache, file, uploadsDir, privateDir));
      if (!kept.every((file) => file && nonEmptyFile(file))) return true; // drawn below
      job.files.forEach((file, i) => {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        writeAtomic(file, fs.readFileSync(kept[i]!));
        written++;
        copied++;
      });
      return false;
    });
  }
  const drawn = queue.length;
  if (queue.length > 0) {
    prepareFonts();
    // Each drawing is rendered once: libvips' operation cache would only hold memory.
    sharp.cache(false);
    const workers = Math.max(2, Math.min(4, os.availableParallelism?.() ?? 2));
    await Promise.all(
      Array.from({ length: workers }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          for (const [file, bytes] of await job.render()) {
            fs.mkdirSync(path.dirname(file), { recursive: true });
            writeAtomic(file, bytes);
            written++;
          }
        }
      }),
    );
  }

  const drawings = plan.flatMap((job) => job.files);
  if (cache && drawn > 0) storeDemoMediaCache(cache, drawings, uploadsDir, privateDir);
  const files = [...drawings, ...copies.map(([, to]) => to)];
  return { written, copied, skipped: files.length - written, ms: Date.now() - started, files };
}

/**
 * Every file demo.json references, each with a way to draw it: public ones
 * (`/media/demo/...` → `<uploadsDir>/demo/...`) and private ones (`private:demo/...` →
 * `<privateDir>/demo/...`: visit photos show clients, the manual is for enrolled students).
 */
export function planDemoMedia(demo: Loose, uploadsDir: string, privateDir: string): Job[] {
  const jobs = new Map<string, Job>();
  const add = (url: string, draw: () => Drawing | Promise<Buffer>) => {
    let root: string;
    let rel: string;
    if (url.startsWith(DEMO_PREFIX)) [root, rel] = [uploadsDir, url.slice("/media/".length)];
    else if (url.startsWith(PRIVATE_DEMO_PREFIX)) [root, rel] = [privateDir, url.slice("private:".length)];
    else return;
    const file = path.resolve(root, rel);
    if (!file.startsWith(path.resolve(root) + path.sep)) return; // never outside its folder
    if (jobs.has(file) || /\.(webm|mp4)$/.test(file)) return;
    // Named like an uploaded image's size ('{base}-{hash}-{size}.jpg'): made by the upload's
    // own code (image-variants.server.ts), so pages offer a phone the size it shows (srcset).
    // Of an upload's files, those a page can ask for: the size demo.json names and the WebP
    // sizes of the srcset. An upload keeps the rest for the size an admin form picks; a
    // drawing is only ever referenced by its one name, and each file costs seed time.
    const sized = root === uploadsDir ? sizedName(rel) : undefined;
    const base = sized?.ext === "jpg" ? sized.base : undefined;
    const named = sized?.size;
    const variants = (bytes: Uint8Array, sourceWidth?: number) =>
      imageVariants(sharp, bytes, base ?? "", { format: "jpeg", sourceWidth }).filter((v) =>
        v.twin ? v.size !== "original" : v.size === named,
      );
    jobs.set(file, {
      file,
      files: base ? variants(Buffer.alloc(0)).map((v) => path.resolve(root, v.key)) : [file],
      render: async () => {
        const out = draw();
        if (out instanceof Promise) return [[file, await out]];
        if (!base) return [[file, await encode(out, file)]];
        const drawn = await rasterize(out);
        const files: [string, Buffer][] = [];
        for (const v of variants(drawn, out.width)) files.push([path.resolve(root, v.key), await v.encode()]);
        return files;
      },
    });
  };
  // 'galeria-02-2a4799bf-grande.jpg' → 'galeria-02'
  const stem = (url: string) => {
    const sized = sizedName(path.basename(url));
    return sized ? sized.base.slice(0, -sized.hash.length - 1) : path.basename(url).replace(/\.[a-z]+$/, "");
  };

  const categorias = new Map(list(demo.categoria).map((c) => [str(obj(c).id), str(obj(c).nombre)]));
  for (const raw of list(demo.producto)) {
    const p = obj(raw);
    const info = {
      id: str(p.id),
      nombre: str(p.nombre),
      marca: str(p.marca),
      categoria: categorias.get(str(p.categoria)) ?? str(p.categoria),
    };
    const urls = list(p.galeria).map((g) => str(obj(g).url));
    if (str(p.urlImagen) && !urls.includes(str(p.urlImagen))) urls.unshift(str(p.urlImagen));
    urls.forEach((url, i) => {
      add(url, () => productImage(info, i % 3));
    });
  }

  for (const raw of list(demo.servicios)) {
    const s = obj(raw);
    const theme = themeOf(`${str(s.id)} ${str(s.nombre)}`);
    add(str(s.urlImagen), () => skinCloseUp(900, 900, theme, `${str(s.id)}-portada`, 0));
    ["url1", "url2", "url3"].forEach((key, i) => {
      const names = ["Microblading", "Híbridas", "Ombré"];
      add(str(s[key]), () => techniqueCard(800, 800, names[i]!, `${str(s.id)}-${key}`));
    });
    list(s.galeria).forEach((g, i) => {
      const img = obj(g);
      const w = typeof img.width === "number" ? img.width : 900;
      const h = typeof img.height === "number" ? img.height : 1200;
      const seed = `${str(s.id)}-${i}`;
      const caption = str(img.name) || str(s.nombre);
      add(str(img.url), () =>
        i % 4 === 1
          ? beforeAfter(w, h, theme, seed)
          : i % 4 === 3
            ? framedStudy(w, h, theme, seed, i, caption)
            : skinCloseUp(w, h, theme, seed, i, i % 4 === 2 ? caption : undefined),
      );
    });
  }

  const cursoTitulos = new Map<string, string>();
  for (const raw of list(demo.cursos)) {
    const c = obj(raw);
    const online = c.tipo === "online" || (c.tipo === undefined && typeof c.descripcion_secundaria === "string");
    const info = { id: str(c.id), titulo: str(c.titulo_exterior) || str(c.titulo), online };
    cursoTitulos.set(info.id, info.titulo);
    const imagenes = obj(c.imagenes);
    add(str(imagenes.imagenExterior), () => courseCard(1200, 900, info, false));
    add(str(imagenes.imagenInterior), () => courseCard(1600, 900, info, true));
    list(imagenes.galeria).forEach((g, i) => {
      add(str(obj(g).url), () => skinCloseUp(1200, 900, themeOf(info.id), `${info.id}-g${i}`, i));
    });
    add(str(c.certificadoUrl), () => certificate(1754, 1240, str(c.titulo)));
    add(str(c.urlKit), () => manualPdf(str(c.titulo), str(c.descripcion)));
  }

  for (const raw of list(demo.unidades)) {
    const u = obj(raw);
    const course = cursoTitulos.get(str(u.curso_id)) ?? "";
    list(u.videos).forEach((v, i) => {
      const video = obj(v);
      add(str(video.poster), () =>
        lessonPoster(
          960,
          540,
          `Unidad ${Number(u.posicion) || 1} · Video ${i + 1}`,
          str(video.titulo) || str(u.nombre),
          course,
          stem(str(video.poster)),
        ),
      );
    });
  }

  for (const raw of list(demo.codigosVisitas)) {
    const v = obj(raw);
    const imagenes = obj(v.imagenes);
    // the theme comes from the file name (…/cejas-antes-1.jpg, …/labios-despues-2.jpg)
    list(imagenes.antes).forEach((url, i) => {
      add(str(url), () => visitPhoto(str(v.id), themeOf(stem(str(url))), false, i));
    });
    list(imagenes.despues).forEach((url, i) => {
      add(str(url), () => visitPhoto(str(v.id), themeOf(stem(str(url))), true, i));
    });
  }

  const sitio = obj(demo._sitio);
  add(str(sitio.hero), () => hero(1600, 1000));
  add(str(sitio.poster), () => videoPoster(960, 540));
  list(sitio.instalaciones).forEach((item, i) => {
    const url = typeof item === "string" ? item : str(obj(item).url);
    const room = stem(url).replace(/^\d+-/, "");
    add(url, () => facility(1200, 900, ROOMS[room] ? room : Object.keys(ROOMS)[i % 8]!, `inst-${i}`));
  });

  // anything else under /media/demo: a tasteful generic card, never a broken image
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (/\.(jpe?g|webp|png)$/.test(v)) add(v, () => skinCloseUp(900, 900, themeOf(v), v, 0));
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(demo);
  return [...jobs.values()];
}

/**
 * librsvg draws every element that has `opacity` through an offscreen layer of the whole
 * canvas; a shape's own fill/stroke opacity costs nothing. Hundreds of pores and hair
 * strokes make that the difference between 500 ms and 50 ms an image.
 */
function cheapOpacity(svg: string): string {
  return svg.replace(
    /(<(?:path|circle|ellipse|rect|line|text)\b[^>]*?) opacity="([\d.]+)"/g,
    '$1 fill-opacity="$2" stroke-opacity="$2"',
  );
}

/** A drawing as a lossless PNG of its size, on the cream background: the source of its sizes. */
function rasterize(d: Drawing): Promise<Buffer> {
  return sharp(Buffer.from(cheapOpacity(d.svg)), { density: 72 })
    .resize(d.width, d.height, { fit: "fill" })
    .flatten({ background: C.cream })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

async function encode(d: Drawing, file: string, quality = 80): Promise<Buffer> {
  const img = sharp(Buffer.from(cheapOpacity(d.svg)), { density: 72 }).resize(d.width, d.height, { fit: "fill" });
  if (file.endsWith(".webp")) return img.webp({ quality }).toBuffer();
  if (file.endsWith(".png")) return img.png({ compressionLevel: 6 }).toBuffer();
  return img.flatten({ background: C.cream }).jpeg({ quality }).toBuffer();
}

type Loose = Record<string, unknown>;
const obj = (v: unknown): Loose => (v && typeof v === "object" && !Array.isArray(v) ? (v as Loose) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

const DEMO_PREFIX = "/media/demo/";
/** Private demo files (visit photos, the course manual): only routes that check access serve them. */
const PRIVATE_DEMO_PREFIX = "private:demo/";
