/**
 * The whole data model in one Drizzle pg-core schema. Names follow the spec's vocabulary
 * (SPEC section 3) in camelCase; columns are snake_case (`casing: "snake_case"`).
 * Lists the original document store kept inside documents (favoritos, cursos, comentarios,
 * galerias, cart lines, order lines) are tables of their own with foreign keys.
 * Misspellings of the original export (`porductos`, `precensial`) are fixed here; the
 * importer maps them. Money is integer centavos everywhere.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- auth (Better Auth)

/** Better Auth's user, extended with the spec's user record (nombre is `name`). */
export const user = pgTable(
  "users",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** 'cliente' or 'admin'; never settable from a request. */
    role: text().notNull().default("cliente"),
    lastLogin: timestamp({ withTimezone: true }),
    terminos: boolean().notNull().default(false),
    terminosAceptadosEn: timestamp({ withTimezone: true }),
    terminosVersion: text(),
    /**
     * She accepted marketing mail (Mi perfil, off by default, ADR 036): the abandoned-cart
     * reminder goes only to her; the unsubscribe link in that mail turns it off in one click.
     */
    aceptaCorreosPromocionales: boolean().notNull().default(false),
    correosPromocionalesEn: timestamp({ withTimezone: true }),
  },
  // the admin's searches of orders and students by name or e-mail: "contains" (pg_trgm)
  (t) => [
    index("users_email_trgm").using("gin", sql`${t.email} gin_trgm_ops`),
    index("users_name_trgm").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

export const session = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index().on(t.userId)],
);

export const account = pgTable(
  "accounts",
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId)],
);

export const verification = pgTable(
  "verifications",
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.identifier)],
);

/** Rate-limit counters shared by every app instance (Better Auth's and our own). */
export const rateLimit = pgTable("rate_limits", {
  id: text().primaryKey(),
  key: text().notNull().unique(),
  count: integer().notNull(),
  lastRequest: bigint({ mode: "number" }).notNull(),
});

// ---------------------------------------------------------------- catalogue

export const categorias = pgTable("categorias", {
  id: text().primaryKey(),
  nombre: text().notNull(),
  posicion: integer().notNull().default(0),
});

export const productos = pgTable(
  "productos",
  {
    id: text().primaryKey(),
    nombre: text().notNull(),
    marca: text().notNull().default(""),
    /** centavos */
    precio: integer().notNull(),
    /** centavos: the price before a sale, shown crossed out ("antes $X") when above precio; never charged */
    precioAntes: integer(),
    /** the studio's stock-keeping code ("" when none); unique when set */
    sku: text().notNull().default(""),
    /** stock; never below zero */
    cantidad: integer().notNull().default(0),
    categoriaId: text()
      .notNull()
      .references(() => categorias.id),
    especificacion: text().notNull().default(""),
    urlImagen: text().notNull().default(""),
    /** grams */
    peso: integer().notNull().default(0),
    publicado: boolean().notNull().default(true),
    /**
     * The low-stock threshold (ADR 036): when a sale takes `cantidad` from above it to it or
     * below, the studio is mailed once; 0 means no alert.
     */
    stockMinimo: integer().notNull().default(0),
    /** How many times the stock crossed the threshold downwards: the alert mail's key. */
    alertasStock: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.categoriaId),
    check("productos_cantidad_no_negativa", sql`${t.cantidad} >= 0`),
    // docs/benchmarks.md "Scale": a category's page in name order, the admin list and the
    // related products in name order, the home's featured products
    index("productos_categoria_nombre").on(t.categoriaId, t.nombre, t.id),
    index("productos_nombre").on(t.nombre, t.id),
    // the admin's product search: "contains" in the name or the brand (pg_trgm)
    index("productos_nombre_trgm").using("gin", sql`${t.nombre} gin_trgm_ops`),
    index("productos_marca_trgm").using("gin", sql`${t.marca} gin_trgm_ops`),
    index("productos_destacados")
      .on(sql`(${t.cantidad} > 0) desc`, sql`${t.createdAt} desc`, t.id)
      .where(sql`${t.publicado}`),
    uniqueIndex("productos_sku_unico").on(t.sku).where(sql`${t.sku} <> ''`),
    // related products: the category's products in stock first, then in name order (and the
    // other categories' the same way when the category has too few)
    index("productos_relacionados")
      .on(t.categoriaId, sql`(${t.cantidad} > 0) desc`, t.nombre, t.id)
      .where(sql`${t.publicado}`),
    index("productos_existencia_nombre")
      .on(sql`(${t.cantidad} > 0) desc`, t.nombre, t.id)
      .where(sql`${t.publicado}`),
  ],
);

export const productoImagenes = pgTable(
  "producto_imagenes",
  {
    id: serial().primaryKey(),
    productoId: text()
      .notNull()
      .references(() => productos.id, { onDelete: "cascade" }),
    nombre: text().notNull().default(""),
    url: text().notNull(),
    posicion: integer().notNull().default(0),
  },
  (t) => [index().on(t.productoId)],
);

export const servicios = pgTable("servicios", {
  id: text().primaryKey(),
  nombre: text().notNull(),
  slogan: text().notNull().default(""),
  descripcion: text().notNull().default(""),
  /** free-text options; when null and opcion1..3 are set, the three option blocks are shown */
  opciones: text(),
  opcion1: text(),
  opcion2: text(),
  opcion3: text(),
  url1: text(),
  url2: text(),
  url3: text(),
  urlImagen: text().notNull().default(""),
  urlInterna: text().notNull().default(""),
  /** list of { pregunta, respuesta } */
  preguntas: jsonb().$type<{ pregunta: string; respuesta: string }[]>().notNull().default([]),
  posicion: integer().notNull().default(0),
});

export const servicioImagenes = pgTable(
  "servicio_imagenes",
  {
    id: serial().primaryKey(),
    servicioId: text()
      .notNull()
      .references(() => servicios.id, { onDelete: "cascade" }),
    nombre: text().notNull().default(""),
    url: text().notNull(),
    ancho: integer(),
    alto: integer(),
    posicion: integer().notNull().default(0),
  },
  (t) => [index().on(t.servicioId)],
);

// ---------------------------------------------------------------- courses

export const cursos = pgTable("cursos", {
  id: text().primaryKey(),
  titulo: text().notNull(),
  tituloSecundario: text().notNull().default(""),
  tituloExterior: text().notNull().default(""),
  nombre: text().notNull().default(""),
  descripcion: text().notNull().default(""),
  /** present on online courses only (the spec's way to tell them apart) */
  descripcionSecundaria: text(),
  requisitos: text().notNull().default(""),
  /** centavos */
  precio: integer().notNull().default(0),
  /** centavos; shown with the regular price crossed out */
  precioDescuento: integer(),
  alumnos: text().notNull().default(""),
  horas: text().notNull().default(""),
  online: text().notNull().default(""),
  certificado: text().notNull().default(""),
  kit: text().notNull().default(""),
  video: text().notNull().default(""),
  publicado: boolean().notNull().default(false),
  /** 'online' | 'presencial' (the export spells it 'precensial') */
  tipo: text().notNull(),
  posicion: integer().notNull().default(0),
  examen: boolean().notNull().default(false),
  /** online courses: students may download each lesson's original file (ADR 048; off by default) */
  descargaVideos: boolean().notNull().default(false),
  /** months a diploma of this course is valid (null: it never expires; ADR 047) */
  vigenciaMeses: integer(),
  certificadoUrl: text().notNull().default(""),
  urlExterno: text().notNull().default(""),
  urlKit: text().notNull().default(""),
  imagenExterior: text().notNull().default(""),
  imagenInterior: text().notNull().default(""),
  fechaInicio: text().notNull().default(""),
  duracion: text().notNull().default(""),
});

