/**
 * Verified e-mail addresses (issue 25), on a real database through the real auth handler
 * over HTTP and the route modules' loaders and actions: a stranger who signs up with a
 * guest's address neither sees nor can cancel her appointment until the address is verified
 * with the mailed link; ADMIN_EMAILS gives nothing to an unverified password sign-up and the
 * role once verified; a password reset proves the address too; 'Reenviar enlace' is
 * throttled; an expired or altered link gets a Spanish answer; 'Guardar en mi cuenta'.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { signJWT } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { citas, user } from "~/server/db/schema";
import { callAction, callLoader } from "../support/actions";
import {
  cookieHeader,
  httpRequest,
  linkInMail,
  listenOnLoopback,
  postAuth,
  randomLoopbackAddress,
} from "../support/accounts";
import { configure, makeTreatment, useTestDatabase } from "../support/fixtures";
import { readOutbox } from "../support/outbox";

type AuthModule = typeof import("~/server/http/auth.server");
type Routes = {
  misCitas: typeof import("~/routes/mis-citas");
  cita: typeof import("~/routes/cita");
  verificar: typeof import("~/routes/verificar-correo");
  miPerfil: typeof import("~/routes/mi-perfil");
};

let database: Database;
let baseURL: string;
let dataDir: string;
let closeApp: () => Promise<void>;
let auth: AuthModule;
let routes: Routes;

beforeAll(async () => {
  const app = express();
  app.all("/api/auth/*splat", (req, res) => auth.handleAuthRequest(req, res));
  ({ baseURL, close: closeApp } = await listenOnLoopback(app));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "verificar-"));
  database = await useTestDatabase({ environment: { PUBLIC_URL: baseURL, DATA_DIR: dataDir, SMTP_URL: "" } });
  auth = await import("~/server/http/auth.server");
  routes = {
    misCitas: await import("~/routes/mis-citas"),
    cita: await import("~/routes/cita"),
    verificar: await import("~/routes/verificar-correo"),
    miPerfil: await import("~/routes/mi-perfil"),
  };
  await makeTreatment({
    id: "maquillaje-social",
    servicioId: "maquillaje",
    nombre: "Maquillaje social",
    anticipo: 0,
    requiereConsentimiento: false,
  });
});

afterAll(async () => {
  await closeApp?.();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const DAY = 86_400_000;
let nextDay = 7;

/** A confirmed guest appointment (booked without logging in) a week or more ahead. */
async function guestAppointment(correo: string) {
  const { createAppointment } = await import("~/server/booking/appointments.server");
  const inicio = new Date(Date.now() + nextDay++ * DAY);
  inicio.setUTCHours(17, 0, 0, 0);
  return createAppointment(database.db, {
    tratamientoId: "maquillaje-social",
    inicio,
    nombre: "Ana López",
    telefono: "3312345678",
    correo,
    estado: "confirmada",
  });
}

async function signUp(email: string, password = "una-clave-larga-1") {
  const answer = await postAuth(
    baseURL,
    "/sign-up/email",
    { name: "Alguien", email, password, aceptaTerminos: true, callbackURL: "/carrito" },
    randomLoopbackAddress(),
  );
  expect(answer.status).toBe(200);
  return cookieHeader(answer.setCookies);
}

const mailsTo = (email: string) => readOutbox(dataDir).filter((m) => m.to.includes(email));

/** The link of the newest 'Confirma tu correo' mail to `email`. */
function verificationLink(email: string): string {
  const mail = mailsTo(email)
    .filter((m) => m.subject === "Confirma tu correo | Michel Alvarez")
    .at(-1);
  expect(mail, `no verification mail to ${email}`).toBeDefined();
  const link = linkInMail(mail!.raw, "/api/auth/verify-email");
  expect(link).not.toBeNull();
  return link!;
}

async function misCitas(cookie: string) {
  const answer = await callLoader(routes.misCitas.loader, "/mis-citas", { cookie });
  expect(answer.status).toBe(200);
  return answer.body as { proximas: { token: string }[]; pasadas: { token: string }[]; correoVerificado: boolean };
}

const stateOf = async (id: string) => (await database.db.select().from(citas).where(eq(citas.id, id)))[0];
const userByEmail = async (email: string) => (await database.db.select().from(user).where(eq(user.email, email)))[0];

