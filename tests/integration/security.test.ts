import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sameOriginWrites, securityHeaders } from "~/server/http/security.server";
import { useTestContext } from "../support/fixtures";

describe("origin check on writes and security headers", () => {
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    useTestContext(); // the demo's settings (the headers read the mode and the site's address)
    const app = express();
    app.use(securityHeaders, sameOriginWrites);
    app.all("/*splat", (_req, res) => res.json({ ok: true }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("refuses a POST from another site with a Spanish message", async () => {
    const response = await fetch(`${base}/carrito`, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Solicitud rechazada: origen no permitido." });
  });

  it("lets a same-origin POST and a cross-site GET through", async () => {
    const host = new URL(base).host;
    const post = await fetch(`${base}/carrito`, { method: "POST", headers: { Origin: `http://${host}` } });
    expect(post.status).toBe(200);
    const get = await fetch(`${base}/carrito`, { headers: { Origin: "https://evil.example" } });
    expect(get.status).toBe(200);
    expect(get.headers.get("x-content-type-options")).toBe("nosniff");
    expect(get.headers.get("x-frame-options")).toBe("DENY");
  });

  it("accepts signed provider webhooks from other origins", async () => {
    const response = await fetch(`${base}/webhooks/stripe`, { method: "POST", headers: { Origin: "https://stripe.example" } });
    expect(response.status).toBe(200);
  });
});
