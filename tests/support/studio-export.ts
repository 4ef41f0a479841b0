/**
 * A small export of the original site (catalogue, students, orders, visit photos) written in
 * each of the three shapes the importer reads, from one description, so tests can check that
 * the shapes import identically:
 *
 *   studioExport("listas", { media })                      lists of documents, ISO dates, ids
 *   studioExport("firestore-export-import", { media })     objects keyed by id, { _seconds, _nanoseconds },
 *                                                          serialised DocumentReferences
 *   studioExport("node-firestore-import-export", { media }) { __collections__ }, { __datatype__, value }
 *
 * `media(path)` is where the files live (a local stub server in tests: Firebase Storage style
 * URLs); by default they are site paths and nothing is downloaded. The Authentication export
 * (`authExport`) uses the firebase/scrypt project's published sample parameters and hash.
 */

export type Shape = "listas" | "firestore-export-import" | "node-firestore-import-export";

type Encoders = { date: (iso: string) => unknown; ref: (collection: string, id: string) => unknown };

const timestamp = (iso: string) => {
  const ms = Date.parse(iso);
  return { _seconds: Math.floor(ms / 1000), _nanoseconds: (ms % 1000) * 1e6 };
};

const ENCODERS: Record<Shape, Encoders> = {
  listas: { date: (iso) => iso, ref: (_collection, id) => id },
  "firestore-export-import": {
    date: timestamp,
    ref: (collection, id) => ({
      _firestore: { projectId: "michel-alvarez" },
      _path: { segments: [collection, id] },
      _converter: {},
    }),
  },
  "node-firestore-import-export": {
    date: (iso) => ({ __datatype__: "timestamp", value: timestamp(iso) }),
    ref: (collection, id) => ({ __datatype__: "documentReference", value: `${collection}/${id}` }),
  },
};

/** Firebase Storage's download URL for an object path, on `host`. */
export function firebaseStorageUrl(host: string, objectPath: string, token = "tok-123") {
  return `${host}/v0/b/michel-alvarez.appspot.com/o/${encodeURIComponent(objectPath)}?alt=media&token=${token}`;
}

/** The uids and passwords the export's students have. */
export const STUDENTS = {
  ana: { uid: "uid-ana-7Qz", email: "ana@example.com", password: "user1password" },
  bea: { uid: "uid-bea-2Kx", email: "bea@example.com", googleId: "g-bea-555" },
  caro: { uid: "uid-caro-9Lm", email: "caro@example.com" },
} as const;

/** The visit whose photos are imported (an unguessable id, as the site's own). */
export const VISIT = { id: "Vt7xQ2mLp9ZcR4nB8sK1aW", codigo: "K7M2Q9XP", clienta: "Lucía Hernández" };

type Doc = Record<string, unknown> & { id: string };

