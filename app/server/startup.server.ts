import path from "node:path";
import type { Database } from "./db/client.server";
import { env, uploadsDir } from "./env.server";
import { seedDemoIfEmpty } from "./seed.server";

/** Migrations on every start; the demo catalogue on an empty database. */
export async function prepareDatabase(database: Database) {
  await database.migrate();
  if (env.seedDemo) {
    await seedDemoIfEmpty(database.db, { uploadsDir: uploadsDir(), privateDir: path.join(env.dataDir, "private") });
  }
}
