/**
 * What the studio's commands (`npm run admin:create`, `backup`, `restore`) are made of: a
 * function that runs in its caller's application context (ADR 031: `appContext()`, so a test
 * runs it in-process with its own DATA_DIR), prints through `out` and returns the exit code,
 * never exiting the process itself; and `runCommand`, the script's whole entry point, which
 * builds the context from the environment, runs the function and exits with its code.
 */
import { createAppContext, useAppContext } from "../../app/server/context.server";
import { type Database, openDatabase } from "../../app/server/db/client.server";
import { env } from "../../app/server/env.server";

/** Where a command prints: standard output and standard error in the script. */
export type CommandOutput = { log(line: string): void; error(line: string): void };

/** A command: the command line's arguments (as npm passes them, `--` included) → its exit code. */
export type Command = (args: string[], out: CommandOutput) => Promise<number>;

export const consoleOutput: CommandOutput = {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
};

/** The script's entry point: the context from the environment, the command, its exit code. */
export async function runCommand(command: Command): Promise<never> {
  useAppContext(createAppContext());
  process.exit(await command(process.argv.slice(2), consoleOutput));
}

/** The arguments without npm's `--` separators. */
export const withoutSeparators = (args: string[]) => args.filter((arg) => arg !== "--");

/**
 * The configured database (DATABASE_URL, or the embedded one in DATA_DIR), or the Spanish
 * message to print when it cannot be opened: `whileRunning` says it when the running app holds
 * DATA_DIR's database.
 */
export async function openConfiguredDatabase(
  whileRunning: (lockMessage: string) => string,
): Promise<Database | { refused: string }> {
  try {
    return await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
  } catch (error) {
    const message = (error as Error).message;
    if (message.includes("abierta por otro proceso")) return { refused: whileRunning(message) };
    return { refused: `No se pudo abrir la base de datos: ${message}` };
  }
}

/** The usual advice for a command that cannot run beside the app on the embedded database. */
export const stopTheAppFirst = (what: string) => (message: string) =>
  `No se puede ${what} mientras la aplicación está en marcha con la misma carpeta de datos.\n${message}\n` +
  "Detén la aplicación (o usa DATABASE_URL con un servidor PostgreSQL) y vuelve a intentarlo.";
