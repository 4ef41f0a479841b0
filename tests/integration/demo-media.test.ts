import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoMediaReport, generateDemoMedia, planDemoMedia } from "../../seed/media";

const demo = JSON.parse(fs.readFileSync(path.join(process.cwd(), "seed", "demo.json"), "utf8"));

/** Every string of the export that points at a demo file. */
function demoRefs(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") {
    if (value.startsWith("/media/demo/") || value.startsWith("private:")) out.push(value);
  } else if (Array.isArray(value)) for (const v of value) demoRefs(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) demoRefs(v, out);
  return out;
}

describe("demo media", () => {
  let root: string;
  let uploads: string;
  let privateDir: string;
  let first: DemoMediaReport;

  const fileOf = (ref: string) =>
    ref.startsWith("private:")
      ? path.join(privateDir, ref.slice("private:".length))
      : path.join(uploads, ref.slice("/media/".length));

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "demo-media-"));
    uploads = path.join(root, "uploads");
    privateDir = path.join(root, "private");
    first = await generateDemoMedia(uploads, privateDir);
    console.log(`demo media: ${first.written} files in ${first.ms} ms`);
  }, 180_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("writes every file demo.json references, public ones under uploads and private ones outside it", () => {
    const refs = [...new Set(demoRefs(demo))];
    expect(refs.length).toBeGreaterThan(200);
    const missing = refs.filter((ref) => !fs.existsSync(fileOf(ref)));
    expect(missing).toEqual([]);
    expect(fs.existsSync(path.join(privateDir, "videos", "clase.webm"))).toBe(true);
    expect(fs.existsSync(path.join(uploads, "demo", "video", "estudio.webm"))).toBe(true);
    // nothing private is reachable through /media
    const publicFiles = fs.readdirSync(uploads, { recursive: true }).map(String);
    expect(publicFiles.some((f) => f.includes("clase.webm") || f.includes("visitas") || f.endsWith(".pdf"))).toBe(
      false,
    );
  });

  it("draws real images of the announced sizes and formats", async () => {
    const product = demo.producto[0];
    const meta = await sharp(fileOf(product.urlImagen)).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 800, height: 800 });

    for (const image of demo.servicios[0].galeria.slice(0, 3)) {
      const m = await sharp(fileOf(image.url)).metadata();
      expect(m).toMatchObject({ format: "jpeg", width: image.width, height: image.height });
    }
    expect(await sharp(fileOf(demo._sitio.hero)).metadata()).toMatchObject({
      format: "jpeg",
      width: 1600,
      height: 1000,
    });
    const facility = demo._sitio.instalaciones[0];
    expect(await sharp(fileOf(facility.url)).metadata()).toMatchObject({
      width: facility.width,
      height: facility.height,
    });
    expect(await sharp(fileOf(demo.cursos[0].certificadoUrl)).metadata()).toMatchObject({ width: 1754, height: 1240 });

    // not a flat placeholder: the product shot has light and dark areas
    const stats = await sharp(fileOf(product.urlImagen)).stats();
    expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(20);

    const manual = fs.readFileSync(fileOf(demo.cursos.find((c: { urlKit: string }) => c.urlKit).urlKit));
    expect(manual.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("is idempotent: a second run writes nothing", async () => {
    const again = await generateDemoMedia(uploads, privateDir);
    expect(first.written).toBe(planDemoMedia(demo, uploads, privateDir).length + 2);
    expect(again.written).toBe(0);
  });

  it("the committed videos are small WebM files", () => {
    for (const name of ["estudio.webm", "clase.webm"]) {
      const bytes = fs.readFileSync(path.join(process.cwd(), "seed", "video", name));
      expect(bytes.length).toBeLessThan(600 * 1024);
      expect(bytes.readUInt32BE(0)).toBe(0x1a45dfa3); // EBML (Matroska/WebM)
    }
  });
});
