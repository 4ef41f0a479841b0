/**
 * Large files for the upload tests, made without holding them in memory: one random 1 MB
 * block repeated (with a kind's first bytes, which the server recognises files by) and its
 * SHA-256 computed ahead, so what was stored can be compared byte for byte.
 */
import { createHash, randomBytes } from "node:crypto";

export const MB = 1024 * 1024;

/** The first bytes of an MP4 and of a PDF. */
export const MP4_HEAD = Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom")]);
export const PDF_HEAD = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1");

/** `total` bytes starting with `head`, made of one repeated 1 MB block (no new memory per chunk). */
export function repeated(total: number, head: Buffer = MP4_HEAD) {
  const block = randomBytes(MB);
  head.copy(block);
  const hash = createHash("sha256");
  for (let done = 0; done < total; done += MB) hash.update(block.subarray(0, Math.min(MB, total - done)));
  return {
    size: total,
    sha256: hash.digest("hex"),
    chunks: function* () {
      for (let done = 0; done < total; done += MB) yield block.subarray(0, Math.min(MB, total - done));
    },
  };
}