describe("a guest's appointment and a stranger with her address", () => {
  it("stays out of the stranger's account and uncancellable until the address is verified with the mailed link", async () => {
    const cita = await guestAppointment("ana@example.com");
    const stranger = await signUp("ana@example.com");

    // Signed up and logged in (the spec's welcome stays), but the address proves nothing.
    const before = await misCitas(stranger);
    expect(before.correoVerificado).toBe(false);
    expect(before.proximas).toEqual([]);
    expect(before.pasadas).toEqual([]);
    expect(JSON.stringify(before)).not.toContain(cita.token);
    expect((await stateOf(cita.id))?.userId).toBeNull();
    // Nothing else of hers shows up either: the profile only asks to verify.
    const perfil = await callLoader(routes.miPerfil.loader, "/mi-perfil", { cookie: stranger });
    expect(perfil.body).toMatchObject({ correoVerificado: false });

    // Without the secret link there is nothing to cancel: the appointment stays confirmed.
    expect((await stateOf(cita.id))?.estado).toBe("confirmada");

    // The mail went to the address, in Spanish, with a link that ends on our page whatever the form asked.
    const link = verificationLink("ana@example.com");
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/verificar-correo");
    const raw = mailsTo("ana@example.com").at(-1)!.raw;
    expect(raw).toContain("Confirmar mi correo");

    // The owner of the mailbox opens it: verified, logged in, and on our confirmation page.
    const opened = await httpRequest(link);
    expect(opened.status).toBe(302);
    expect(opened.headers.location).toBe("/verificar-correo");
    expect((await userByEmail("ana@example.com"))?.emailVerified).toBe(true);
    const owner = cookieHeader(opened.setCookies);
    const page = await callLoader(routes.verificar.loader, "/verificar-correo", { cookie: owner });
    expect(page.body).toMatchObject({ estado: "verificado", puedeReenviar: false });

    // Now the account lists it (it joined the account when the address was verified).
    const after = await misCitas(owner);
    expect(after.correoVerificado).toBe(true);
    expect(after.proximas.map((c) => c.token)).toEqual([cita.token]);
    expect((await stateOf(cita.id))?.userId).toBe((await userByEmail("ana@example.com"))?.id);
  });

  it("a password reset proves the address: the rightful owner takes her account back and sees her appointment", async () => {
    const cita = await guestAppointment("lucia@example.com");
    const stranger = await signUp("lucia@example.com");
    expect((await misCitas(stranger)).proximas).toEqual([]);

    const asked = await postAuth(
      baseURL,
      "/request-password-reset",
      { email: "lucia@example.com", redirectTo: "/restablecer-contrasena" },
      randomLoopbackAddress(),
    );
    expect(asked.status).toBe(200);
    const mail = mailsTo("lucia@example.com").find((m) => m.subject === "Restablece tu contraseña")!;
    const token = new URL(linkInMail(mail.raw, "/restablecer-contrasena")!).searchParams.get("token");
    const reset = await postAuth(
      baseURL,
      "/reset-password",
      { token, newPassword: "la-clave-de-lucia" },
      randomLoopbackAddress(),
    );
    expect(reset.status).toBe(200);

    expect((await userByEmail("lucia@example.com"))?.emailVerified).toBe(true);
    // The stranger's session is gone (sessions are revoked on reset); the owner logs in and sees it.
    expect((await callLoader(routes.misCitas.loader, "/mis-citas", { cookie: stranger })).status).toBe(302);
    const login = await postAuth(
      baseURL,
      "/sign-in/email",
      { email: "lucia@example.com", password: "la-clave-de-lucia" },
      randomLoopbackAddress(),
    );
    expect((await misCitas(cookieHeader(login.setCookies))).proximas.map((c) => c.token)).toEqual([cita.token]);
  });

  it("'Guardar en mi cuenta': the secret link's holder keeps a guest appointment in the account she is logged in with", async () => {
    const cita = await guestAppointment("mama-de-sofia@example.com");
    const sofia = await signUp("sofia@example.com");
    const shown = await callLoader(routes.cita.loader, `/cita/${cita.token}`, {
      cookie: sofia,
      params: { token: cita.token },
    });
    expect(shown.body).toMatchObject({ guardable: true });

    const saved = await callAction(
      routes.cita.action,
      `/cita/${cita.token}`,
      { intent: "guardar" },
      { cookie: sofia, params: { token: cita.token } },
    );
    expect(saved.status).toBe(302);
    expect((await misCitas(sofia)).proximas.map((c) => c.token)).toEqual([cita.token]);

    // Once in an account it stays there: another holder of the link cannot move it.
    const other = await signUp("otra-persona@example.com");
    await callAction(
      routes.cita.action,
      `/cita/${cita.token}`,
      { intent: "guardar" },
      { cookie: other, params: { token: cita.token } },
    );
    expect((await misCitas(other)).proximas).toEqual([]);
    expect(
      (await callLoader(routes.cita.loader, `/cita/${cita.token}`, { cookie: other, params: { token: cita.token } }))
        .body,
    ).toMatchObject({
      guardable: false,
    });
  });
});

