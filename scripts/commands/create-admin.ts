/**
 * npm run admin:create -- <correo> [--password <contraseña>] [--nombre <nombre>]
 * (the entry point is scripts/create-admin.ts)
 *
 * Gives the studio's admin role to an existing account, or creates the account with the
 * given password (the first admin of a new installation). The role is never settable from
 * a request: this command is the only way in. Opens the database named by the context's
 * configuration (DATABASE_URL, or the PGlite folder in DATA_DIR) like `npm run import`: while
 * the app runs on the same DATA_DIR the lock refuses and nothing is touched.
 */
import { eq, sql } from "drizzle-orm";
import { appContext, deriveAppContext, runInAppContext } from "../../app/server/context.server";
import { user } from "../../app/server/db/schema";
import { type CommandOutput, openConfiguredDatabase, stopTheAppFirst, withoutSeparators } from "./command";

const USAGE = "Uso: npm run admin:create -- <correo> [--password <contraseña>] [--nombre <nombre>]";

export async function createAdminCommand(commandLine: string[], out: CommandOutput): Promise<number> {
  const args = withoutSeparators(commandLine);
  const refuse = (message: string) => {
    out.error(message);
    return 1;
  };
  const options: { password?: string; nombre?: string } = {};
  for (const name of ["--password", "--nombre"] as const) {
    const at = args.indexOf(name);
    if (at === -1) continue;
    const value = args[at + 1];
    if (value === undefined || value.startsWith("--")) return refuse(`Falta el valor de ${name}.\n${USAGE}`);
    args.splice(at, 2);
    options[name === "--password" ? "password" : "nombre"] = value;
  }
  const { password, nombre } = options;
  if (args.length !== 1 || args[0].startsWith("--")) return refuse(USAGE);
  const email = args[0].trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return refuse(`«${args[0]}» no es un correo válido.\n${USAGE}`);

  const database = await openConfiguredDatabase(stopTheAppFirst("crear la administradora"));
  if ("refused" in database) return refuse(database.refused);

  // The caller's context with this database: Better Auth (built once per context) is built on
  // it, and the caller's own context keeps no database closed below.
  const context = deriveAppContext(appContext(), { database });
  let exitCode = 0;
  try {
    await database.migrate();
    const [existing] = await database.db
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email));

    if (existing) {
      // Naming the address here vouches for it, as the mailed link would (issue 25).
      await database.db
        .update(user)
        .set({ role: "admin", emailVerified: true, updatedAt: new Date() })
        .where(eq(user.id, existing.id));
      out.log(existing.role === "admin" ? `${email} ya era administradora.` : `${email} ahora es administradora.`);
      if (password) out.log("La cuenta ya existía: su contraseña no se cambió.");
    } else if (!password) {
      exitCode = 1;
      out.error(`No existe ninguna cuenta con el correo ${email}. Para crearla, agrega --password <contraseña>.`);
    } else {
      // Through Better Auth, so the password is hashed and stored exactly as a sign-up would.
      const { getAuth } = await import("../../app/server/auth.server");
      try {
        await runInAppContext(context, () =>
          getAuth().api.signUpEmail({
            body: { name: nombre ?? email.split("@")[0], email, password, aceptaTerminos: true } as never,
          }),
        );
      } catch (error) {
        const code = (error as { body?: { code?: string } }).body?.code;
        const reason =
          code === "PASSWORD_TOO_SHORT"
            ? "la contraseña es muy corta (mínimo 8 caracteres)"
            : code === "PASSWORD_TOO_LONG"
              ? "la contraseña es demasiado larga"
              : (error as Error).message;
        throw new Error(`No se pudo crear la cuenta: ${reason.replace(/\.$/, "")}.`);
      }
      await database.db
        .update(user)
        .set({ role: "admin", emailVerified: true })
        .where(eq(sql`lower(${user.email})`, email));
      out.log(`Cuenta creada: ${email} es administradora. Inicia sesión en el sitio y entra a /admin.`);
    }
  } catch (error) {
    exitCode = 1;
    out.error((error as Error).message);
  } finally {
    await database.close();
  }
  return exitCode;
}
