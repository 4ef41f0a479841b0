import { pgliteCreated } from "./db/client.server";
import { describeDatabaseError, isDatabaseUnavailable } from "./db/faults.server";
import type { Database } from "./db/client.server";
import { closeDatabase, initDatabase } from "./db/index.server";
import { env, privateDir, uploadsDir } from "./env.server";
import { type Mode, currentMode } from "./mode.server";
import { demoSeedNeeded, runDemoSeed } from "./seed.server";
import { logError } from "./log.server";

/**
 * The start-up check (server/app.ts runs it before opening the database or listening): the
 * mode in one line, and for a deployment that lacks something, one Spanish / English line
 * per missing item. `ok: false` means the process must exit without serving.
 */
export function startupCheck(mode: Mode = currentMode()): { ok: boolean; lines: string[] } {
  if (mode.kind === "demo") {
    const where = mode.forced ? `${env.publicUrl}, DEMO_MODE=1` : env.publicUrl;
    const mail = env.smtpUrl ? "SMTP_URL" : "DATA_DIR/outbox";
    return {
      ok: true,
      lines: [
        `Modo demostración (${where}): pagos de prueba, correos en ${mail} / Demo mode: test payments, mail to ${mail}`,
      ],
    };
  }
  if (mode.missing.length === 0) return { ok: true, lines: [`Modo despliegue en ${env.publicUrl} / Deployment mode`] };
  return {
    ok: false,
    lines: [
      `No se puede arrancar el despliegue en ${env.publicUrlSetting} / Cannot start the deployment at ${env.publicUrlSetting}:`,
      ...mode.missing.map((item) => `  - ${item.line}`),
      "Para probar el sitio sin esto, quita PUBLIC_URL o usa DEMO_MODE=1 / To try the site without these, unset PUBLIC_URL or set DEMO_MODE=1",
    ],
  };
}

const holder = globalThis as typeof globalThis & { __demoChecked?: boolean };

/**
 * Opens the database and applies the migrations; when the mode seeds the demo (on in the demo,
 * SEED_DEMO=1 in a deployment), the demo catalogue is
 * seeded first, in a child process, whenever it is needed (seed.server.ts). Checked once per
 * process.
 *
 * - A first start on the embedded database: the child creates the database too, before the
 *   server opens it. PostgreSQL's initdb alone takes some 800 MB in the process that runs
 *   it, and a process keeps what it once took.
 * - Otherwise the server opens and migrates the database and asks whether the demo needs
 *   seeding; the embedded database admits one process at a time, so it is closed while the
 *   child works and opened again afterwards.
 */
export async function prepareDatabase(): Promise<Database> {
  const embedded = !env.databaseUrl;
  const { seedDemo } = currentMode();
  if (seedDemo && !holder.__demoChecked && embedded && !pgliteCreated(env.dataDir)) {
    holder.__demoChecked = true;
    await runDemoSeed();
  }
  let database = await initDatabase();
  await database.migrate();
  if (seedDemo && !holder.__demoChecked) {
    holder.__demoChecked = true;
    if (await demoSeedNeeded(database.db, { uploadsDir: uploadsDir(), privateDir: privateDir() })) {
      if (database.kind === "pglite") await closeDatabase();
      await runDemoSeed();
      database = await initDatabase();
    }
  }
  return database;
}

/** The longest wait between two attempts to reach the database at start. */
const MAX_RETRY_MS = 30_000;

/**
 * `prepareDatabase`, waiting for the database when it cannot be reached (PostgreSQL
 * restarting, the network not up yet during a deployment): one line per attempt, then again
 * after 0.5, 1, 2… up to 30 s, for as long as it takes; the process does not exit, so a
 * process manager sees it starting, not crashing in a loop. Any other error (a migration
 * that fails) stops the start as before.
 */
export async function prepareDatabaseWhenReachable(
  prepare: () => Promise<Database> = prepareDatabase,
): Promise<Database> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await prepare();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const wait = Math.min(MAX_RETRY_MS, 500 * 2 ** (attempt - 1));
      logError(
        `Base de datos no disponible al arrancar (${describeDatabaseError(error)}): reintento en ${wait / 1000} s / Database unavailable at start, retrying`,
      );
      await closeDatabase().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