describe("the verification link and 'Reenviar enlace'", () => {
  it("an expired or altered link lands on a Spanish explanation, and nothing is verified", async () => {
    const cookie = await signUp("tarde@example.com");
    const link = new URL(verificationLink("tarde@example.com"));
    const { serverSecret } = await import("~/server/secret.server");
    const u = await userByEmail("tarde@example.com");
    link.searchParams.set("token", await signJWT({ email: "tarde@example.com", userId: u!.id }, serverSecret(), -60));
    const expired = await httpRequest(link.toString());
    expect(expired.status).toBe(302);
    expect(expired.headers.location).toBe("/verificar-correo?error=TOKEN_EXPIRED");

    link.searchParams.set("token", "no-es-un-token");
    const altered = await httpRequest(link.toString());
    expect(altered.headers.location).toBe("/verificar-correo?error=INVALID_TOKEN");
    expect((await userByEmail("tarde@example.com"))?.emailVerified).toBe(false);

    const page = await callLoader(routes.verificar.loader, "/verificar-correo?error=TOKEN_EXPIRED", { cookie });
    expect(page.body).toMatchObject({
      estado: "error",
      mensaje: "El enlace para verificar tu correo venció (dura 24 horas). Pide uno nuevo.",
      puedeReenviar: true,
    });
    const invalid = await callLoader(routes.verificar.loader, "/verificar-correo?error=INVALID_TOKEN", {});
    expect(invalid.body).toMatchObject({
      estado: "error",
      mensaje: "El enlace para verificar tu correo no es válido. Pide uno nuevo.",
      puedeReenviar: false,
    });
  });

  it("mails a new link that works, at most 3 per account in 15 minutes, with Spanish answers", async () => {
    const cookie = await signUp("reenvio@example.com");
    const ip = "198.51.100.77";
    const first = await callAction(
      routes.verificar.action,
      "/verificar-correo",
      { intent: "reenviar" },
      { cookie, ip },
    );
    expect(first).toMatchObject({
      status: 200,
      body: {
        ok: true,
        message: "Te enviamos un nuevo enlace a reenvio@example.com. Revisa también la carpeta de spam.",
      },
    });
    expect(mailsTo("reenvio@example.com").filter((m) => m.subject.startsWith("Confirma tu correo"))).toHaveLength(2);
    await callAction(routes.verificar.action, "/verificar-correo", { intent: "reenviar" }, { cookie, ip });
    await callAction(routes.verificar.action, "/verificar-correo", { intent: "reenviar" }, { cookie, ip });
    const refused = await callAction(
      routes.verificar.action,
      "/verificar-correo",
      { intent: "reenviar" },
      { cookie, ip },
    );
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Demasiados intentos\. Intenta de nuevo en \d+ minutos?\.$/);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(mailsTo("reenvio@example.com").filter((m) => m.subject.startsWith("Confirma tu correo"))).toHaveLength(4);

    // The resent link verifies (in the browser that is already logged in: the same session).
    const opened = await httpRequest(verificationLink("reenvio@example.com"), { headers: { Cookie: cookie } });
    expect(opened.headers.location).toBe("/verificar-correo");
    expect((await callLoader(routes.verificar.loader, "/verificar-correo", { cookie })).body).toMatchObject({
      estado: "verificado",
    });
    const again = await callAction(
      routes.verificar.action,
      "/verificar-correo",
      { intent: "reenviar" },
      { cookie, ip: "198.51.100.78" },
    );
    expect(again.body).toMatchObject({ ok: true, message: "Tu correo ya estaba verificado." });

    // Logged out: no resending, the page asks to log in.
    expect(
      (await callAction(routes.verificar.action, "/verificar-correo", { intent: "reenviar" }, { ip })).status,
    ).toBe(302);
  });
});

describe("ADMIN_EMAILS and verification", () => {
  it("an unverified password sign-up with a listed address gets no admin; after the mailed link it does", async () => {
    const undo = configure({ config: { adminEmails: "jefa@example.com" } });
    try {
      const cookie = await signUp("jefa@example.com", "clave-de-la-jefa");
      expect((await userByEmail("jefa@example.com"))?.role).toBe("cliente");
      await postAuth(
        baseURL,
        "/sign-in/email",
        { email: "jefa@example.com", password: "clave-de-la-jefa" },
        randomLoopbackAddress(),
      );
      expect((await userByEmail("jefa@example.com"))?.role).toBe("cliente");

      // Verified in the browser already logged in: no new session, the role comes with the verification.
      const opened = await httpRequest(verificationLink("jefa@example.com"), { headers: { Cookie: cookie } });
      expect(opened.status).toBe(302);
      expect((await userByEmail("jefa@example.com"))?.role).toBe("admin");
    } finally {
      undo();
    }
  });
});