function collections(enc: Encoders, media: (path: string) => string): Record<string, Doc[]> {
  return {
    categoria: [{ id: "cejas", nombre: "Cejas" }],
    producto: [
      {
        id: "p-pigmento",
        nombre: "Pigmento Café Oscuro",
        marca: "Velvet",
        precio: 689,
        cantidad: 10,
        categoria: enc.ref("categoria", "cejas"),
        galeria: [{ name: "frente", url: media("productos/pigmento.jpg") }],
        especificacion: "15 ml",
        comentarios: [
          { comentarios: "Muy bueno", nombre: "Ana", fecha: enc.date("2024-05-02T15:00:00.000Z"), calificacion: "5" },
        ],
        urlImagen: media("productos/pigmento.jpg"),
        peso: 60,
      },
      {
        id: "p-kit",
        nombre: "Kit de Microblading",
        precio: "1299.50",
        cantidad: 3,
        categoria: "cejas",
        galeria: [],
        peso: 400,
      },
    ],
    cursos: [
      {
        id: "c-micro",
        titulo: "Microblading Online",
        titulo_exterior: "Microblading",
        descripcion_secundaria: "Cinco unidades en video",
        precio: 4990,
        precioDescuento: 3990,
        publicado: true,
        tipo: "online",
        examen: false,
        certificadoUrl: media("certificados/microblading.png"),
        imagenes: { imagenExterior: media("cursos/micro-tarjeta.jpg"), imagenInterior: "", galeria: [] },
      },
    ],
    unidades: [
      {
        id: "c-micro-u1",
        curso_id: enc.ref("cursos", "c-micro"),
        posicion: 1,
        nombre: "Bienvenida",
        videos: [{ titulo: "Bienvenida al curso", video: media("videos/bienvenida.mp4"), descripcion: "" }],
      },
    ],
    codigosVisitas: [
      {
        id: VISIT.id,
        codigo: VISIT.codigo,
        clienta: VISIT.clienta,
        imagenes: { antes: [media("visitas/lucia-antes.jpg")], despues: [media("visitas/lucia-despues.jpg")] },
      },
    ],
    promociones: [
      { id: "promo-verano", codigo: "VERANO", producto_id: "p-pigmento", descuento: 10, producto: "Pigmento" },
    ],
    // the spec's shape: no descuento
    promocionesCursos: [{ id: "promo-alumna", codigo: "ALUMNA", curso_id: "c-micro" }],
    envios: [
      {
        id: "tarifas",
        estado: "Normal",
        estandar: [
          { gramos_minimos: 0, gramos_maximos: 5000, cantidad: 1, precios: [149, 189, 249, 329, 449, 599, 799] },
        ],
      },
    ],
    usuarios: [
      {
        id: STUDENTS.ana.uid,
        nombre: "Ana Pérez",
        correo: STUDENTS.ana.email,
        lastLogin: enc.date("2025-01-10T18:00:00.000Z"),
        terminos: true,
        favoritos: [enc.ref("producto", "p-pigmento"), enc.ref("producto", "p-borrado")],
        cursos: [enc.ref("cursos", "c-micro")],
      },
      {
        id: STUDENTS.bea.uid,
        nombre: "Bea Gómez",
        correo: STUDENTS.bea.email,
        terminos: false,
        favoritos: [],
        cursos: [],
      },
      { id: STUDENTS.caro.uid, nombre: "Caro Ruiz", correo: STUDENTS.caro.email, terminos: true },
    ],
    compras: [
      {
        id: "doc-compra-1",
        id_compra: "pi_3Kx1",
        id_comprador: enc.ref("user", STUDENTS.ana.uid),
        fecha: enc.date("2024-11-05T17:30:12.000Z"),
        porductos: [
          { url: media("productos/pigmento.jpg"), nombre: "Pigmento Café Oscuro", precio: 689, cantidad: 2 },
          { url: "", nombre: "Envio", precio: 149, cantidad: 1 },
        ],
        total: 1527,
        estado_envio: 1,
        datos_envio: {
          nombre: "Ana",
          apellido: "Pérez",
          direccion: "Av. Vallarta 100",
          colonia: "Centro",
          codigo_postal: 44100,
          ciudad: "Guadalajara",
          estado: "Jalisco",
          pais: "México",
        },
        datos_contacto: { correo: STUDENTS.ana.email, telefono: "3312345678" },
      },
      {
        id: "doc-compra-2",
        id_compra: "pi_3Kx2",
        id_comprador: STUDENTS.ana.uid,
        fecha: enc.date("2024-12-01T12:00:00.000Z"),
        porductos: [{ url: "", nombre: "Microblading Online", precio: 3990, cantidad: 1 }],
        total: 3990,
        curso: true,
      },
    ],
  };
}

/** The export in one shape; `media` maps a file's path to its URL (default: a site path, nothing to download). */
export function studioExport(shape: Shape, options: { media?: (path: string) => string } = {}): unknown {
  const media = options.media ?? ((path: string) => `/media/importado-prueba/${path}`);
  const data = collections(ENCODERS[shape], media);
  if (shape === "listas") return data;
  const keyed = Object.fromEntries(
    Object.entries(data).map(([name, docs]) => [
      name,
      Object.fromEntries(
        docs.map(({ id, ...doc }) => [
          id,
          shape === "node-firestore-import-export" ? { ...doc, __collections__: {} } : doc,
        ]),
      ),
    ]),
  );
  return shape === "node-firestore-import-export" ? { __collections__: keyed } : keyed;
}

/** Published sample of firebase/scrypt (README): these parameters hash 'user1password' with this salt to this hash. */
export const FIREBASE_SAMPLE = {
  hashParams: {
    signerKey: "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==",
    saltSeparator: "Bw==",
    rounds: 8,
    memCost: 14,
  },
  salt: "42xEC+ixf3L2lw==",
  passwordHash: "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
};

/** `firebase auth:export` of the three students: Ana with a password, Bea through Google, Caro with neither. */
export function authExport() {
  return {
    users: [
      {
        localId: STUDENTS.ana.uid,
        email: STUDENTS.ana.email,
        emailVerified: true,
        displayName: "Ana Pérez",
        passwordHash: FIREBASE_SAMPLE.passwordHash,
        salt: FIREBASE_SAMPLE.salt,
        providerUserInfo: [{ providerId: "password", rawId: STUDENTS.ana.email, email: STUDENTS.ana.email }],
        createdAt: "1577836800000",
        lastSignedInAt: "1736532000000",
      },
      {
        localId: STUDENTS.bea.uid,
        email: STUDENTS.bea.email,
        emailVerified: true,
        displayName: "Bea Gómez",
        providerUserInfo: [
          {
            providerId: "google.com",
            rawId: STUDENTS.bea.googleId,
            email: STUDENTS.bea.email,
            displayName: "Bea Gómez",
          },
        ],
        createdAt: "1600000000000",
      },
      {
        localId: STUDENTS.caro.uid,
        email: STUDENTS.caro.email,
        emailVerified: false,
        providerUserInfo: [],
        createdAt: "1610000000000",
      },
    ],
  };
}
