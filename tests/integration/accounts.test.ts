/**
 * Accounts on a real database through the real auth handler over HTTP (the same Express
 * mount as server/app.ts), with Google and Facebook pointed at a local OAuth stub server.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_NOT_QUEUED_CODE } from "~/domain/messages";
import * as account from "~/server/account/profile.server";
import * as auth from "~/server/auth.server";
import type { Database } from "~/server/db/client.server";
import { categorias, productos, user } from "~/server/db/schema";
import * as favorites from "~/server/account/favorites.server";
import {
  cookieHeader,
  httpRequest,
  linkInMail,
  postAuth,
  randomLoopbackAddress,
  socialLogInThroughStub,
  listenOnLoopback,
} from "../support/accounts";
import { useTestDatabase } from "../support/fixtures";
import { type OAuthStub, oauthStubEnv, startOAuthStub } from "../support/oauth-stub";
import { acceptOutboxWrites, notVerification, readOutbox, refuseOutboxWrites } from "../support/outbox";

let database: Database;
let stub: OAuthStub;
let baseURL: string;
let dataDir: string;
let closeApp: () => Promise<void>;

beforeAll(async () => {
  stub = await startOAuthStub();
  const app = express();
  app.all("/api/auth/*splat", async (req, res) =>
    (await import("~/server/http/auth.server")).handleAuthRequest(req, res),
  );
  ({ baseURL, close: closeApp } = await listenOnLoopback(app));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cuentas-"));
  database = await useTestDatabase({
    environment: { PUBLIC_URL: baseURL, DATA_DIR: dataDir, SMTP_URL: "", ...oauthStubEnv(stub) },
  });
});

afterAll(async () => {
  await closeApp?.();
  await stub?.close();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const userByEmail = async (email: string) => {
  const [row] = await database.db.select().from(user).where(eq(user.email, email));
  return row;
};

/** A Google or Facebook log-in as a browser does it: our server → the provider → our callback. */
const socialLogIn = (provider: "google" | "facebook", registro: boolean) =>
  socialLogInThroughStub(baseURL, stub.url, provider, registro ? auth.SOCIAL_SIGN_UP_INTENT : undefined);

