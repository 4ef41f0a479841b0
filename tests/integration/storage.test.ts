import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deleteStoredFile, readRef, resolveRef, storageRef } from "~/server/storage/index.server";
import { localStorage } from "~/server/storage/local.server";
import { s3Storage } from "~/server/storage/s3.server";
import type { Storage } from "~/server/storage/types";
import { useTestContext } from "../support/fixtures";
import { type S3Stub, startS3Stub } from "../support/s3-stub";

const bytes = new TextEncoder().encode("%PDF-1.4 manual");

/** The same behaviour, whatever keeps the files. */
function behavesAsStorage(name: string, make: () => { storage: Storage; publicUrl: string }) {
  describe(name, () => {
    it("puts, gets and deletes a file", async () => {
      const { storage } = make();
      await storage.put("manuales/curso-1.pdf", bytes, "application/pdf");
      const stored = await storage.get("manuales/curso-1.pdf");
      expect(Buffer.from(stored!.bytes).toString()).toBe("%PDF-1.4 manual");
      expect(stored!.contentType).toBe("application/pdf");
      await storage.delete("manuales/curso-1.pdf");
      expect(await storage.get("manuales/curso-1.pdf")).toBeNull();
      // deleting what is already gone is not an error
      await expect(storage.delete("manuales/curso-1.pdf")).resolves.toBeUndefined();
    });

    it("puts a file from disk (putFile) byte for byte, leaving the source where it was", async () => {
      const { storage } = make();
      const source = path.join(root, `fuente-${name.length}.mp4`);
      const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), randomBytes(300_000)]);
      fs.writeFileSync(source, video);
      await storage.putFile?.("videos/clase-1.mp4", source, "video/mp4");
      const stored = await storage.get("videos/clase-1.mp4");
      expect(Buffer.from(stored!.bytes).equals(video)).toBe(true);
      expect(stored!.contentType).toBe("video/mp4");
      expect(fs.readFileSync(source).equals(video)).toBe(true);
      await expect(storage.putFile?.("../fuera.mp4", source, "video/mp4")).rejects.toThrow(
        "Clave de archivo no válida",
      );
    });

    it("builds the public URL and refuses keys that climb out", async () => {
      const { storage, publicUrl } = make();
      expect(storage.publicUrl("productos/labial-chica.jpg")).toBe(publicUrl);
      await expect(storage.put("../fuera.txt", bytes, "text/plain")).rejects.toThrow("Clave de archivo no válida");
      await expect(storage.get("a/../../b")).rejects.toThrow("Clave de archivo no válida");
    });
  });
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

behavesAsStorage("local folder storage", () => ({
  storage: localStorage(path.join(root, "uploads"), "/media"),
  publicUrl: "/media/productos/labial-chica.jpg",
}));

let stub: S3Stub;
const s3Config = () => ({
  endpoint: stub.endpoint,
  bucket: "estudio",
  region: "auto",
  accessKeyId: "AKIATEST",
  secretAccessKey: "secreto-de-prueba",
  publicUrl: "https://cdn.example.com",
});
beforeAll(async () => {
  stub = await startS3Stub("AKIATEST", "secreto-de-prueba", "auto");
});
afterAll(() => stub.close());

behavesAsStorage("S3-compatible storage (local stub)", () => ({
  storage: s3Storage(s3Config(), "uploads"),
  publicUrl: "https://cdn.example.com/uploads/productos/labial-chica.jpg",
}));

describe("S3 requests", () => {
  it("are path-style, under the area's prefix, and signed with SigV4", async () => {
    await s3Storage(s3Config(), "private").put("videos/unidad-1.mp4", bytes, "video/mp4");
    expect(stub.objects.get("/estudio/private/videos/unidad-1.mp4")?.contentType).toBe("video/mp4");
    const last = stub.requests.at(-1)!;
    expect(last.method).toBe("PUT");
    expect(last.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATEST\/\d{8}\/auto\/s3\/aws4_request, /);
    expect(() => s3Storage(s3Config(), "private").publicUrl("videos/unidad-1.mp4")).toThrow();
  });

  it("give a private file a presigned GET URL the store serves until it expires", async () => {
    const store = s3Storage(s3Config(), "private");
    await store.put("videos/clase.webm", bytes, "video/webm");
    const url = new URL(await store.signedUrl!("videos/clase.webm", 60));
    expect(url.searchParams.get("X-Amz-Expires")).toBe("60");
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    const longer = new URL(url);
    longer.searchParams.set("X-Amz-Expires", "604800");
    expect(await (await fetch(longer)).text()).toContain("la firma no coincide");
    const expired = new URL(await store.signedUrl!("videos/clase.webm", 1));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await (await fetch(expired)).text()).toContain("la URL firmada expiró");
  });

  it("are refused by the stub when the credentials are wrong", async () => {
    const wrong = s3Storage({ ...s3Config(), accessKeyId: "OTRA" }, "uploads");
    await expect(wrong.put("x.jpg", bytes, "image/jpeg")).rejects.toThrow(/403/);
    const wrongSecret = s3Storage({ ...s3Config(), secretAccessKey: "otro-secreto" }, "uploads");
    await expect(wrongSecret.put("x.jpg", bytes, "image/jpeg")).rejects.toThrow(/la firma no coincide/);
    expect(stub.objects.has("/estudio/uploads/x.jpg")).toBe(false);
  });
});

describe("references and deletion", () => {
  afterEach(() => {
    stub.setFailing("DELETE", false);
  });

  it("stores private files as 'private:key' and public ones as their URL", async () => {
    useTestContext({ storage: { public: s3Storage(s3Config(), "uploads"), private: s3Storage(s3Config(), "private") } });
    expect(storageRef("private", "manuales/m.pdf")).toBe("private:manuales/m.pdf");
    expect(storageRef("public", "productos/a.jpg")).toBe("https://cdn.example.com/uploads/productos/a.jpg");
    expect(resolveRef("https://cdn.example.com/uploads/productos/a.jpg")).toEqual({
      visibility: "public",
      key: "productos/a.jpg",
    });
    expect(resolveRef("/media/visitas/x.jpg")).toEqual({ visibility: "public", key: "visitas/x.jpg" });
    expect(resolveRef("https://otro-sitio.com/a.jpg")).toBeNull();

    await s3Storage(s3Config(), "private").put("manuales/m.pdf", bytes, "application/pdf");
    const read = await readRef("private:manuales/m.pdf");
    expect(Buffer.from(read!.bytes).toString()).toBe("%PDF-1.4 manual");
    expect(await readRef("private:../../etc/passwd")).toBeNull();
  });

  it("answers 'Error al aliminar archivo 1' when the storage cannot delete", async () => {
    useTestContext({ storage: { public: s3Storage(s3Config(), "uploads"), private: s3Storage(s3Config(), "private") } });
    await s3Storage(s3Config(), "uploads").put("productos/b.jpg", bytes, "image/jpeg");
    stub.setFailing("DELETE", true);
    const failed = await deleteStoredFile("https://cdn.example.com/uploads/productos/b.jpg");
    expect(failed).toEqual({ ok: false, message: expect.objectContaining({ text: "Error al aliminar archivo 1" }) });
    expect(stub.objects.has("/estudio/uploads/productos/b.jpg")).toBe(true);

    stub.setFailing("DELETE", false);
    expect(await deleteStoredFile("https://cdn.example.com/uploads/productos/b.jpg")).toEqual({ ok: true });
    expect(stub.objects.has("/estudio/uploads/productos/b.jpg")).toBe(false);
  });
});
