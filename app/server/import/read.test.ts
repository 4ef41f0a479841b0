import { describe, expect, it } from "vitest";
import { DocumentRef, readAuthExport, readExport } from "./read.server";

describe("reading an export", () => {
  it("lists per collection: documents as they are, the `usuarios` alias as `user`, unknown keys noted", () => {
    const read = readExport({ producto: [{ id: "p1" }], usuarios: [{ id: "u1" }], pedidos: [], _sitio: {} });
    expect(read.formato).toBe("listas");
    expect(read.colecciones).toEqual({
      producto: [{ key: "#1", doc: { id: "p1" } }],
      user: [{ key: "#1", doc: { id: "u1" } }],
    });
    expect(read.notas).toEqual(['Se ignoró la clave desconocida "pedidos".']);
  });

  it("firestore-export-import: objects keyed by id, { _seconds, _nanoseconds }, serialised references, subCollection", () => {
    const read = readExport({
      compras: {
        c1: {
          fecha: { _seconds: 1_700_000_000, _nanoseconds: 500_000_000 },
          id_comprador: { _firestore: { projectId: "x" }, _path: { segments: ["user", "u1"] }, _converter: {} },
          lugar: { _latitude: 20.67, _longitude: -103.35 },
          subCollection: { "compras/c1/notas": { n1: {} } },
        },
      },
    });
    expect(read.formato).toBe("firestore-export-import");
    const doc = read.colecciones.compras![0]!.doc as Record<string, unknown>;
    expect(doc.id).toBe("c1");
    expect(doc.fecha).toEqual(new Date(1_700_000_000_500));
    expect(doc.id_comprador).toBeInstanceOf(DocumentRef);
    expect((doc.id_comprador as DocumentRef).id).toBe("u1");
    expect(doc.lugar).toEqual({ latitud: 20.67, longitud: -103.35 });
    expect(doc).not.toHaveProperty("subCollection");
    expect(read.notas).toEqual(['compras "c1": se ignoraron sus subcolecciones (compras/c1/notas).']);
  });

  it("node-firestore-import-export: __collections__ and { __datatype__, value }", () => {
    const read = readExport({
      __collections__: {
        user: {
          u1: {
            lastLogin: { __datatype__: "timestamp", value: "2025-01-10T18:00:00.000Z" },
            favoritos: [{ __datatype__: "documentReference", value: "producto/p1" }],
            casa: { __datatype__: "geopoint", value: { _latitude: 1, _longitude: 2 } },
            __collections__: {},
          },
        },
      },
    });
    expect(read.formato).toBe("node-firestore-import-export");
    const doc = read.colecciones.user![0]!.doc as Record<string, unknown>;
    expect(doc).toEqual({
      id: "u1",
      lastLogin: new Date("2025-01-10T18:00:00.000Z"),
      favoritos: [new DocumentRef("producto/p1")],
      casa: { latitud: 1, longitud: 2 },
    });
    expect(read.notas).toEqual([]);
  });

  it("refuses what is not an export, and an Authentication export without its user list", () => {
    expect(readExport([]).problems).toEqual([
      { collection: "", id: "", field: "", message: "el archivo debe ser un objeto JSON con una lista por colección" },
    ]);
    expect(readExport({ producto: 3 }).problems).toEqual([
      { collection: "producto", id: "", field: "", message: "debe ser una lista de documentos" },
    ]);
    expect(readAuthExport({ usuarios: [] }).problems[0]).toMatchObject({ collection: "auth:export", field: "users" });
  });
});
