/**
 * npm run bench:memory — resident memory (RSS) of the production server: after a cold boot
 * on an empty DATA_DIR and its first page, after ~200 page requests, then the same after a
 * warm boot on that DATA_DIR. Pages are requested one after another, HTML only.
 */
import fs from "node:fs";
import path from "node:path";
import { rssMiB, startServer } from "./server";

/** The most the process ever held (VmHWM, MiB). */
function peakMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) / 1024);
}

const dataDir = path.resolve(".tmp/bench-memory");
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const PAGES = [
  "/",
  "/servicios",
  "/galeria",
  "/categorias",
  "/cursos",
  "/nosotros",
  "/Contacto",
  "/carrito",
  "/servicios/cejas",
  "/productos/pigmentos",
  "/producto/pig-01",
  "/curso/microblading-online",
];

async function pages(baseURL: string, count: number) {
  for (let i = 0; i < count; i++) {
    const response = await fetch(baseURL + PAGES[i % PAGES.length]);
    await response.arrayBuffer();
  }
}

async function run(label: string) {
  const server = await startServer(dataDir, 3293);
  try {
    await pages(server.baseURL, 1);
    const first = rssMiB(server.process.pid!);
    await pages(server.baseURL, REQUESTS);
    const after = rssMiB(server.process.pid!);
    return { label, readyMs: server.readyMs, first, after, peak: peakMiB(server.process.pid!) };
  } finally {
    await server.stop();
  }
}

fs.rmSync(dataDir, { recursive: true, force: true });
try {
  const rows = [await run("cold boot (empty DATA_DIR)"), await run("warm boot")];
  console.log(
    `${"".padEnd(28)} ${"ready".padStart(8)} ${"RSS 1st page".padStart(13)} ${`RSS +${REQUESTS} pages`.padStart(16)} ${"peak".padStart(9)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(28)} ${`${(r.readyMs / 1000).toFixed(1)} s`.padStart(8)} ${`${r.first} MiB`.padStart(13)} ${`${r.after} MiB`.padStart(16)} ${`${r.peak} MiB`.padStart(9)}`,
    );
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