export const cursoImagenes = pgTable("curso_imagenes", {
  id: serial().primaryKey(),
  cursoId: text()
    .notNull()
    .references(() => cursos.id, { onDelete: "cascade" }),
  nombre: text().notNull().default(""),
  url: text().notNull(),
  posicion: integer().notNull().default(0),
});

export const unidades = pgTable(
  "unidades",
  {
    id: text().primaryKey(),
    cursoId: text()
      .notNull()
      .references(() => cursos.id, { onDelete: "cascade" }),
    posicion: integer().notNull().default(0),
    nombre: text().notNull(),
    /** approved practice submissions the diploma needs from this unit (issue 31 item 2); 0 = none */
    practicasRequeridas: integer().notNull().default(0),
    /** what to send, shown above the upload ('Sube 3 fotos de tu práctica en látex') */
    practicaInstruccion: text().notNull().default(""),
  },
  (t) => [index().on(t.cursoId)],
);

export const unidadVideos = pgTable(
  "unidad_videos",
  {
    id: serial().primaryKey(),
    unidadId: text()
      .notNull()
      .references(() => unidades.id, { onDelete: "cascade" }),
    posicion: integer().notNull().default(0),
    titulo: text().notNull(),
    nombre: text().notNull().default(""),
    /** storage key or URL of the video; never sent to a browser that is not enrolled */
    video: text().notNull(),
    poster: text().notNull().default(""),
    descripcion: text().notNull().default(""),
  },
  (t) => [index().on(t.unidadId)],
);

/** Exam questions (preguntas). respuestaCorrecta is 1, 2 or 3 and never leaves the server. */
export const preguntas = pgTable(
  "preguntas",
  {
    id: text().primaryKey(),
    cursoId: text()
      .notNull()
      .references(() => cursos.id, { onDelete: "cascade" }),
    posicion: integer().notNull().default(0),
    pregunta: text().notNull(),
    respuesta1: text().notNull(),
    respuesta2: text().notNull(),
    respuesta3: text().notNull(),
    respuestaCorrecta: integer().notNull(),
  },
  (t) => [index().on(t.cursoId)],
);

/** A user's courses (the spec's user.cursos). */
export const inscripciones = pgTable(
  "inscripciones",
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    cursoId: text()
      .notNull()
      .references(() => cursos.id, { onDelete: "cascade" }),
    compraId: text(),
    ultimaUnidadId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cursoId] }),
    // the admin's students list, newest first: the whole order, so a page's keys come from the index alone
    index("inscripciones_recientes").on(t.createdAt, t.userId, t.cursoId),
  ],
);

/**
 * Courses the studio granted by hand from the admin area (a cash or bank-transfer sale, a
 * gift): who granted which course to whom, when and why, and, once revoked, who revoked it,
 * when and why. The enrolment itself is the `inscripciones` row (compra_id null).
 */
export const cursosOtorgados = pgTable(
  "cursos_otorgados",
  {
    id: serial().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    cursoId: text()
      .notNull()
      .references(() => cursos.id, { onDelete: "cascade" }),
    /** 'efectivo', 'transferencia', 'cortesia', 'otro' (admin/grants.server.ts) */
    motivo: text().notNull(),
    nota: text().notNull().default(""),
    /** the admin's account and her e-mail at that moment (kept if the account goes) */
    otorgadoPor: text().references(() => user.id, { onDelete: "set null" }),
    otorgadoPorCorreo: text().notNull(),
    createdAt: createdAt(),
    revocadoPor: text().references(() => user.id, { onDelete: "set null" }),
    revocadoPorCorreo: text(),
    revocadoEn: timestamp({ withTimezone: true }),
    motivoRevocacion: text(),
  },
  (t) => [index().on(t.userId), index().on(t.createdAt)],
);

export const examenIntentos = pgTable(
  "examen_intentos",
  {
    id: serial().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    cursoId: text()
      .notNull()
      .references(() => cursos.id, { onDelete: "cascade" }),
    correctas: integer().notNull(),
    total: integer().notNull(),
    /** score × 100 (83.33 is stored as 8333) */
    calificacion: integer().notNull(),
    /** the paper's single-use id (school/exam.server.ts): a second grading of it is refused */
    intento: text().unique(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.cursoId)],
);

/**
 * A diploma exists only once earned; its id is the verification code printed on the PDF. It
 * keeps the student's name and the course's title as they were when it was issued: the PDF
 * and the public check show those, whatever is renamed later.
 */
export const diplomas = pgTable(
  "diplomas",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    cursoId: text()
      .notNull()
      .references(() => cursos.id, { onDelete: "cascade" }),
    /** the student's name when issued */
    nombre: text().notNull(),
    /** the course's title when issued (migration 0003 filled older rows from `cursos`) */
    cursoTitulo: text().notNull().default(""),
    emitidoEn: createdAt(),
    /** when it stops being valid, fixed at issue from the course's vigencia (null: never; ADR 047) */
    venceEn: timestamp({ withTimezone: true }),
    /** revoked by the studio: who, when and why (the public check then says 'Revocado') */
    revocadoEn: timestamp({ withTimezone: true }),
    revocadoPor: text().references(() => user.id, { onDelete: "set null" }),
    revocadoPorCorreo: text(),
    motivoRevocacion: text(),
  },
  (t) => [uniqueIndex().on(t.userId, t.cursoId)],
);

// ---------------------------------------------------------------- reviews and favourites

/** Reviews (comentarios) of a product or a course. */
export const comentarios = pgTable(
  "comentarios",
  {
    id: serial().primaryKey(),
    productoId: text().references(() => productos.id, { onDelete: "cascade" }),
    cursoId: text().references(() => cursos.id, { onDelete: "cascade" }),
    userId: text().references(() => user.id, { onDelete: "set null" }),
    nombre: text().notNull(),
    comentarios: text().notNull(),
    calificacion: integer().notNull(),
    fecha: createdAt(),
    /** hidden by the studio from the admin: not shown, not counted in the average */
    oculto: boolean().notNull().default(false),
  },
  (t) => [
    index().on(t.productoId),
    index().on(t.cursoId),
    // One review per user and product (or course): posting again edits it (reviews/reviews.server.ts).
    uniqueIndex("comentarios_usuario_producto").on(t.userId, t.productoId),
    uniqueIndex("comentarios_usuario_curso").on(t.userId, t.cursoId),
    check("comentarios_calificacion_1_5", sql`${t.calificacion} between 1 and 5`),
  ],
);

