import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/client.server";
import { account, user } from "~/server/db/schema";

// The real command, on a real PGlite folder of its own.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "create-admin-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/create-admin.ts", "--", ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, timeout: 200_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

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

// Each case runs the real command (tsx compiling the scripts, a new PGlite folder and its
// migrations): slow on a busy 2-core machine, so the cases get more time than the default.
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

    const again = await run("estudio@example.com");
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toContain("ya era administradora");
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
    const holder = await openDatabase({ dataDir });
    try {
      const refused = await run("estudio@example.com");
      expect(refused.code).toBe(1);
      expect(refused.out).toContain("No se puede crear la administradora mientras la aplicación está en marcha");
    } finally {
      await holder.close();
    }
  });
});
