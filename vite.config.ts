import path from "node:path";
import type { InputType } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import { gzip as zopfli } from "@gfx/zopfli";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

/** React, React DOM and React Router: one file that every page needs (ADR 019). */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/;
const ROOT = path.resolve("app/root.tsx");

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null };
const ICONS = /node_modules[\\/]lucide-react[\\/].*[\\/]icons[\\/]([a-z0-9-]+)\.m?js$/;
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/([A-Za-z])([0-9])/g, "$1-$2").toLowerCase();
let shell: Set<string> | null = null;
/**
 * Everything app/root.tsx imports statically (header, footer, providers, config...), every
 * page loads it: one chunk instead of twenty small ones, which gzip better together (about
 * 5 KB less on every page). Dynamic imports (log-in overlay, lightbox) stay out.
 */
function inShell(id: string, graph: ModuleGraph): boolean {
  if (!shell) {
    // lucide-react's index imports all its icons: only those the shell's own files name count.
    // Two passes: the first finds those names, the second takes their icons.
    const icons = new Set<string>();
    for (let pass = 0; pass < 2; pass++) {
      shell = new Set();
      const todo = [ROOT];
      while (todo.length) {
        const next = todo.pop() as string;
        if (shell.has(next) || FRAMEWORK.test(next)) continue;
        const icon = ICONS.exec(next)?.[1];
        if (icon && !icons.has(icon)) continue;
        shell.add(next);
        const info = graph.getModuleInfo(next);
        if (!next.includes("node_modules")) {
          for (const m of info?.code?.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g) ?? [])
            for (const name of m[1].split(",")) if (name.trim()) icons.add(kebab(name.trim().split(/\s+as\s+/)[0]));
        }
        todo.push(...(info?.importedIds ?? []));
      }
    }
  }
  return (shell as Set<string>).has(id);
}

/** Zopfli's gzip: the same format, any gzip client reads it. */
function zopfliGzip(buffer: InputType, options: Record<string, unknown>): Promise<Buffer> {
  const input =
    typeof buffer === "string"
      ? Buffer.from(buffer)
      : ArrayBuffer.isView(buffer)
        ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
        : new Uint8Array(buffer);
  return new Promise((resolve, reject) =>
    zopfli(input, { numiterations: Number(options.numiterations) }, (error, output) =>
      error ? reject(error) : resolve(Buffer.from(output)),
    ),
  );
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server build's entry is our Express app, so that the app, its database and the
  // React Router handler live in one module graph (one PGlite instance per process).
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        sourcemap: Boolean(process.env.SOURCEMAP),
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 20 },
                { name: (id: string, ctx: ModuleGraph) => (inShell(id, ctx) ? "shell" : null), priority: 10 },
              ],
            },
          },
        },
      },
  resolve: {
    tsconfigPaths: true,
    // React Router's package exports only its development build (warnings kept behind a
    // constant); the browser's build gets its production build, the same code with the
    // warnings gone (development keeps them).
    alias:
      command !== "build" || isSsrBuild
        ? []
        : [
            {
              find: /^react-router$/,
              replacement: path.resolve("node_modules/react-router/dist/production/index.mjs"),
            },
            {
              find: /^react-router\/dom$/,
              replacement: path.resolve("node_modules/react-router/dist/production/dom-export.mjs"),
            },
          ],
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // The browser's files compressed once, at build time (ADR 026), as small as gzip can be
    // (Zopfli: ~3 % less than zlib's best) and in Brotli; server.js sends the one the browser
    // accepts instead of compressing on every request. Every file, however small: a page loads
    // several icon modules of 150–400 bytes, which gzip by up to a fifth (kept plain where gzip
    // is no smaller).
    ...(isSsrBuild
      ? []
      : [
          compression({
            include: /\.(js|css|svg)$/,
            threshold: 0,
            algorithms: [defineAlgorithm(zopfliGzip, { numiterations: 5 }), "brotliCompress"],
            filename: (_id, { algorithm }) => (algorithm === "brotliCompress" ? "[path][base].br" : "[path][base].gz"),
            logLevel: "silent",
          }),
        ]),
  ],
}));