describe("email sign-up and log-in", () => {
  it("stores terminos = true with its time and version, role cliente and a lastLogin", async () => {
    const answer = await postAuth(baseURL, "/sign-up/email", {
      name: "Ana Registro",
      email: "ana.registro@example.com",
      password: "una-clave-larga",
      aceptaTerminos: true,
      role: "admin",
    });
    expect(answer.status).toBe(200);
    expect(answer.setCookies.some((c) => c.startsWith("better-auth.session_token=") && /HttpOnly/i.test(c))).toBe(true);
    const row = await userByEmail("ana.registro@example.com");
    expect(row).toMatchObject({
      name: "Ana Registro",
      role: "cliente",
      terminos: true,
      terminosVersion: account.TERMINOS_VERSION,
    });
    expect(Date.now() - (row?.terminosAceptadosEn?.getTime() ?? 0)).toBeLessThan(60_000);
    expect(row?.lastLogin).toBeInstanceOf(Date);
  });

  it("refuses a sign-up without the terms ticked and creates nothing", async () => {
    const answer = await postAuth(baseURL, "/sign-up/email", {
      name: "Sin Terminos",
      email: "sin.terminos@example.com",
      password: "una-clave-larga",
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).code).toBe("TERMS_NOT_ACCEPTED");
    expect(await userByEmail("sin.terminos@example.com")).toBeUndefined();
  });

  it("refuses an empty, blank or too long name in Spanish and creates nothing", async () => {
    const from = randomLoopbackAddress();
    const cases: [unknown, string][] = [
      ["", "El nombre es obligatorio."],
      ["   \t ", "El nombre es obligatorio."],
      [42, "El nombre es obligatorio."],
      ["a".repeat(81), "El nombre puede tener como máximo 80 caracteres."],
    ];
    for (const [i, [name, message]] of cases.entries()) {
      const email = `sin.nombre.${i}@example.com`;
      const answer = await postAuth(
        baseURL,
        "/sign-up/email",
        { name, email, password: "una-clave-larga", aceptaTerminos: true },
        from,
      );
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(JSON.parse(answer.body), JSON.stringify(name)).toMatchObject({ code: "INVALID_NAME", message });
      expect(answer.setCookies.some((c) => c.startsWith("better-auth.session_token="))).toBe(false);
      expect(await userByEmail(email)).toBeUndefined();
    }
    // Without a name at all: refused too.
    const missing = await postAuth(
      baseURL,
      "/sign-up/email",
      { email: "sin.nombre.x@example.com", password: "una-clave-larga", aceptaTerminos: true },
      from,
    );
    expect(missing.status).toBe(400);
    expect(await userByEmail("sin.nombre.x@example.com")).toBeUndefined();
  });

  it("stores the name as the profile would: trimmed, single spaces", async () => {
    const answer = await postAuth(
      baseURL,
      "/sign-up/email",
      { name: "  Ana   María  ", email: "ana.maria@example.com", password: "una-clave-larga", aceptaTerminos: true },
      randomLoopbackAddress(),
    );
    expect(answer.status).toBe(200);
    expect((await userByEmail("ana.maria@example.com"))?.name).toBe("Ana María");
  });

  it("never lets a request set terminos or the role", async () => {
    const answer = await postAuth(baseURL, "/sign-up/email", {
      name: "Lista",
      email: "lista@example.com",
      password: "una-clave-larga",
      aceptaTerminos: true,
      terminosVersion: "inventada",
    });
    expect(answer.status).toBe(400);
    expect(await userByEmail("lista@example.com")).toBeUndefined();
  });

  it("updates lastLogin at each log-in and refuses a wrong password", async () => {
    await postAuth(baseURL, "/sign-up/email", {
      name: "Berta",
      email: "berta@example.com",
      password: "clave-de-berta",
      aceptaTerminos: true,
    });
    const first = (await userByEmail("berta@example.com"))?.lastLogin?.getTime() ?? 0;
    await new Promise((r) => setTimeout(r, 20));
    const ok = await postAuth(baseURL, "/sign-in/email", { email: "berta@example.com", password: "clave-de-berta" });
    expect(ok.status).toBe(200);
    const second = (await userByEmail("berta@example.com"))?.lastLogin?.getTime() ?? 0;
    expect(second).toBeGreaterThan(first);

    const wrong = await postAuth(baseURL, "/sign-in/email", { email: "berta@example.com", password: "otra-clave" });
    expect(wrong.status).toBe(401);
  });

  it("keeps the endpoints the site does not use closed", async () => {
    const signUp = await postAuth(baseURL, "/sign-up/email", {
      name: "Carla",
      email: "carla@example.com",
      password: "clave-de-carla",
      aceptaTerminos: true,
    });
    const cookie = cookieHeader(signUp.setCookies);
    const update = await postAuth(baseURL, "/update-user", { name: "" }, undefined, cookie);
    expect(update.status).toBe(404);
    expect((await userByEmail("carla@example.com"))?.name).toBe("Carla");
  });
});

