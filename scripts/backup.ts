/**
 * npm run backup
 *
 * Makes one 'manual' backup now (ADR 029) of the database and uploads named by the environment.
 * The command itself is scripts/commands/backup.ts; this entry point builds its application
 * context from the environment, runs it and exits with its code.
 */
import { runCommand } from "./commands/command";
import { backupCommand } from "./commands/backup";

await runCommand(backupCommand);