export const favoritos = pgTable(
  "favoritos",
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productoId: text()
      .notNull()
      .references(() => productos.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productoId] })],
);

// ---------------------------------------------------------------- promotions and shipping

/**
 * The optional rules of a discount code (issue 28, ~/domain/discount-rules): calendar days
 * in the studio, both included; limits in orders; a minimum in centavos before any code.
 * Null is "no rule". `usos` counts the orders written with the code (shop/redemptions.server.ts).
 */
const reglasCodigo = () => ({
  vigenteDesde: date({ mode: "string" }),
  vigenteHasta: date({ mode: "string" }),
  limiteUsos: integer(),
  limitePorCliente: integer(),
  montoMinimo: integer(),
  usos: integer().notNull().default(0),
});

export const promociones = pgTable(
  "promociones",
  {
    id: text().primaryKey(),
    codigo: text().notNull(),
    productoId: text()
      .notNull()
      .references(() => productos.id, { onDelete: "cascade" }),
    /** percent 1..100 */
    descuento: integer().notNull(),
    activo: boolean().notNull().default(true),
    ...reglasCodigo(),
  },
  // A code is one code whatever its case (app/domain/codes.ts): unique per product ignoring case.
  (t) => [uniqueIndex("promociones_codigo_producto_unico").on(sql`lower(${t.codigo})`, t.productoId)],
);

export const promocionesCursos = pgTable(
  "promociones_cursos",
  {
    id: text().primaryKey(),
    codigo: text().notNull(),
    cursoId: text()
      .notNull()
      .references(() => cursos.id, { onDelete: "cascade" }),
    /** percent 1..100 */
    descuento: integer().notNull(),
    activo: boolean().notNull().default(true),
    ...reglasCodigo(),
  },
  (t) => [uniqueIndex("promociones_cursos_codigo_curso_unico").on(sql`lower(${t.codigo})`, t.cursoId)],
);

/**
 * Whole-order codes (issue 28): a percent off the products' subtotal after the line codes,
 * shipping not discounted; one per order. Unique ignoring case.
 */
export const codigosPedido = pgTable(
  "codigos_pedido",
  {
    id: text().primaryKey(),
    codigo: text().notNull(),
    /** percent 1..100 */
    descuento: integer().notNull(),
    activo: boolean().notNull().default(true),
    ...reglasCodigo(),
  },
  (t) => [uniqueIndex("codigos_pedido_codigo_unico").on(sql`lower(${t.codigo})`)],
);

/**
 * One order's use of a code, written in the order's own transaction: what the per-client
 * limit counts, and what a released (expired OXXO/SPEI) order gives back.
 */
export const canjesCodigos = pgTable(
  "canjes_codigos",
  {
    id: serial().primaryKey(),
    /** 'producto' (promociones), 'curso' (promociones_cursos) or 'pedido' (codigos_pedido) */
    tipo: text().notNull(),
    promocionId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    compraId: text()
      .notNull()
      .references(() => compras.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.tipo, t.promocionId, t.userId), index().on(t.compraId)],
);

/** Shipping bands (the spec's envios.estandar): 7 prices in centavos by item-count bracket. */
export const bandasEnvio = pgTable("bandas_envio", {
  id: serial().primaryKey(),
  gramosMinimos: integer().notNull(),
  gramosMaximos: integer().notNull(),
  cantidad: integer().notNull().default(0),
  precios: integer().array().notNull(),
});

/** Studio settings edited from the admin area: shipping state, 'Aviso' window, promotions. */
export const ajustes = pgTable("ajustes", {
  clave: text().primaryKey(),
  valor: jsonb().notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- cart, payments, orders

export const carritos = pgTable("carritos", {
  id: text().primaryKey(),
  userId: text().references(() => user.id, { onDelete: "set null" }),
  /** a whole-order code (codigos_pedido) the shopper entered */
  codigoPedido: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const carritoLineas = pgTable(
  "carrito_lineas",
  {
    carritoId: text()
      .notNull()
      .references(() => carritos.id, { onDelete: "cascade" }),
    productoId: text()
      .notNull()
      .references(() => productos.id, { onDelete: "cascade" }),
    cantidad: integer().notNull(),
    /** a code from promociones applied to this line */
    codigoDescuento: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.carritoId, t.productoId] })],
);

/**
 * A payment the server asked a provider for: the exact lines, amounts and addresses it
 * priced, so that the order written on confirmation is the one that was charged.
 */
export const pagos = pgTable(
  "pagos",
  {
    /** the provider's payment id (Stripe PaymentIntent id, demo id, ...) */
    id: text().primaryKey(),
    proveedor: text().notNull(),
    /** the buyer; null only for an appointment's deposit paid without an account (detalle.tipo "anticipo") */
    userId: text().references(() => user.id, { onDelete: "cascade" }),
    carritoId: text(),
    /** centavos */
    monto: integer().notNull(),
    moneda: text().notNull().default("mxn"),
    /** one of PAGO_ESTADO (payments/provider.server.ts): pendiente, autorizado, por-capturar, pagado, cancelado, fallido, requiere-reembolso */
    estado: text().notNull().default("pendiente"),
    detalle: jsonb().notNull(),
    compraId: text(),
    /** tarjeta, oxxo or spei (~/domain/payment-methods) */
    metodo: text().notNull().default("tarjeta"),
    /** OXXO / SPEI: until when the voucher or transfer can be paid */
    vence: timestamp({ withTimezone: true, precision: 3 }),
    /** OXXO / SPEI: the voucher number or the CLABE and reference (InstruccionesPago) */
    instrucciones: jsonb(),
    /** OXXO / SPEI: when the reminder mail went out (sent once) */
    recordatorio: timestamp({ withTimezone: true, precision: 3 }),
    /**
     * SPEI through Stripe: the provider's customer whose cash balance receives the transfer
     * (late, short or excess money stays there; payments/cash-balance.server.ts, ADR 033).
     * The payment and the refund-queue entries made from that balance share it.
     */
    clienteProveedor: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId), index().on(t.estado, t.vence), index().on(t.clienteProveedor)],
);

/**
 * Money given back through the provider (issue 28; payments/refunds.server.ts): one row per
 * refund, written `pendiente` before the provider is asked (its id is the idempotency key),
 * `hecho` once the provider answered. A payment's refunds never add up to more than it took.
 */
export const reembolsos = pgTable(
  "reembolsos",
  {
    id: text().primaryKey(),
    /** the payment it gives back (no foreign key: the ledger keeps it when an account is erased) */
    pagoId: text().notNull(),
    /** the order it belongs to, when the payment paid for one */
    compraId: text(),
    /** centavos, > 0 */
    monto: integer().notNull(),
    motivo: text().notNull(),
    /** pendiente (the provider not asked or not answered yet), hecho */
    estado: text().notNull().default("pendiente"),
    /** the provider's refund id */
    referencia: text(),
    /** how many times the provider was asked (each attempt has its own idempotency key) */
    intentos: integer().notNull().default(0),
    /** the admin who asked for it */
    solicitadoPor: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.pagoId), index().on(t.compraId), index().on(t.estado, t.createdAt)],
);

