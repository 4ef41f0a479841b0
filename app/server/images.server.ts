/**
 * sharp (libvips), loaded on first use and set up for a web server. The pages never need
 * it: only uploads, visit photos and diploma artwork do, so libvips stays out of the
 * server's memory until one of those is asked for.
 *
 * - No operation cache: libvips keeps the results of recent operations (up to 50 MB and
 *   1,000 operations by default) in case they repeat; here every image is made once.
 * - One libvips thread per image: the server shares two cores with everything else, and
 *   the pages come first.
 *
 * Both settings are process-wide; nothing else in the server calls sharp directly.
 */
import type { default as Sharp } from "sharp";

let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
