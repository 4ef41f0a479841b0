/** One interface for stored files, whatever keeps them (a folder, an S3 bucket). */
export type StoredFile = { bytes: Uint8Array; contentType: string };

export interface Storage {
  /** Writes (or replaces) the file at `key`, e.g. 'productos/labial-3kf9a2-chica.jpg'. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Writes (or replaces) the file at `key` from a file on disk, without reading it whole into
   * memory (large uploads: videos, PDFs). The file at `filePath` is left where it is.
   */
  putFile?(key: string, filePath: string, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a file that is already gone is not an error. Throws when it cannot. */
  delete(key: string): Promise<void>;
  /** The URL a browser loads it from. Private storage has none and throws. */
  publicUrl(key: string): string;
  /**
   * A temporary URL that reads a private file straight from the store (an S3 presigned GET),
   * so large files (course videos) need not pass through the server. A folder has none.
   */
  signedUrl?(key: string, expiresInSeconds: number): Promise<string>;
  /** The files whose key starts with `prefix`, with their sizes (backups, ADR 029). */
  list?(prefix: string): Promise<{ key: string; bytes: number }[]>;
}

export type Visibility = "public" | "private";

/** Keys are plain relative paths: letters, digits, '-', '_', '.', '/' and no '..'. */
export function assertValidKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.split("/").some((part) => part === ".." || part === "")) {
    throw new Error(`Clave de archivo no válida: ${key}`);
  }
}