describe("Google and Facebook (local OAuth stub)", () => {
  it("a first log-in through the log-in path stores terminos = false; accepting sets it", async () => {
    stub.next = { id: "g-100", email: "dana@gmail.example", name: "Dana Social" };
    const first = await socialLogIn("google", false);
    expect(first.status).toBe(302);
    expect(first.location).toBe("/?sesion=nueva");
    expect(first.cookie).toContain("better-auth.session_token=");
    expect(stub.lastAuthorize).toMatchObject({ client_id: "google-cliente-de-prueba" });
    expect(stub.lastAuthorize.redirect_uri).toBe(`${baseURL}/api/auth/callback/google`);

    const created = await userByEmail("dana@gmail.example");
    expect(created).toMatchObject({ name: "Dana Social", terminos: false, terminosAceptadosEn: null, role: "cliente" });
    expect(created?.lastLogin).toBeInstanceOf(Date);

    // returning: the welcome-back URL, still without terms (the prompt shows again)
    const again = await socialLogIn("google", false);
    expect(again.location).toBe("/?sesion=iniciada");
    expect(await account.hasAcceptedTerms(created?.id ?? "")).toBe(false);

    await account.acceptTerms(created?.id ?? "");
    const accepted = await userByEmail("dana@gmail.example");
    expect(accepted).toMatchObject({ terminos: true, terminosVersion: account.TERMINOS_VERSION });
    expect(accepted?.terminosAceptadosEn).toBeInstanceOf(Date);
  });

  it("a sign-up from the register view (terms ticked) stores terminos = true", async () => {
    stub.next = { id: "fb-200", email: "elena@facebook.example", name: "Elena Registro" };
    const result = await socialLogIn("facebook", true);
    expect(result.location).toBe("/?sesion=nueva");
    expect(await userByEmail("elena@facebook.example")).toMatchObject({
      terminos: true,
      terminosVersion: account.TERMINOS_VERSION,
    });
  });

  it("cancelling at the provider comes back to the error URL with access_denied (shown silently)", async () => {
    stub.next = null;
    const result = await socialLogIn("google", false);
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/\?sesion=error&error=access_denied/);
    expect(result.cookie).not.toContain("better-auth.session_token=");
  });

  it("does not hand an unverified email account to a Google log-in with the same address", async () => {
    // Whoever registered the address with a password never proved owning it: linking would
    // let them into the real owner's account later (pre-hijacking). The page explains it.
    await postAuth(baseURL, "/sign-up/email", {
      name: "Fer",
      email: "fer@example.com",
      password: "clave-de-fer",
      aceptaTerminos: true,
    });
    stub.next = { id: "g-300", email: "fer@example.com", name: "Fer de Google" };
    const result = await socialLogIn("google", false);
    expect(result.location).toMatch(/^\/\?sesion=error&error=account_not_linked/);
    expect(result.cookie).not.toContain("better-auth.session_token=");
    expect(await userByEmail("fer@example.com")).toMatchObject({ name: "Fer", terminos: true });
  });
});

describe("password reset by mail", () => {
  it("answers unknown users and invalid addresses with their own codes", async () => {
    const unknown = await postAuth(baseURL, "/request-password-reset", { email: "nadie@example.com" });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).code).toBe("USER_NOT_FOUND");
    const invalid = await postAuth(baseURL, "/request-password-reset", { email: "no-es-correo" });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body).code).toBe("INVALID_EMAIL");
  });

  it("mails a Spanish link to /restablecer-contrasena whose token sets the new password", async () => {
    await postAuth(baseURL, "/sign-up/email", {
      name: "Gaby",
      email: "gaby@example.com",
      password: "clave-vieja-1",
      aceptaTerminos: true,
    });
    const sent = await postAuth(baseURL, "/request-password-reset", { email: "Gaby@Example.com" });
    expect(sent.status).toBe(200);
    // the sign-up's 'Confirma tu correo' went first (issue 25)
    const toGaby = readOutbox(dataDir).filter((m) => m.to.includes("gaby@example.com"));
    expect(toGaby.map((m) => m.subject)).toEqual(["Confirma tu correo | Michel Alvarez", "Restablece tu contraseña"]);
    const mail = toGaby[1];
    const link = linkInMail(mail?.raw ?? "", "/restablecer-contrasena");
    expect(link?.startsWith(`${baseURL}/restablecer-contrasena?token=`)).toBe(true);
    const token = new URL(link ?? "").searchParams.get("token") ?? "";

    expect((await postAuth(baseURL, "/reset-password", { token, newPassword: "corta" })).status).toBe(400);
    expect((await postAuth(baseURL, "/reset-password", { token, newPassword: "clave-nueva-2" })).status).toBe(200);
    expect(
      (await postAuth(baseURL, "/sign-in/email", { email: "gaby@example.com", password: "clave-vieja-1" })).status,
    ).toBe(401);
    expect(
      (await postAuth(baseURL, "/sign-in/email", { email: "gaby@example.com", password: "clave-nueva-2" })).status,
    ).toBe(200);
    // the link went to the account's mailbox: using it verified the address (issue 25)
    expect((await userByEmail("gaby@example.com"))?.emailVerified).toBe(true);
    // a used link does not work twice
    expect((await postAuth(baseURL, "/reset-password", { token, newPassword: "clave-nueva-3" })).status).toBe(400);
  });

  it("says in Spanish that the mail could not be sent when it cannot even be queued, instead of 'revisa tu correo'", async () => {
    await postAuth(baseURL, "/sign-up/email", {
      name: "Hilda",
      email: "hilda@example.com",
      password: "clave-vieja-1",
      aceptaTerminos: true,
    });
    await refuseOutboxWrites(database.db);
    let answer: Awaited<ReturnType<typeof postAuth>>;
    try {
      answer = await postAuth(baseURL, "/request-password-reset", { email: "hilda@example.com" });
    } finally {
      await acceptOutboxWrites(database.db);
    }
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: MAIL_NOT_QUEUED_CODE,
      message: "No pudimos enviar el correo. Intenta más tarde.",
    });
    const hildas = () => readOutbox(dataDir).filter((m) => m.to.includes("hilda@example.com") && notVerification(m));
    expect(hildas()).toEqual([]);
    // once the outbox takes writes again, the same request mails the link
    const again = await postAuth(baseURL, "/request-password-reset", { email: "hilda@example.com" });
    expect(again.status).toBe(200);
    expect(hildas().map((m) => m.subject)).toEqual(["Restablece tu contraseña"]);
  });
});