/** Purchases (the spec's compras). */
export const compras = pgTable(
  "compras",
  {
    /** the purchase identifier shown to the buyer (id_compra) */
    id: text().primaryKey(),
    compradorId: text()
      .notNull()
      .references(() => user.id),
    fecha: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** centavos, shipping included */
    total: integer().notNull(),
    envio: integer().notNull().default(0),
    curso: boolean().notNull().default(false),
    estadoEnvio: integer().notNull().default(0),
    /** the carrier and tracking number the studio entered (shown in /mis-compras) */
    paqueteria: text().notNull().default(""),
    guia: text().notNull().default(""),
    datosEnvio: jsonb().$type<Record<string, string>>(),
    datosContacto: jsonb().$type<{ correo: string; telefono: string }>(),
    /** one order per provider payment, whichever of browser return or webhook arrives first */
    pagoId: text().notNull().unique(),
    proveedor: text().notNull(),
    /** pagado, pendiente (OXXO/SPEI not paid yet, stock held) or vencido (ESTADO_PAGO, ~/domain/order-status) */
    estadoPago: text().notNull().default("pagado"),
    /** tarjeta, oxxo or spei */
    metodo: text().notNull().default("tarjeta"),
    /** card in meses sin intereses: the plan's months (the total is the same) */
    meses: integer(),
    /** a whole-order code (codigos_pedido) and the centavos it took off the products (total = lines − descuento + envío) */
    codigoDescuento: text(),
    descuento: integer().notNull().default(0),
  },
  (t) => [
    index().on(t.compradorId, t.fecha),
    // the admin's order list, newest first, all of them or by shipping state
    index("compras_recientes").on(t.fecha, t.id),
    index("compras_estado_recientes").on(t.estadoEnvio, t.fecha, t.id).where(sql`not ${t.curso}`),
    // the admin's order search: "contains" in the id and the contact e-mail (pg_trgm)
    index("compras_id_trgm").using("gin", sql`${t.id} gin_trgm_ops`),
    index("compras_correo_trgm").using("gin", sql`(${t.datosContacto}->>'correo') gin_trgm_ops`),
  ],
);

/**
 * How many orders there are per calendar month (UTC), course or not, and shipping state, kept
 * by triggers on `compras` (migration 0015): the admin's order list reads its totals here
 * instead of counting 100,000 rows, and finds the month a far page starts in, so it skips at
 * most one month of the index instead of every order newer than the page (ADR 020). Rows are
 * deltas, summed when read: each statement on `compras` appends its own, so writers never
 * wait on one another's counter rows, and a reader sees exactly the orders of its snapshot.
 * `compactOrderCounters` folds them back into one row per key now and then.
 */
export const comprasPorMes = pgTable("compras_por_mes", {
  /** the month's first instant in UTC: date_trunc('month', fecha, 'UTC') */
  mes: timestamp({ withTimezone: true }).notNull(),
  curso: boolean().notNull(),
  estadoEnvio: integer().notNull(),
  n: integer().notNull(),
});

/** Purchase lines (the spec's compras.porductos). */
export const compraLineas = pgTable(
  "compra_lineas",
  {
    id: serial().primaryKey(),
    compraId: text()
      .notNull()
      .references(() => compras.id, { onDelete: "cascade" }),
    productoId: text().references(() => productos.id, { onDelete: "set null" }),
    cursoId: text().references(() => cursos.id, { onDelete: "set null" }),
    url: text().notNull().default(""),
    nombre: text().notNull(),
    /** unit price charged, centavos */
    precio: integer().notNull(),
    /** unit price before a discount code, centavos */
    precioOriginal: integer().notNull(),
    codigoDescuento: text(),
    cantidad: integer().notNull(),
  },
  (t) => [index().on(t.compraId)],
);

/**
 * An order's guía (shipping label) bought from the shipping provider (Envia.com, ADR 036),
 * one per order. The quote is kept here so the purchase buys a rate the server saw, and the
 * purchase is written BEFORE the provider is called (`comprando`, with its idempotency key
 * `clave`), so a time-out is retried with the same key by a durable job, never bought twice.
 *
 *   cotizada ──buy──► comprando ──provider ok──► comprada
 *      ▲                  │
 *      └──── refused ─────┘ (fallida: quote again)
 */
export const guias = pgTable("guias", {
  compraId: text()
    .primaryKey()
    .references(() => compras.id, { onDelete: "cascade" }),
  /** envia or demo */
  proveedor: text().notNull(),
  /** cotizada, comprando, comprada, fallida */
  estado: text().notNull().default("cotizada"),
  /** the rates of the last quote: [{ id, paqueteria, servicio, descripcion, precio (centavos), dias }] */
  tarifas: jsonb().$type<TarifaGuardada[]>().notNull().default([]),
  /** the package quoted: grams and centimetres */
  paquete: jsonb().$type<{ peso: number; largo: number; ancho: number; alto: number }>(),
  /** the rate being bought or bought */
  tarifa: jsonb().$type<TarifaGuardada>(),
  /** the idempotency key of the purchase: the same on every retry of one purchase */
  clave: text().unique(),
  /** how many purchase attempts were made */
  intentos: integer().notNull().default(0),
  /** an attempt in progress until then (another caller waits) */
  intentoHasta: timestamp({ withTimezone: true, precision: 3 }),
  /** the provider's shipment id, the tracking number, its carrier's tracking page */
  envioId: text(),
  guia: text(),
  urlRastreo: text(),
  /** the label's PDF in the private storage area */
  archivo: text(),
  /** centavos the label cost */
  costo: integer(),
  /** the provider's last refusal (Spanish), shown to the studio */
  error: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index("guias_guia").on(t.guia)]);

export type TarifaGuardada = {
  id: string;
  paqueteria: string;
  servicio: string;
  descripcion: string;
  /** centavos */
  precio: number;
  dias: string;
};

// ---------------------------------------------------------------- invoices (CFDI, ADR 022)

/** A client's fiscal data, remembered for the next Factura (one row per user). */
export const datosFiscales = pgTable("datos_fiscales", {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  rfc: text().notNull(),
  razonSocial: text().notNull(),
  regimen: text().notNull(),
  uso: text().notNull(),
  codigoPostal: text().notNull(),
  updatedAt: updatedAt(),
});

/**
 * What a stamped CFDI keeps, for an order's invoice and the month's global one alike: its
 * state, who stamps it ('facturapi' | 'demo') and the provider's id, the folio fiscal (the UUID
 * the SAT stamped; the demo's is made up), serie and folio, and the idempotency key sent to the
 * provider (the same on every retry).
 */
const timbre = () => ({
  estado: text().notNull().default("emitiendo"),
  proveedor: text().notNull(),
  proveedorId: text(),
  uuid: text(),
  serie: text().notNull().default(""),
  folio: text().notNull().default(""),
  clave: text().notNull(),
});

