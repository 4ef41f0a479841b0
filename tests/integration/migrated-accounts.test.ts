/**
 * Accounts imported from Firebase Authentication, through the real auth handler over HTTP
 * (the same Express mount as server/app.ts) on a real database: the old password logs in
 * once and is then re-stored with our hashing; Google keeps finding the same account; an
 * account without a password gets the 'Crea tu contraseña' mail on its first email log-in.
 * The Firebase hash is firebase/scrypt's published sample (known parameters and password).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInFailure } from "~/components/auth/auth-client";
import { messages } from "~/domain/messages";
import type { Database } from "~/server/db/client.server";
import { handleAuthRequest } from "~/server/http/auth.server";
import { account, correos, cuentasImportadas, user } from "~/server/db/schema";
import { importExport } from "~/server/import/index.server";
import {
  cookieHeader,
  httpRequest,
  linkInMail,
  postAuth,
  socialLogInThroughStub,
  listenOnLoopback,
} from "../support/accounts";
import { createTestDatabase } from "../support/db";
import { configure, useTestDatabase } from "../support/fixtures";
import { type OAuthStub, oauthStubEnv, startOAuthStub } from "../support/oauth-stub";
import { acceptOutboxWrites, readOutbox, refuseOutboxWrites } from "../support/outbox";
import { authExport, FIREBASE_SAMPLE, STUDENTS, studioExport } from "../support/studio-export";

let database: Database;
let stub: OAuthStub;
let baseURL: string;
let dataDir: string;
let closeApp: () => Promise<void>;

beforeAll(async () => {
  stub = await startOAuthStub();
  const app = express();
  app.all("/api/auth/*splat", (req, res) => handleAuthRequest(req, res));
  ({ baseURL, close: closeApp } = await listenOnLoopback(app));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cuentas-importadas-"));
  database = await useTestDatabase({
    environment: { PUBLIC_URL: baseURL, DATA_DIR: dataDir, SMTP_URL: "", ...oauthStubEnv(stub) },
  });
  await importExport(database.db, studioExport("listas"), {
    auth: { data: authExport(), hashParams: FIREBASE_SAMPLE.hashParams },
  });
});

afterAll(async () => {
  await closeApp?.();
  await stub?.close();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const credentialOf = async (userId: string) => {
  const [row] = await database.db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return row?.password ?? null;
};

async function sessionUserId(cookie: string): Promise<string | null> {
  const answer = await httpRequest(`${baseURL}/api/auth/get-session`, { headers: { Cookie: cookie } });
  return (JSON.parse(answer.body || "null") as { user?: { id: string } } | null)?.user?.id ?? null;
}

const mailsTo = (email: string) => readOutbox(dataDir).filter((m) => m.to.includes(email));

describe("a student who had a password on the old site", () => {
  it("logs in with her old password once; it is then stored with our hashing", async () => {
    const ana = STUDENTS.ana;
    expect(await credentialOf(ana.uid)).toMatch(/^firebase-scrypt\$14\$8\$Bw==\$/);

    // a wrong password is the spec's 'Credenciales incorrectas', and changes nothing
    const wrong = await postAuth(baseURL, "/sign-in/email", { email: ana.email, password: "user2password" });
    expect(wrong.status).toBe(401);
    const code = JSON.parse(wrong.body).code as string;
    expect(signInFailure({ status: wrong.status, code })).toEqual(messages.loginFailed);
    expect(messages.loginFailed.title).toBe("Credenciales incorrectas");
    expect(await credentialOf(ana.uid)).toMatch(/^firebase-scrypt\$/);

    const ok = await postAuth(baseURL, "/sign-in/email", { email: "Ana@Example.com", password: ana.password });
    expect(ok.status).toBe(200);
    expect(await sessionUserId(cookieHeader(ok.setCookies))).toBe(ana.uid);

    // the Firebase hash was used once: Better Auth's own scrypt format ('salt:key' in hex) now
    const ours = await credentialOf(ana.uid);
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const again = await postAuth(baseURL, "/sign-in/email", { email: ana.email, password: ana.password });
    expect(again.status).toBe(200);
    expect(await credentialOf(ana.uid)).toBe(ours);
    const wrongAfter = await postAuth(baseURL, "/sign-in/email", { email: ana.email, password: "user2password" });
    expect(wrongAfter.status).toBe(401);

    // importing again never puts the old hash back
    await importExport(database.db, studioExport("listas"), {
      auth: { data: authExport(), hashParams: FIREBASE_SAMPLE.hashParams },
    });
    expect(await credentialOf(ana.uid)).toBe(ours);
    expect(mailsTo(ana.email)).toEqual([]);
  });
});

describe("a student who logged in with Google on the old site", () => {
  it("lands in her imported account through Google, by her Google id", async () => {
    const bea = STUDENTS.bea;
    // Google knows her by the same id, whatever e-mail it sends now
    stub.next = { id: bea.googleId, email: "bea.nueva@gmail.example", name: "Bea de Google" };
    const result = await socialLogInThroughStub(baseURL, stub.url, "google");
    expect(result.location).toBe("/?sesion=iniciada");
    expect(await sessionUserId(result.cookie)).toBe(bea.uid);
    const [{ n }] = await database.db.select({ n: count() }).from(user);
    expect(n).toBe(3);
    const links = await database.db
      .select({ providerId: account.providerId, accountId: account.accountId })
      .from(account)
      .where(eq(account.userId, bea.uid));
    expect(links).toEqual([{ providerId: "google", accountId: bea.googleId }]);
  });
});

describe("a student without a password hash", () => {
  it("gets a 'Crea tu contraseña' mail on her first email log-in attempt, once, and can then log in", async () => {
    const caro = STUDENTS.caro;
    const first = await postAuth(baseURL, "/sign-in/email", { email: caro.email, password: "lo-que-sea-1" });
    expect(first.status).toBe(403);
    const code = JSON.parse(first.body).code as string;
    expect(signInFailure({ status: first.status, code })).toEqual(messages.firstPasswordSent);
    expect(messages.firstPasswordSent.title).toBe("Crea tu contraseña");

    const [mail, ...others] = mailsTo(caro.email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe("Crea tu contraseña");
    const link = linkInMail(mail?.raw ?? "", "/restablecer-contrasena");
    expect(link?.startsWith(`${baseURL}/restablecer-contrasena?token=`)).toBe(true);

    // a second attempt within the link's hour says the same and sends nothing more
    const second = await postAuth(baseURL, "/sign-in/email", { email: caro.email, password: "otra-cosa-2" });
    expect(JSON.parse(second.body).code).toBe(code);
    expect(mailsTo(caro.email)).toHaveLength(1);

    // the link sets her first password through the reset flow; then she is an ordinary account
    const token = new URL(link ?? "").searchParams.get("token") ?? "";
    expect((await postAuth(baseURL, "/reset-password", { token, newPassword: "mi-primera-clave" })).status).toBe(200);
    const ok = await postAuth(baseURL, "/sign-in/email", { email: caro.email, password: "mi-primera-clave" });
    expect(ok.status).toBe(200);
    expect(await sessionUserId(cookieHeader(ok.setCookies))).toBe(caro.uid);
    const wrong = await postAuth(baseURL, "/sign-in/email", { email: caro.email, password: "otra-cosa-2" });
    expect(wrong.status).toBe(401);
    expect(mailsTo(caro.email)).toHaveLength(1);
  });

  it("an account that only used Google gets the same mail when it tries the email log-in", async () => {
    const answer = await postAuth(baseURL, "/sign-in/email", { email: STUDENTS.bea.email, password: "no-la-tengo" });
    expect(JSON.parse(answer.body).code).toBe("PASSWORD_SETUP_REQUIRED");
    expect(mailsTo(STUDENTS.bea.email).map((m) => m.subject)).toEqual(["Crea tu contraseña"]);
  });

  it("with the mail server down the mail waits in the outbox and goes out once it is back", async () => {
    const { deliverDueMail, settleMailDeliveries } = await import("~/server/mail.server");
    await database.db.insert(user).values({ id: "uid-flor", name: "Flor", email: "flor@example.com" });
    await database.db.insert(cuentasImportadas).values({ userId: "uid-flor" });
    const undo = configure({ config: { smtpUrl: "smtp://127.0.0.1:9" } }); // nothing listens there
    try {
      const down = await postAuth(baseURL, "/sign-in/email", { email: "flor@example.com", password: "una-clave-1" });
      expect(JSON.parse(down.body).code).toBe("PASSWORD_SETUP_REQUIRED");
      await settleMailDeliveries();
    } finally {
      undo();
    }
    expect(mailsTo("flor@example.com")).toEqual([]);
    const [waiting] = await database.db.select().from(correos).where(eq(correos.para, "flor@example.com"));
    expect(waiting).toMatchObject({ asunto: "Crea tu contraseña", estado: "pendiente" });
    await deliverDueMail(database.db, { now: waiting.siguienteIntento });
    expect(mailsTo("flor@example.com").map((m) => m.subject)).toEqual(["Crea tu contraseña"]);
  });

  it("when the mail cannot even be queued, says so and tries again at the next attempt", async () => {
    await database.db.insert(user).values({ id: "uid-eva", name: "Eva", email: "eva@example.com" });
    await database.db.insert(cuentasImportadas).values({ userId: "uid-eva" });
    await refuseOutboxWrites(database.db);
    try {
      const down = await postAuth(baseURL, "/sign-in/email", { email: "eva@example.com", password: "una-clave-1" });
      expect(down.status).toBe(500);
      expect(signInFailure({ status: down.status, code: "" })).toEqual(messages.serverError);
    } finally {
      await acceptOutboxWrites(database.db);
    }
    const [pending] = await database.db.select().from(cuentasImportadas).where(eq(cuentasImportadas.userId, "uid-eva"));
    expect(pending?.correoContrasenaEn).toBeNull();

    const up = await postAuth(baseURL, "/sign-in/email", { email: "eva@example.com", password: "una-clave-1" });
    expect(JSON.parse(up.body).code).toBe("PASSWORD_SETUP_REQUIRED");
    expect(mailsTo("eva@example.com").map((m) => m.subject)).toEqual(["Crea tu contraseña"]);
  });

  it("an account of the new site without a password is not offered one (ordinary 'Credenciales incorrectas')", async () => {
    await database.db.insert(user).values({ id: "nueva-sin-clave", name: "Dora", email: "dora@example.com" });
    const answer = await postAuth(baseURL, "/sign-in/email", { email: "dora@example.com", password: "una-clave-1" });
    expect(answer.status).toBe(401);
    expect(mailsTo("dora@example.com")).toEqual([]);
  });
});

describe("importing the Authentication export", () => {
  it("refuses passwords without the project's hash parameters, naming what is missing", async () => {
    const other = await createTestDatabase();
    try {
      const attempt = importExport(other.db, studioExport("listas"), { auth: { data: authExport() } });
      const errors = await attempt.then(
        () => [],
        (e: { errors: unknown[] }) => e.errors,
      );
      expect(errors).toEqual([
        expect.objectContaining({
          collection: "auth:export",
          field: "parámetros de hash",
          message: expect.stringMatching(/--hash-signer-key/),
        }),
      ]);
      const bad = await importExport(other.db, studioExport("listas"), {
        auth: {
          data: authExport(),
          hashParams: { ...FIREBASE_SAMPLE.hashParams, rounds: "ocho", signerKey: "no es base64!" },
        },
      }).catch((e: { errors: unknown[] }) => e.errors);
      expect(bad).toEqual([
        expect.objectContaining({
          field: "parámetros de hash.signerKey",
          message: "debe ser la clave de firma (signer key) en base64",
        }),
        expect.objectContaining({
          field: "parámetros de hash.rounds",
          message: "debe ser un número entero del 1 al 64",
        }),
      ]);
      const [{ n }] = await other.db.select({ n: count() }).from(user);
      expect(n).toBe(0);
    } finally {
      await other.close();
    }
  });
});