describe("rate limit per client IP", () => {
  it("answers 429 in Spanish after 20 log-in attempts, whatever IP headers the client sends", async () => {
    const address = randomLoopbackAddress();
    const statuses: number[] = [];
    let last = { status: 0, body: "", headers: {} as Record<string, unknown> };
    for (let i = 0; i < 21; i++) {
      // A client making up its IP must not get a fresh bucket.
      const answer = await httpRequest(`${baseURL}/api/auth/sign-in/email`, {
        method: "POST",
        localAddress: address,
        headers: {
          "Content-Type": "application/json",
          Origin: baseURL,
          "X-Forwarded-For": `203.0.113.${i}`,
          "X-Ip-Cliente": `198.51.100.${i}`,
        },
        body: JSON.stringify({ email: "nadie@example.com", password: "adivinando" }),
      });
      statuses.push(answer.status);
      last = answer;
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(last.status).toBe(429);
    expect(JSON.parse(last.body)).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: "Espera un minuto antes de volver a intentarlo.",
    });
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);

    // another address is not affected
    const other = await postAuth(
      baseURL,
      "/sign-in/email",
      { email: "nadie@example.com", password: "x" },
      randomLoopbackAddress(),
    );
    expect(other.status).toBe(401);
  });
});

describe("profile name and favourites", () => {
  it("toggles a favourite on and off and lists only the user's own", async () => {
    await database.db.insert(categorias).values({ id: "cat-fav", nombre: "Pigmentos" });
    await database.db.insert(productos).values([
      { id: "prod-fav-1", nombre: "Pigmento café", precio: 45000, categoriaId: "cat-fav", cantidad: 3 },
      { id: "prod-fav-2", nombre: "Oculto", precio: 1000, categoriaId: "cat-fav", publicado: false },
    ]);
    const owner = await userByEmail("ana.registro@example.com");
    const other = await userByEmail("berta@example.com");
    if (!owner || !other) throw new Error("faltan usuarias de pruebas anteriores");

    expect(await favorites.toggleFavorite(owner.id, "prod-fav-1")).toEqual({ favorito: true });
    expect(await favorites.toggleFavorite(owner.id, "prod-fav-2")).toEqual({ favorito: true });
    expect(await favorites.toggleFavorite(owner.id, "no-existe")).toEqual({ error: "producto-inexistente" });
    const list = await favorites.listFavoriteProducts(owner.id);
    expect(list.map((p) => p.id)).toEqual(["prod-fav-1"]);
    expect(list[0]).toMatchObject({ nombre: "Pigmento café", precio: 45000, cantidad: 3 });
    expect(await favorites.listFavoriteProducts(other.id)).toEqual([]);

    expect(await favorites.toggleFavorite(owner.id, "prod-fav-1")).toEqual({ favorito: false });
    expect(await favorites.listFavoriteProducts(owner.id)).toEqual([]);
  });
});