/**
 * An invoice (CFDI) of an order. 'emitiendo' while the provider is asked (the claim that
 * makes a second click wait), 'vigente' once stamped, 'cancelada' after the SAT accepted the
 * cancellation. At most one row per order that is not cancelled (the partial unique index).
 */
export const facturas = pgTable(
  "facturas",
  {
    id: text().primaryKey(),
    compraId: text()
      .notNull()
      .references(() => compras.id),
    userId: text()
      .notNull()
      .references(() => user.id),
    /** 'emitiendo' | 'vigente' | 'cancelada' */
    ...timbre(),
    rfc: text().notNull(),
    razonSocial: text().notNull(),
    regimen: text().notNull(),
    uso: text().notNull(),
    codigoPostal: text().notNull(),
    correo: text().notNull(),
    formaPago: text().notNull(),
    /** centavos, as the order's total */
    total: integer().notNull(),
    createdAt: createdAt(),
    emitidaEn: timestamp({ withTimezone: true }),
    canceladaEn: timestamp({ withTimezone: true }),
    motivoCancelacion: text(),
    sustitucion: text(),
    /** who asked for the cancellation: 'admin' (/admin/facturas) or 'compra-cancelada' (the order was cancelled: motive 03) */
    cancelacionOrigen: text(),
    /** when it was asked (written before the provider is called) */
    cancelacionSolicitadaEn: timestamp({ withTimezone: true }),
    /** Facturapi's cancellation_status as last read: pending, accepted, rejected, expired (its webhook moves it) */
    cancelacionEstado: text(),
    cancelacionRevisadaEn: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("facturas_una_activa_por_compra").on(t.compraId).where(sql`${t.estado} <> 'cancelada'`),
    index().on(t.userId),
    index().on(t.createdAt),
  ],
);

/**
 * The studio's monthly global invoices (issue 28; invoicing/global.server.ts): every paid order
 * of a month that has no invoice of its own, one CFDI to "PUBLICO EN GENERAL" per month and
 * payment form. The row is written ('emitiendo', with its orders) before the provider is asked;
 * (mes, forma_pago) is unique, so two runs never issue two invoices for the same month and form.
 */
export const facturasGlobales = pgTable(
  "facturas_globales",
  {
    id: text().primaryKey(),
    /** 'YYYY-MM', the studio month it covers */
    mes: text().notNull(),
    /** c_FormaPago: 01, 03, 04 or 28 */
    formaPago: text().notNull(),
    /** 'emitiendo' | 'vigente' | 'fallida' */
    ...timbre(),
    /** centavos: the sum of its orders' totals */
    total: integer().notNull(),
    /** how many orders it covers */
    compras: integer().notNull(),
    /** why the last attempt failed (shown in admin) */
    error: text(),
    intentos: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    emitidaEn: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("facturas_globales_mes_forma").on(t.mes, t.formaPago)],
);

/** The orders a global invoice covers: an order is in at most one (its primary key). */
export const facturasGlobalesCompras = pgTable(
  "facturas_globales_compras",
  {
    compraId: text()
      .primaryKey()
      .references(() => compras.id),
    facturaGlobalId: text()
      .notNull()
      .references(() => facturasGlobales.id),
  },
  (t) => [index().on(t.facturaGlobalId)],
);

/**
 * How each refund of an order shows in the CFDI (issue 28; invoicing/credit-notes.server.ts),
 * one row per refund (its primary key is the refund's id: once per refund):
 * - 'espera': no CFDI covers the order yet (the invoice or the month's global one will);
 * - 'neto': the monthly global invoice carried the order net of it;
 * - 'cancelacion': the order was cancelled and its own CFDI is being cancelled (motive 03);
 * - a CFDI de egreso (nota de crédito, TipoRelacion 01) related to the order's invoice or to the
 *   global one: 'emitiendo' (written before the provider is asked, its key fixed), 'vigente',
 *   'fallida' (the job retries).
 */
export const notasCredito = pgTable(
  "notas_credito",
  {
    /** the refund's id (reembolsos.id) */
    reembolsoId: text().primaryKey(),
    compraId: text().notNull(),
    /** 'espera' | 'neto' | 'cancelacion' | 'emitiendo' | 'vigente' | 'fallida' */
    ...timbre(),
    /** the related CFDI: the order's invoice, or the global invoice it went into */
    facturaId: text(),
    facturaGlobalId: text(),
    uuidRelacionado: text(),
    /** centavos given back, with IVA, and its split (base + iva = monto) */
    monto: integer().notNull(),
    base: integer().notNull().default(0),
    iva: integer().notNull().default(0),
    /** c_FormaPago of the money given back */
    formaPago: text().notNull().default(""),
    intentos: integer().notNull().default(0),
    error: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    emitidaEn: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.compraId), index().on(t.facturaId), index().on(t.facturaGlobalId), index().on(t.estado)],
);

// ---------------------------------------------------------------- visits

/** A client's visit (codigosVisitas): id and code are random, never sequential. */
export const visitas = pgTable(
  "visitas",
  {
    id: text().primaryKey(),
    codigo: text().notNull().unique(),
    clienta: text().notNull(),
    createdAt: createdAt(),
    /**
     * The appointment this visit belongs to (the client record, ADR 041): the visit is dated by
     * it and shown in her record. Null for imported visits not linked yet.
     */
    citaId: text().references((): AnyPgColumn => citas.id, { onDelete: "set null" }),
  },
  // a studio's visits stay in the thousands: the admin's search reads the table (1.6 ms on
  // PostgreSQL for 2,000), where trigram indexes would not be used (docs/benchmarks.md)
  (t) => [index("visitas_recientes").on(t.createdAt), index("visitas_cita").on(t.citaId)],
);

export const visitaFotos = pgTable(
  "visita_fotos",
  {
    id: serial().primaryKey(),
    visitaId: text()
      .notNull()
      .references(() => visitas.id, { onDelete: "cascade" }),
    /** 'antes' | 'despues' */
    tipo: text().notNull(),
    url: text().notNull(),
    posicion: integer().notNull().default(0),
  },
  (t) => [index().on(t.visitaId)],
);

// ---------------------------------------------------------------- accounts brought from the old site

/**
 * Accounts the importer brought from the original site (Firebase Authentication and the
 * `user` collection). One that arrived without a password hash gets a 'Crea tu contraseña'
 * mail on its first email log-in attempt; `correoContrasenaEn` is when that mail last went
 * out (one per link lifetime). See app/server/account/migrated-accounts.server.ts.
 */
export const cuentasImportadas = pgTable("cuentas_importadas", {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  origen: text().notNull().default("firebase"),
  importadaEn: createdAt(),
  correoContrasenaEn: timestamp({ withTimezone: true }),
});

// ---------------------------------------------------------------- rendered-page cache

/**
 * One row whose `version` goes up when a transaction that wrote any table shown on public
 * pages commits (triggers in migration `page_cache_triggers`, ADR 015). Every app instance
 * reads it before serving a cached page (app/server/http/page-cache.server.ts).
 */
