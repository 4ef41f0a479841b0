/**
 * Files in a folder (the default): DATA_DIR/uploads is public, served by Express under
 * /media; DATA_DIR/private is reached only through routes that check who is asking.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { type Storage, type StoredFile, assertValidKey } from "./types";

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
  ".mov": "video/quicktime",
  ".webm": "video/webm",
};

export function contentTypeFor(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

export function localStorage(root: string, publicBase: string | null): Storage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, file);
    },
    async putFile(key, filePath) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Copied (the kernel copies, not our memory) beside the target, then renamed into place.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      try {
        await fs.copyFile(filePath, temporary);
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key): Promise<StoredFile | null> {
      try {
        const bytes = await fs.readFile(fileOf(key));
        return { bytes: new Uint8Array(bytes), contentType: contentTypeFor(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    publicUrl(key) {
      assertValidKey(key);
      if (publicBase === null) throw new Error("Los archivos privados no tienen URL pública.");
      return `${publicBase}/${key}`;
    },
  };
}
