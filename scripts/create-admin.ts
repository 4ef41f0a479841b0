/**
 * npm run admin:create -- <correo> [--password <contraseña>] [--nombre <nombre>]
 *
 * Gives the studio's admin role to an existing account, or creates the account with the
 * given password (the first admin of a new installation). The command itself is
 * scripts/commands/create-admin.ts; this entry point builds its application context from the
 * environment (DATABASE_URL, or the PGlite folder in DATA_DIR), runs it and exits with its code.
 */
import { runCommand } from "./commands/command";
import { createAdminCommand } from "./commands/create-admin";

await runCommand(createAdminCommand);