export const cacheVersion = pgTable(
  "cache_version",
  {
    id: integer().primaryKey().default(1),
    version: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [check("cache_version_una_fila", sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------- scheduled jobs

/**
 * Durable scheduled jobs (app/server/jobs.server.ts, ADR 023): a voucher's expiry, a reminder
 * mail. One row per `clave` (scheduling the same job twice keeps one); a job is claimed with
 * FOR UPDATE SKIP LOCKED, so with several app instances each job runs in one of them, and a
 * claim that outlives `bloqueadaHasta` (the process died) is taken again after a restart.
 */
export const tareas = pgTable(
  "tareas",
  {
    id: serial().primaryKey(),
    tipo: text().notNull(),
    clave: text().notNull().unique(),
    ejecutarEn: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    datos: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** pendiente, en-curso, hecha, fallida, cancelada */
    estado: text().notNull().default("pendiente"),
    intentos: integer().notNull().default(0),
    error: text(),
    bloqueadaHasta: timestamp({ withTimezone: true, precision: 3 }),
    hechaEn: timestamp({ withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [index("tareas_pendientes").on(t.estado, t.ejecutarEn)],
);

/**
 * The mail outbox (ADR 028): every mail the site sends is a row here first, written in the
 * transaction of the thing it announces where there is one, then delivered by
 * app/server/mail.server.ts (at once after the commit, and by the job runner's retries).
 * `ultimoError` holds the SMTP code and command only, never an address or a body.
 */
export const correos = pgTable(
  "correos",
  {
    id: serial().primaryKey(),
    para: text().notNull(),
    asunto: text().notNull(),
    html: text().notNull(),
    texto: text().notNull(),
    responderA: text(),
    /** [{ filename, contentType?, content: base64 }]: an invoice's PDF and XML, an .ics */
    adjuntos: jsonb().$type<{ filename: string; contentType?: string; content: string }[]>().notNull().default([]),
    /** the Message-ID header, the same on every attempt: a receiver may drop a repeat */
    messageId: text().notNull().unique(),
    /** pendiente, enviando (claimed by one process until bloqueadoHasta), enviado, fallido */
    estado: text().notNull().default("pendiente"),
    intentos: integer().notNull().default(0),
    siguienteIntento: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    bloqueadoHasta: timestamp({ withTimezone: true, precision: 3 }),
    ultimoIntento: timestamp({ withTimezone: true, precision: 3 }),
    ultimoError: text(),
    createdAt: createdAt(),
    enviadoEn: timestamp({ withTimezone: true, precision: 3 }),
    /**
     * What the mail announces, when it must go at most once (ADR 036): 'estudio:compra:{id}',
     * 'envio:{compra}:{estado}:{guia}'… A second queueing with the same key writes nothing.
     */
    clave: text().unique(),
  },
  (t) => [index("correos_por_enviar").on(t.estado, t.siguienteIntento)],
);

// ---------------------------------------------------------------- WhatsApp (issue 30, ADR 039)

/**
 * A client message sent by WhatsApp (app/server/messages/messages.server.ts): an approved
 * template and its parameters, the mail it falls back to (same shape as a `correos` row's), and
 * what WhatsApp said of it. `clave` makes it once, like `correos.clave`; the fallback mail is
 * queued with the same clave. Estado: pendiente → enviando → enviado → entregado → leido, or
 * fallido (the mail went instead, `correoId`).
 */
export const mensajes = pgTable(
  "mensajes",
  {
    id: serial().primaryKey(),
    clave: text().unique(),
    /** the recipient's number, digits with the country code (5213312345678 → 523312345678) */
    telefono: text().notNull(),
    plantilla: text().notNull(),
    parametros: jsonb().$type<string[]>().notNull().default([]),
    /** the fallback mail: { to, subject, html, text, replyTo?, attachments? (base64) } */
    correo: jsonb()
      .$type<{
        to: string;
        subject: string;
        html: string;
        text: string;
        replyTo?: string;
        attachments?: { filename: string; contentType?: string; content: string }[];
      }>()
      .notNull(),
    /** pendiente, enviando, enviado, entregado, leido, fallido */
    estado: text().notNull().default("pendiente"),
    /** whatsapp, demo (recorded only) */
    proveedor: text().notNull().default("whatsapp"),
    /** WhatsApp's message id (wamid…), which its status webhook names */
    proveedorId: text().unique(),
    intentos: integer().notNull().default(0),
    siguienteIntento: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    bloqueadoHasta: timestamp({ withTimezone: true, precision: 3 }),
    /** the provider's error code and title, never a number or a text */
    ultimoError: text(),
    /** the fallback mail's row when WhatsApp failed */
    correoId: integer(),
    createdAt: createdAt(),
    enviadoEn: timestamp({ withTimezone: true, precision: 3 }),
    entregadoEn: timestamp({ withTimezone: true, precision: 3 }),
    leidoEn: timestamp({ withTimezone: true, precision: 3 }),
    fallidoEn: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [index("mensajes_por_enviar").on(t.estado, t.siguienteIntento), index().on(t.createdAt)],
);

/**
 * A phone number's consent to WhatsApp messages (the booking form's checkbox, Mi perfil): the
 * exact text she agreed to and when; a withdrawal (Mi perfil, or "BAJA" answered on WhatsApp)
 * keeps the row with `bajaEn`. One row per number.
 */
export const whatsappConsentimientos = pgTable("whatsapp_consentimientos", {
  telefono: text().primaryKey(),
  userId: text().references(() => user.id, { onDelete: "set null" }),
  acepta: boolean().notNull(),
  texto: text().notNull(),
  aceptadoEn: timestamp({ withTimezone: true, precision: 3 }).notNull(),
  bajaEn: timestamp({ withTimezone: true, precision: 3 }),
  /** reserva, perfil, whatsapp (a BAJA reply) */
  origen: text().notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- booking (issue 15)

/**
 * What a client can book: a service, or one of its options (Microblading, Híbridas, Ombré…),
 * with its length, price and deposit. The in-person courses are not booked here.
 */
export const tratamientos = pgTable(
  "tratamientos",
  {
    id: text().primaryKey(),
    servicioId: text()
      .notNull()
      .references(() => servicios.id, { onDelete: "cascade" }),
    nombre: text().notNull(),
    /** minutes */
    duracion: integer().notNull(),
    /** centavos */
    precio: integer().notNull(),
    /** centavos, paid when booking; 0: nothing to pay ahead */
    anticipo: integer().notNull().default(0),
    requiereConsentimiento: boolean().notNull().default(false),
    /** the retoque (touch-up) window after a session, in days (30–45), or null: no retoque */
    retoqueDesde: integer(),
    retoqueHasta: integer(),
    /** centavos */
    precioRetoque: integer(),
    /** minutes the retoque takes (null: the treatment's) */
    duracionRetoque: integer(),
    /**
     * the patch test (prueba de pigmento) booked before the first session: a short treatment's
     * id, or null: none (issue 30; rule: domain/patch-test.ts)
     */
    pruebaTratamientoId: text(),
    /** hours at least between the patch test's start and the first session */
    pruebaHoras: integer().notNull().default(48),
    activo: boolean().notNull().default(true),
    posicion: integer().notNull().default(0),
  },
  (t) => [index().on(t.servicioId)],
);

/**
 * An appointment. `inicio`–`ocupaHasta` (the session plus the buffer after it) is the time it
 * takes from the agenda: the exclusion constraint `citas_sin_empalmes` (migration) refuses two
 * live appointments whose times overlap, whatever the code above it does. A slot being paid
 * is `apartada` until `apartadaHasta`; expired holds are set `vencida` before any insert.
 */
export const citas = pgTable(
  "citas",
  {
    id: text().primaryKey(),
    tratamientoId: text()
      .notNull()
      .references(() => tratamientos.id),
    /** the account that booked, when logged in */
    userId: text().references(() => user.id, { onDelete: "set null" }),
    nombre: text().notNull(),
    telefono: text().notNull(),
    correo: text().notNull(),
    inicio: timestamp({ withTimezone: true }).notNull(),
    /** the end of the session */
    fin: timestamp({ withTimezone: true }).notNull(),
    /** the end of the session plus the buffer before the next one */
    ocupaHasta: timestamp({ withTimezone: true }).notNull(),
    /** apartada, confirmada, atendida, no-asistio, cancelada, vencida */
    estado: text().notNull().default("apartada"),
    apartadaHasta: timestamp({ withTimezone: true }),
    /**
     * a web hold's client address, as a keyed hash (booking/hold-limit.server.ts: the limit of
     * open holds per IP); never the address itself, never logged, cleared when the hold ends
     */
    apartadaIp: text(),
    /** centavos: the price and deposit when booked (the treatment's may change later) */
    precio: integer().notNull(),
    anticipo: integer().notNull().default(0),
    /** the deposit's payment (`pagos.id`) */
    pagoId: text(),
    esRetoque: boolean().notNull().default(false),
    /** the session this retoque follows */
    citaOrigenId: text(),
    /** the health and consent form's answers, as signed */
    consentimiento: jsonb().$type<Record<string, unknown>>(),
    /** the signed consent record that covers it (`consentimientos.id`, issue 30); null on older rows */
    consentimientoId: text(),
    /** a secret for the self-service link in the mails (reschedule, cancel) */
    token: text().notNull().unique(),
    /** phone booking, notes... */
    origen: text().notNull().default("web"),
    notas: text().notNull().default(""),
    canceladaEn: timestamp({ withTimezone: true }),
    /** when the 24 h reminder went out (the job's guard: set once, in the transaction that mails) */
    recordatorioEnviado: timestamp({ withTimezone: true }),
    /** the start time that reminder was for: a moved appointment gets its own reminder */
    recordatorioPara: timestamp({ withTimezone: true }),
    /** when the invitation to book the retoque went out (same guard) */
    retoqueInvitado: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.inicio), index().on(t.userId), index().on(t.correo)],
);

/** Times the studio does not take appointments: holidays, block-outs, a break on one day. */
export const agendaBloqueos = pgTable(
  "agenda_bloqueos",
  {
    id: serial().primaryKey(),
    inicio: timestamp({ withTimezone: true }).notNull(),
    fin: timestamp({ withTimezone: true }).notNull(),
    /** festivo, bloqueo */
    tipo: text().notNull().default("bloqueo"),
    motivo: text().notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.inicio), check("agenda_bloqueos_orden", sql`${t.fin} > ${t.inicio}`)],
);

// ---------------------------------------------------------------- signed consent (issue 30)

/**
 * Every version of the consent text (content/agenda/consentimiento.md) that was ever signed,
 * kept as shown: a signature is always shown with its exact text after the file changes.
 * `hash` is the SHA-256 of that text (domain/consent.ts versionHashText).
 */
export const consentimientoVersiones = pgTable("consentimiento_versiones", {
  id: serial().primaryKey(),
  /** the file's `version:` (2026-11) */
  version: text().notNull(),
  hash: text().notNull().unique(),
  titulo: text().notNull(),
  preguntas: jsonb().$type<{ id: string; texto: string; solo?: string | null }[]>().notNull(),
  declaracionHtml: text().notNull(),
  createdAt: createdAt(),
});

/**
 * A signed consent (booking/consent.server.ts): who, on which version, the answers, the
 * signature (typed name and, when drawn, its SVG path), when and from which IP, and a SHA-256
 * over version hash + answers + signature + time. The artist's countersignature is added on
 * the day. Health data: never on a cached page, never logged.
 */
export const consentimientos = pgTable(
  "consentimientos",
  {
    id: text().primaryKey(),
    /** the appointment it was signed for */
    citaId: text().references(() => citas.id, { onDelete: "set null" }),
    userId: text().references(() => user.id, { onDelete: "set null" }),
    nombre: text().notNull(),
    correo: text().notNull(),
    versionId: integer()
      .notNull()
      .references(() => consentimientoVersiones.id),
    respuestas: jsonb().$type<{ id: string; pregunta: string; respuesta: "si" | "no"; detalle: string }[]>().notNull(),
    firmaNombre: text().notNull(),
    /** the drawn signature (domain/consent.ts format), or null: signed by typing the name */
    firmaTrazo: text(),
    firmadoEn: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    ip: text(),
    hash: text().notNull(),
    /** the artist who countersigned, and when */
    especialistaId: text().references(() => user.id, { onDelete: "set null" }),
    especialistaNombre: text(),
    contrafirmadoEn: timestamp({ withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId), index().on(t.correo), index().on(t.citaId)],
);

/**
 * The artist's notes of one session (the client record, ADR 041): technique, pigment, needle
 * and free notes, one row per appointment, written from /admin/clientas/{id}.
 */
export const citaNotas = pgTable("cita_notas", {
  citaId: text()
    .primaryKey()
    .references(() => citas.id, { onDelete: "cascade" }),
  tecnica: text().notNull().default(""),
  pigmento: text().notNull().default(""),
  aguja: text().notNull().default(""),
  notas: text().notNull().default(""),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- waitlist and aftercare (issue 30)

/**
 * A client waiting for a treatment on a day in `desde`–`hasta` (studio calendar days), in the
 * morning, the afternoon or any time (`franja` null). A freed slot is offered to the oldest
 * matching entry first (booking/waitlist.server.ts). esperando, agendada, retirada, vencida.
 */
export const listaEspera = pgTable(
  "lista_espera",
  {
    id: text().primaryKey(),
    tratamientoId: text()
      .notNull()
      .references(() => tratamientos.id, { onDelete: "cascade" }),
    userId: text().references(() => user.id, { onDelete: "set null" }),
    nombre: text().notNull(),
    telefono: text().notNull(),
    correo: text().notNull(),
    desde: date({ mode: "string" }).notNull(),
    hasta: date({ mode: "string" }).notNull(),
    /** manana, tarde, or null: any time */
    franja: text(),
    estado: text().notNull().default("esperando"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("lista_espera_fila").on(t.estado, t.createdAt), index().on(t.correo)],
);

/**
 * A freed slot offered to one waitlist entry: held for her until `expiraEn` (30 minutes),
 * claimed by its link (`token`) at most once (a conditional update: ofrecida → reclamada).
 * One live offer per start time, one offer per entry and start (unique indexes).
 * ofrecida, reclamada, vencida.
 */
export const ofertasEspera = pgTable(
  "ofertas_espera",
  {
    id: serial().primaryKey(),
    entradaId: text()
      .notNull()
      .references(() => listaEspera.id, { onDelete: "cascade" }),
    tratamientoId: text()
      .notNull()
      .references(() => tratamientos.id, { onDelete: "cascade" }),
    inicio: timestamp({ withTimezone: true }).notNull(),
    /** the session plus the buffer: the time the offer keeps out of the public calendar */
    ocupaHasta: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    estado: text().notNull().default("ofrecida"),
    expiraEn: timestamp({ withTimezone: true }).notNull(),
    /** the appointment the claim made */
    citaId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ofertas_espera_entrada_inicio").on(t.entradaId, t.inicio),
    uniqueIndex("ofertas_espera_una_viva").on(t.inicio).where(sql`${t.estado} = 'ofrecida'`),
    index("ofertas_espera_vivas").on(t.estado, t.expiraEn),
  ],
);

/**
 * A healing photo the client sent from an aftercare check-in's signed link (days 1, 7, 21):
 * private storage ('private:{key}'), shown only to her (the same link) and to the studio.
 */
export const cuidadosFotos = pgTable(
  "cuidados_fotos",
  {
    id: serial().primaryKey(),
    citaId: text()
      .notNull()
      .references(() => citas.id, { onDelete: "cascade" }),
    dia: integer().notNull(),
    ref: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.citaId)],
);

// ---------------------------------------------------------------- practice work (issue 31 item 2, ADR 045)

/**
 * A student's practice submission for one unit: her note and photos (practicaFotos), and the
 * instructor's verdict: 'pendiente' until reviewed, then 'aprobada' or 'repetir' with a comment.
 */
export const practicaEntregas = pgTable(
  "practica_entregas",
  {
    id: serial().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    cursoId: text()
      .notNull()
      .references(() => cursos.id, { onDelete: "cascade" }),
    unidadId: text()
      .notNull()
      .references(() => unidades.id, { onDelete: "cascade" }),
    nota: text().notNull().default(""),
    estado: text().notNull().default("pendiente"),
    comentario: text().notNull().default(""),
    revisadaEn: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.estado, t.createdAt), index().on(t.userId, t.unidadId)],
);

/** A photo of a practice submission, in private storage ('private:practicas/…'). */
export const practicaFotos = pgTable(
  "practica_fotos",
  {
    id: serial().primaryKey(),
    entregaId: integer()
      .notNull()
      .references(() => practicaEntregas.id, { onDelete: "cascade" }),
    posicion: integer().notNull().default(0),
    ref: text().notNull(),
  },
  (t) => [index().on(t.entregaId)],
);

// ---------------------------------------------------------------- academy: progress (issue 31 item 1)

/**
 * A unit the student finished (school/progress.server.ts): by watching one of its videos to
 * 90 % ('video') or by marking it ('manual'). One row per student and unit; undoing the mark
 * deletes it. The course is kept for counting a course's progress from an index alone.
 */
export const unidadesTerminadas = pgTable(
  "unidades_terminadas",
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    cursoId: text()
      .notNull()
      .references(() => cursos.id, { onDelete: "cascade" }),
    unidadId: text()
      .notNull()
      .references(() => unidades.id, { onDelete: "cascade" }),
    /** 'video' (watched to 90 %) or 'manual' (Marcar como terminada) */
    como: text().notNull(),
    terminadaEn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.unidadId] }),
    index("unidades_terminadas_curso").on(t.userId, t.cursoId),
    check("unidades_terminadas_como", sql`${t.como} in ('video', 'manual')`),
  ],
);

// ---------------------------------------------------------------- academy: questions under a unit (issue 31, ADR 046)

/**
 * A student's question (duda) under a unit of a course she is enrolled in. The studio answers
 * it once for everybody (respuesta), may pin it (fijada: listed first) or hide it (oculta).
 * Other students see it only once answered and not hidden; the asker sees her own pending one.
 * avisadaEn: when the asker's 'your question was answered' mail was queued (once).
 */
export const dudas = pgTable(
  "dudas",
  {
    id: serial().primaryKey(),
    unidadId: text()
      .notNull()
      .references(() => unidades.id, { onDelete: "cascade" }),
    cursoId: text()
      .notNull()
      .references(() => cursos.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    texto: text().notNull(),
    respuesta: text(),
    respondidaEn: timestamp({ withTimezone: true }),
    fijada: boolean().notNull().default(false),
    oculta: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.unidadId), index().on(t.userId), index().on(t.respondidaEn)],
);


// ---------------------------------------------------------------- academy: course invitations (issue 31 item 4, ADR 047)

/**
 * A hand grant to an e-mail with no account yet: the invitation mail links to sign-up; when
 * an account with that verified e-mail exists the enrolment is made and the row is 'aceptada'.
 */
export const invitacionesCurso = pgTable(
  "invitaciones_curso",
  {
    id: serial().primaryKey(),
    /** lower-cased */
    correo: text().notNull(),
    cursoId: text()
      .notNull()
      .references(() => cursos.id, { onDelete: "cascade" }),
    motivo: text().notNull(),
    nota: text().notNull().default(""),
    /** 'pendiente' | 'aceptada' | 'revocada' */
    estado: text().notNull().default("pendiente"),
    otorgadoPor: text().references(() => user.id, { onDelete: "set null" }),
    otorgadoPorCorreo: text().notNull(),
    createdAt: createdAt(),
    aceptadaEn: timestamp({ withTimezone: true }),
    revocadaEn: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invitaciones_curso_pendiente").on(t.correo, t.cursoId).where(sql`${t.estado} = 'pendiente'`),
  ],
);

// ---------------------------------------------------------------- lesson videos as HLS (issue 31 item 5, ADR 048)

/**
 * A unit video transcoded to HLS (school/transcode.server.ts): per source file, the state of
 * its transcoding job (pendiente → listo, or error with the attempts made), the private
 * folder holding the master playlist, renditions and poster frame, and the renditions made.
 */
export const videosHls = pgTable("videos_hls", {
  videoId: integer()
    .primaryKey()
    .references(() => unidadVideos.id, { onDelete: "cascade" }),
  /** the `unidad_videos.video` ref this transcode is of; a new upload starts over */
  fuente: text().notNull(),
  estado: text().notNull().default("pendiente"),
  intentos: integer().notNull().default(0),
  /** private storage folder, e.g. 'hls/12/ab12cd34' (holds master.m3u8, poster.jpg, 360p/…) */
  carpeta: text(),
  /** rendition heights made, e.g. [360, 720] */
  alturas: jsonb().$type<number[]>(),
  error: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
