import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { rateLimit, visitaFotos, visitas } from "~/server/db/schema";
import { hitRateLimit } from "~/server/rate-limit.server";
import {
  CODE_ALPHABET,
  CODE_LOOKUP_LIMIT,
  clientSlug,
  createVisit,
  findVisit,
  findVisitPhoto,
  lookupVisitCode,
  photoFileName,
  visitPath,
} from "~/server/visits/visits.server";
import { createTestDatabase } from "../support/db";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("visits", () => {
  it("creates a visit with random id and code and finds it by its code", async () => {
    const visit = await createVisit(database.db, {
      clienta: "María José López",
      antes: ["private:visitas/a1.jpg", "private:visitas/a2.jpg"],
      despues: ["private:visitas/d1.jpg"],
    });
    expect(visit.path).toBe(`/tu-visita-con-maria-jose-lopez/${visit.id}`);

    const found = await lookupVisitCode(database.db, visit.codigo, "10.0.0.1");
    expect(found).toEqual({ ok: true, url: visit.path });
    // as a client might type it: lower case, with spaces or a dash
    const typed = `${visit.codigo.slice(0, 4).toLowerCase()} -${visit.codigo.slice(4)}`;
    expect(await lookupVisitCode(database.db, typed, "10.0.0.1")).toEqual({ ok: true, url: visit.path });

    const stored = await findVisit(database.db, visit.id);
    expect(stored).toMatchObject({
      clienta: "María José López",
      antes: ["private:visitas/a1.jpg", "private:visitas/a2.jpg"],
      despues: ["private:visitas/d1.jpg"],
    });
    expect(await findVisitPhoto(database.db, visit.id, "antes", 2)).toBe("private:visitas/a2.jpg");
    expect(await findVisitPhoto(database.db, visit.id, "despues", 2)).toBeNull();
    expect(await findVisitPhoto(database.db, visit.id, "antes", 0)).toBeNull();
    expect(await findVisit(database.db, "no-existe")).toBeNull();
  });

  it("finds an imported visit whose code has lower case and a dash", async () => {
    await database.db.insert(visitas).values({ id: "importada-1", codigo: "ana-2024", clienta: "Ana" });
    expect(await lookupVisitCode(database.db, "ANA2024", "10.0.0.2")).toEqual({
      ok: true,
      url: "/tu-visita-con-ana/importada-1",
    });
  });

  it("answers the spec's two errors: empty code and unknown code", async () => {
    for (const empty of ["", "   ", " - "]) {
      expect(await lookupVisitCode(database.db, empty, "10.0.0.3")).toEqual({
        ok: false,
        status: 400,
        message: expect.objectContaining({ title: "Codigo Faltante", text: "Favor de insertar un codigo de visita" }),
      });
    }
    expect(await lookupVisitCode(database.db, "ZZZZ9999", "10.0.0.3")).toEqual({
      ok: false,
      status: 404,
      message: expect.objectContaining({
        title: "Codigo Inexistente",
        text: "El codigo ingresado no existe, favor de insertar otro",
      }),
    });
  });

  it("answers 429 once an IP has tried too many codes, even with a right one, and other IPs go on", async () => {
    const visit = await createVisit(database.db, { clienta: "Lucía" });
    const attacker = "203.0.113.9";
    for (let i = 0; i < CODE_LOOKUP_LIMIT.max; i++) {
      const result = await lookupVisitCode(database.db, `AAAA${String(i).padStart(4, "2")}`, attacker);
      expect(result).toMatchObject({ ok: false, status: 404 });
    }
    const blocked = await lookupVisitCode(database.db, visit.codigo, attacker);
    expect(blocked).toMatchObject({ ok: false, status: 429, message: { title: "Demasiados intentos" } });
    expect(blocked.ok === false && blocked.retryAfterSeconds).toBeGreaterThan(0);
    // counted in the shared table, not in this process's memory
    const [row] = await database.db
      .select()
      .from(rateLimit)
      .where(eq(rateLimit.key, `visita-codigo|${attacker}`));
    expect(row.count).toBe(CODE_LOOKUP_LIMIT.max + 1);

    expect(await lookupVisitCode(database.db, visit.codigo, "198.51.100.7")).toEqual({ ok: true, url: visit.path });
  });

  it("opens a new window once the old one has passed", async () => {
    const rule = { max: 2, windowMs: 60_000 };
    const t0 = 1_700_000_000_000;
    expect(await hitRateLimit(database.db, "prueba|ventana", rule, t0)).toEqual({ allowed: true });
    expect(await hitRateLimit(database.db, "prueba|ventana", rule, t0 + 1000)).toEqual({ allowed: true });
    expect(await hitRateLimit(database.db, "prueba|ventana", rule, t0 + 2000)).toEqual({
      allowed: false,
      retryAfterSeconds: 58,
    });
    expect(await hitRateLimit(database.db, "prueba|ventana", rule, t0 + 60_000)).toEqual({ allowed: true });
  });

  it("makes ids and codes unguessable: long, random, from the right alphabets, never repeated", async () => {
    // engine-neutral: 40 visits to compare their random codes, not a race
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createVisit(database.db, { clienta: `Clienta ${i}` })),
    );
    const codeChars = new RegExp(`^[${CODE_ALPHABET}]{8}$`);
    for (const visit of made) {
      expect(visit.id).toMatch(/^[A-Za-z0-9_-]{22}$/); // 16 random bytes, base64url
      expect(visit.codigo).toMatch(codeChars);
      expect(visit.codigo).not.toMatch(/[01OIL]/);
    }
    expect(new Set(made.map((v) => v.id)).size).toBe(made.length);
    expect(new Set(made.map((v) => v.codigo)).size).toBe(made.length);
    // nothing sequential: ids do not sort in creation order
    const ids = made.map((v) => v.id);
    expect([...ids].sort()).not.toEqual(ids);
    const fotos = await database.db.select().from(visitaFotos).where(eq(visitaFotos.visitaId, made[0].id));
    expect(fotos).toEqual([]);
  });

  it("builds the page path and download names from the client's name", () => {
    expect(clientSlug("  Ximena Ñúñez-Peña ")).toBe("ximena-nunez-pena");
    expect(clientSlug("☺")).toBe("clienta");
    expect(visitPath({ id: "abc", clienta: "María" })).toBe("/tu-visita-con-maria/abc");
    expect(photoFileName("María", "antes", 1)).toBe("maria-antes-1.png");
    expect(photoFileName("María", "despues", 2)).toBe("maria-despues-2.png");
  });
});
