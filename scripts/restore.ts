/**
 * npm run restore -- <copia> [--forzar]
 *
 * Restores a backup (ADR 029) into the database and upload folders named by the environment.
 * The command itself is scripts/commands/restore.ts; this entry point builds its application
 * context from the environment, runs it and exits with its code.
 */
import { runCommand } from "./commands/command";
import { restoreCommand } from "./commands/restore";

await runCommand(restoreCommand);
