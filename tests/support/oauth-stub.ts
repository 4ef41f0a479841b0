/**
 * A local OAuth 2.0 provider standing in for Google and Facebook in tests (the network edge):
 * /{provider}/authorize redirects straight back with a code for the profile the test chose
 * (or with error=access_denied, as when the person cancels), /{provider}/token exchanges the
 * code after checking the client credentials, and /{provider}/userinfo answers the profile
 * in that provider's shape. Point the app at it with `oauthStubEnv(stub)`.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";

export type StubProfile = { id: string; email: string; name: string };

export type OAuthStub = {
  url: string;
  /** the profile the next authorization logs in as; `null` makes it answer access_denied */
  next: StubProfile | null;
  /** what the last authorization request carried (client_id, redirect_uri, scope...) */
  lastAuthorize: Record<string, string>;
  close: () => Promise<void>;
};

export const STUB_CLIENTS = {
  google: { id: "google-cliente-de-prueba", secret: "google-secreto-de-prueba" },
  facebook: { id: "facebook-cliente-de-prueba", secret: "facebook-secreto-de-prueba" },
} as const;

type Provider = keyof typeof STUB_CLIENTS;

export async function startOAuthStub(): Promise<OAuthStub> {
  const codes = new Map<string, StubProfile>();
  const tokens = new Map<string, StubProfile>();
  const app = express();
  app.use(express.urlencoded({ extended: false }));

  const stub: OAuthStub = { url: "", next: null, lastAuthorize: {}, close: async () => {} };

  app.get("/:provider/authorize", (req, res) => {
    const query = req.query as Record<string, string>;
    stub.lastAuthorize = query;
    const back = new URL(query.redirect_uri ?? "");
    back.searchParams.set("state", query.state ?? "");
    if (!stub.next) {
      back.searchParams.set("error", "access_denied");
    } else {
      const code = randomUUID();
      codes.set(code, stub.next);
      back.searchParams.set("code", code);
    }
    res.redirect(302, back.toString());
  });

  app.post("/:provider/token", (req, res) => {
    const client = STUB_CLIENTS[req.params.provider as Provider];
    const body = req.body as Record<string, string>;
    const profile = codes.get(body.code ?? "");
    if (!client || body.client_id !== client.id || body.client_secret !== client.secret || !profile) {
      res.status(400).json({ error: "invalid_grant" });
      return;
    }
    codes.delete(body.code ?? "");
    const accessToken = randomUUID();
    tokens.set(accessToken, profile);
    res.json({ access_token: accessToken, token_type: "Bearer", expires_in: 3600 });
  });

  app.get("/:provider/userinfo", (req, res) => {
    const profile = tokens.get((req.get("authorization") ?? "").replace(/^Bearer /, ""));
    if (!profile) {
      res.status(401).json({ error: "invalid_token" });
      return;
    }
    if (req.params.provider === "google") {
      res.json({ sub: profile.id, email: profile.email, email_verified: true, name: profile.name, picture: "" });
    } else {
      res.json({ id: profile.id, email: profile.email, name: profile.name, picture: { data: { url: "" } } });
    }
  });

  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return stub;
}

/** The environment that points the app's Google and Facebook log-in at the stub. */
export function oauthStubEnv(stub: { url: string }): Record<string, string> {
  const env: Record<string, string> = {};
  for (const provider of ["google", "facebook"] as const) {
    const upper = provider.toUpperCase();
    env[`${upper}_CLIENT_ID`] = STUB_CLIENTS[provider].id;
    env[`${upper}_CLIENT_SECRET`] = STUB_CLIENTS[provider].secret;
    env[`${upper}_AUTHORIZATION_URL`] = `${stub.url}/${provider}/authorize`;
    env[`${upper}_TOKEN_URL`] = `${stub.url}/${provider}/token`;
    env[`${upper}_USERINFO_URL`] = `${stub.url}/${provider}/userinfo`;
  }
  return env;
}
