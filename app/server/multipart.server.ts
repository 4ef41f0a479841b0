/**
 * Reads a multipart/form-data body as it arrives (busboy), for the upload call and the admin
 * screens' forms alike (ADR 004): text fields are kept, every file is written to the request's
 * own folder under DATA_DIR/tmp, counted on the way against its kind's limit
 * (app/domain/limits.ts) and its first bytes kept to recognise it. Memory holds a chunk at a
 * time: busboy waits for the disk (backpressure) before reading more of the request.
 *
 * Past a file's limit the request fails with a 413 naming the limit ('La imagen pasa de
 * 20 MB.'). A little more of the body is read and dropped (DRAIN_BYTES) so that a file just
 * over its limit still gets its answer on an open connection; past that, reading stops and the
 * caller answers at once (the connection is then closed after the answer).
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { UPLOAD_LIMITS, type UploadKind, controlCharacters, fileTooLarge, hasControlCharacter } from "~/domain/limits";
import { env } from "./env.server";

/** A refusal for the client: its status, its Spanish message, and the form field it concerns. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A file received, on disk: `head` its first bytes (what sniffFile recognises). */
export type SpooledFile = { field: string; fileName: string; size: number; head: Buffer; path: string };

export type MultipartBody = { fields: [string, string][]; files: SpooledFile[] };

export type MultipartRules = {
  /** called when a file starts: throw an UploadError to refuse the field */
  fileField(field: string): void;
  /** the kind of a file (its limit), once its first bytes are known: throw an UploadError to refuse it */
  kindOf(field: string, head: Buffer): UploadKind;
  maxFiles: number;
  /** the refusal when there are more files than maxFiles */
  tooManyFiles: string;
};

/** How many first bytes are kept of each file (sniffFile looks at 16). */
export const HEAD_BYTES = 16;

/** After a refusal, how much more of the body is read and dropped before reading stops. */
const DRAIN_BYTES = 32 * 1024 * 1024;

const LARGEST_FILE = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.bytes));

/**
 * Reads `body` (the request's) into `spoolDir`. Settles once every file written has been
 * closed; rejects with an UploadError for the client, or the disk's own error (a 500).
 */
export function readMultipart(
  body: Readable,
  headers: Record<string, string | string[] | undefined>,
  spoolDir: string,
  rules: MultipartRules,
): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: headers as busboy.BusboyConfig["headers"],
        limits: { files: rules.maxFiles, fields: 1000, fieldSize: 256 * 1024, fileSize: LARGEST_FILE + 1 },
      });
    } catch {
      reject(new UploadError(400, "Envía el archivo como multipart/form-data."));
      return;
    }
    const fields: [string, string][] = [];
    const files: SpooledFile[] = [];
    const sources = new Set<Readable>();
    let failure: Error | null = null;
    let dropped = 0;
    let settled = false;
    const writing: Promise<void>[] = [];
    const settle = () => {
      if (settled) return;
      settled = true;
      void Promise.allSettled(writing).then(() => (failure ? reject(failure) : resolve({ fields, files })));
    };
    const fail = (error: Error) => {
      failure ??= error;
    };
    /** Reading stops: the files being written are closed and the caller answers now. */
    const stop = () => {
      body.unpipe(parser);
      body.pause();
      for (const source of sources) source.destroy();
      settle();
    };
    const drop = (bytes: number) => {
      dropped += bytes;
      if (dropped > DRAIN_BYTES) stop();
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fail(new UploadError(413, "Un texto del formulario es demasiado largo.", name));
      // The form gate's rule (http/form-gate.server.ts), which does not copy a body this large.
      else if (hasControlCharacter(name) || hasControlCharacter(value, { multiline: true })) {
        fail(new UploadError(400, controlCharacters.text, name));
      } else fields.push([name, value]);
    });
    parser.on("file", (field, stream, info) => {
      try {
        rules.fileField(field);
      } catch (error) {
        fail(error as Error);
      }
      if (failure) {
        stream.on("data", (chunk: Buffer) => drop(chunk.length));
        return;
      }
      const filePath = path.join(spoolDir, randomBytes(8).toString("hex"));
      let size = 0;
      let head = Buffer.alloc(0);
      let kind: UploadKind | null = null;
      const decide = () => {
        try {
          kind = rules.kindOf(field, head);
        } catch (error) {
          fail(error as Error);
        }
      };
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (failure) {
            drop(chunk.length);
            return done();
          }
          size += chunk.length;
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          if (kind === null && head.length >= HEAD_BYTES) decide();
          if (kind !== null && size > UPLOAD_LIMITS[kind].bytes) fail(new UploadError(413, fileTooLarge(kind).text, field));
          done(null, failure ? undefined : chunk);
        },
        flush(done) {
          // a file shorter than HEAD_BYTES: decided on what there is (an empty one is no file)
          if (!failure && kind === null && size > 0) decide();
          done();
        },
      });
      sources.add(stream);
      writing.push(
        pipeline(stream, counter, createWriteStream(filePath, { flags: "wx" })).then(
          () => {
            sources.delete(stream);
            if (!failure) files.push({ field, fileName: info.filename ?? "", size, head, path: filePath });
          },
          (error: NodeJS.ErrnoException) => {
            sources.delete(stream);
            // The disk failing is ours (a 500); the request ending mid-file is the client's.
            fail(error.syscall ? error : new UploadError(400, "No se pudo leer el archivo enviado."));
          },
        ),
      );
    });
    parser.on("filesLimit", () => fail(new UploadError(400, rules.tooManyFiles)));
    parser.on("fieldsLimit", () => fail(new UploadError(413, "El formulario tiene demasiados campos.")));
    parser.on("error", () => {
      fail(new UploadError(400, "No se pudo leer el archivo enviado."));
      settle();
    });
    parser.on("close", settle);
    // A client that goes away mid-body: stop the parser (and the file it was writing).
    body.on("error", () => parser.destroy(new Error("La solicitud se interrumpió.")));
    body.on("close", () => {
      if (!body.readableEnded && !settled) parser.destroy(new Error("La solicitud se interrumpió."));
    });
    if (body.destroyed && !body.readableEnded) {
      reject(new UploadError(400, "No se pudo leer el archivo enviado."));
      return;
    }
    body.pipe(parser);
  });
}

/**
 * Runs `work` with a new folder under DATA_DIR/tmp for the request's files, and removes the
 * folder (and whatever is in it) before returning or throwing: the answer is sent after.
 */
export async function withSpoolDir<T>(work: (spoolDir: string) => Promise<T>): Promise<T> {
  const spoolRoot = path.join(env.dataDir, "tmp");
  await fs.mkdir(spoolRoot, { recursive: true });
  const spoolDir = await fs.mkdtemp(path.join(spoolRoot, "subida-"));
  try {
    return await work(spoolDir);
  } finally {
    await fs.rm(spoolDir, { recursive: true, force: true });
  }
}

/** The first bytes of a file on disk. */
export async function headOf(filePath: string): Promise<Buffer> {
  const handle = await fs.open(filePath);
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
