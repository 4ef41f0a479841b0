#!/usr/bin/env node
/**
 * `npm test`'s first step (pretest): the suite drives Debian's Chromium, reads the diploma
 * PDF with pdftoppm, checks HTML with the Nu checker (Java) and runs its fault tests on a
 * PostgreSQL server. Whatever is missing is installed from Debian's packages when this
 * machine lets us (root with apt-get); otherwise we stop with the one command to run.
 * Never downloads a browser of its own.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** [what, how we know it is here, Debian package] */
const tools = [
  ["Chromium", () => fs.existsSync(chromium), "chromium"],
  ["pdftoppm", () => onPath("pdftoppm"), "poppler-utils"],
  // lessons transcoded to HLS (ADR 048)
  ["ffmpeg", () => onPath("ffmpeg") && onPath("ffprobe"), "ffmpeg"],
  ["Java (Nu HTML Checker)", () => onPath("java"), "default-jre-headless"],
  ["PostgreSQL", () => hasPostgres(), "postgresql"],
];

function onPath(command) {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

function hasPostgres() {
  if (process.env.TEST_DATABASE_URL) return true;
  try {
    return fs.readdirSync("/usr/lib/postgresql").some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
  } catch {
    return false;
  }
}

const missing = tools.filter(([, present]) => !present());
if (missing.length === 0) process.exit(0);

const packages = missing.map(([, , pkg]) => pkg);
const command = `apt-get update && apt-get install -y ${packages.join(" ")}`;
const canInstall = process.getuid?.() === 0 && onPath("apt-get") && process.env.NO_SYSTEM_INSTALL !== "1";
if (!canInstall) {
  console.error(`Faltan herramientas para las pruebas: ${missing.map(([name]) => name).join(", ")}.`);
  console.error(`Instálalas con (como root):\n  ${command}`);
  process.exit(1);
}
console.log(`Instalando lo que falta para las pruebas: ${packages.join(", ")} …`);
try {
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", ...packages], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
} catch {
  console.error(`No se pudo instalar. Corre a mano:\n  ${command}`);
  process.exit(1);
}
const still = missing.filter(([, present]) => !present());
if (still.length > 0) {
  console.error(`Siguen faltando: ${still.map(([name]) => name).join(", ")}.`);
  process.exit(1);
}
