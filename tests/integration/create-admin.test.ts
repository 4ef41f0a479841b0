/**
 * `npm run admin:create` (scripts/commands/create-admin.ts) on a real PGlite folder of its own,
 * which the first case creates (a new installation's empty DATA_DIR): once as the studio runs it
 * (npm, a process of its own: the entry point, its output and exit code), the other cases in
 * this process (tests/support/commands.ts), each in a context read from the environment with
 * this file's DATA_DIR, as the script's is. The lock's case has a second process hold the folder.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/client.server";
import { account, user } from "~/server/db/schema";
import { createAdminCommand } from "../../scripts/commands/create-admin";
import { holdLockInAnotherProcess, npmRun, runInProcess } from "../support/commands";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "create-admin-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const run = (...args: string[]) => runInProcess(createAdminCommand, ["--", ...args], dataDir);

async function readUser(email: string) {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await database.db.select().from(user).where(eq(user.email, email));
    const accounts = row ? await database.db.select().from(account).where(eq(account.userId, row.id)) : [];
    return { row, accounts };
  } finally {
    await database.close();
  }
}

// The first case creates the PGlite folder and its migrations, then starts a process (npm, tsx
// compiling the scripts, PGlite's engine compiled again): slow on a busy 2-core machine, so the
// cases get more time than the default.
describe("npm run admin:create", { timeout: 240_000 }, () => {
  it("creates the first admin with a password, then promotes an existing account", async () => {
    const created = await run("Estudio@Example.com", "--password", "contrasena-segura", "--nombre", "Michel Alvarez");
    expect(created).toMatchObject({ code: 0 });
    expect(created.out).toContain("Cuenta creada: estudio@example.com es administradora.");
    const { row, accounts } = await readUser("estudio@example.com");
    expect(row).toMatchObject({ name: "Michel Alvarez", role: "admin", emailVerified: true });
    // the password is stored hashed by Better Auth, never as given
    expect(accounts).toHaveLength(1);
    expect(accounts[0].providerId).toBe("credential");
    expect(accounts[0].password).not.toContain("contrasena-segura");

    // the entry point, as the studio runs it: its own process, its output and exit code
    const again = await npmRun("admin:create", ["estudio@example.com"], dataDir);
    expect(again.code, again.out).toBe(0);
    expect(again.stdout).toContain("estudio@example.com ya era administradora.");
  });

  it("refuses an unknown account without a password, and a short password, in Spanish", async () => {
    const unknown = await run("nadie@example.com");
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain("No existe ninguna cuenta con el correo nadie@example.com");
    const short = await run("otra@example.com", "--password", "corto");
    expect(short.code).toBe(1);
    expect(short.out).toContain("la contraseña es muy corta (mínimo 8 caracteres)");
    expect((await readUser("otra@example.com")).row).toBeUndefined();
  });

  it("refuses while another process holds the database folder", async () => {
    const app = await holdLockInAnotherProcess(dataDir);
    try {
      const refused = await run("estudio@example.com");
      expect(refused.code).toBe(1);
      expect(refused.out).toContain("No se puede crear la administradora mientras la aplicación está en marcha");
      expect(refused.out).toContain(`está abierta por otro proceso (pid ${app.pid})`);
    } finally {
      await app.release();
    }
  });
});
