/**
 * npm run admin:create -- <correo> [--password <contraseña>] [--nombre <nombre>]
 *
 * Gives the studio's admin role to an existing account, or creates the account with the
 * given password (the first admin of a new installation). The role is never settable from
 * a request: this command is the only way in. Opens the database named by the environment
 * (DATABASE_URL, or the PGlite folder in DATA_DIR) like `npm run import`: while the app runs
 * on the same DATA_DIR the lock refuses and nothing is touched.
 */
import { eq, sql } from "drizzle-orm";
import { type Database, openDatabase } from "../app/server/db/client.server";
import { initDatabase } from "../app/server/db/index.server";
import { user } from "../app/server/db/schema";
import { env } from "../app/server/env.server";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const USAGE = "Uso: npm run admin:create -- <correo> [--password <contraseña>] [--nombre <nombre>]";

const args = process.argv.slice(2).filter((arg) => arg !== "--");
const option = (name: string) => {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith("--")) fail(`Falta el valor de ${name}.\n${USAGE}`);
  args.splice(at, 2);
  return value;
};
const password = option("--password");
const nombre = option("--nombre");
if (args.length !== 1 || args[0].startsWith("--")) fail(USAGE);
const email = args[0].trim().toLowerCase();
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`«${args[0]}» no es un correo válido.\n${USAGE}`);

let database: Database;
try {
  database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir });
} catch (error) {
  const message = (error as Error).message;
  if (message.includes("abierta por otro proceso")) {
    fail(
      `No se puede crear la administradora mientras la aplicación está en marcha con la misma carpeta de datos.\n${message}\n` +
        "Detén la aplicación (o usa DATABASE_URL con un servidor PostgreSQL) y vuelve a intentarlo.",
    );
  }
  fail(`No se pudo abrir la base de datos: ${message}`);
}

let exitCode = 0;
try {
  await database.migrate();
  await initDatabase(database);
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
    console.log(existing.role === "admin" ? `${email} ya era administradora.` : `${email} ahora es administradora.`);
    if (password) console.log("La cuenta ya existía: su contraseña no se cambió.");
  } else if (!password) {
    exitCode = 1;
    console.error(`No existe ninguna cuenta con el correo ${email}. Para crearla, agrega --password <contraseña>.`);
  } else {
    // Through Better Auth, so the password is hashed and stored exactly as a sign-up would.
    const { getAuth } = await import("../app/server/auth.server");
    try {
      await getAuth().api.signUpEmail({
        body: { name: nombre ?? email.split("@")[0], email, password, aceptaTerminos: true } as never,
      });
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
    console.log(`Cuenta creada: ${email} es administradora. Inicia sesión en el sitio y entra a /admin.`);
  }
} catch (error) {
  exitCode = 1;
  console.error((error as Error).message);
} finally {
  await database.close();
}
process.exit(exitCode);
