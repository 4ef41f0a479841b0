/**
 * What `npm run import` shares with the other commands (scripts/commands/command.ts): print a
 * Spanish message and exit 1, and open the configured database (DATABASE_URL, or the embedded
 * one in DATA_DIR), saying what to do when the running app holds the embedded database's folder.
 *
 * Importing it gives the command its application context (ADR 031), read from the environment,
 * before the command's own code runs.
 */
import { createAppContext, useAppContext } from "../app/server/context.server";
import type { Database } from "../app/server/db/client.server";
import { openConfiguredDatabase as open } from "./commands/command";

export { stopTheAppFirst } from "./commands/command";

useAppContext(createAppContext());

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The configured database; `whileRunning` is said when the app holds DATA_DIR's database. */
export async function openConfiguredDatabase(whileRunning: (lockMessage: string) => string): Promise<Database> {
  const opened = await open(whileRunning);
  if ("refused" in opened) fail(opened.refused);
  return opened;
}
