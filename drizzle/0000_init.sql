CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ajustes" (
	"clave" text PRIMARY KEY NOT NULL,
	"valor" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bandas_envio" (
	"id" serial PRIMARY KEY NOT NULL,
	"gramos_minimos" integer NOT NULL,
	"gramos_maximos" integer NOT NULL,
	"cantidad" integer DEFAULT 0 NOT NULL,
	"precios" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrito_lineas" (
	"carrito_id" text NOT NULL,
	"producto_id" text NOT NULL,
	"cantidad" integer NOT NULL,
	"codigo_descuento" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrito_lineas_carrito_id_producto_id_pk" PRIMARY KEY("carrito_id","producto_id")
);
--> statement-breakpoint
CREATE TABLE "carritos" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categorias" (
	"id" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"posicion" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comentarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"producto_id" text,
	"curso_id" text,
	"user_id" text,
	"nombre" text NOT NULL,
	"comentarios" text NOT NULL,
	"calificacion" integer NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comentarios_calificacion_1_5" CHECK ("comentarios"."calificacion" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "compra_lineas" (
	"id" serial PRIMARY KEY NOT NULL,
	"compra_id" text NOT NULL,
	"producto_id" text,
	"curso_id" text,
	"url" text DEFAULT '' NOT NULL,
	"nombre" text NOT NULL,
	"precio" integer NOT NULL,
	"precio_original" integer NOT NULL,
	"codigo_descuento" text,
	"cantidad" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compras" (
	"id" text PRIMARY KEY NOT NULL,
	"comprador_id" text NOT NULL,
	"fecha" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"total" integer NOT NULL,
	"envio" integer DEFAULT 0 NOT NULL,
	"curso" boolean DEFAULT false NOT NULL,
	"estado_envio" integer DEFAULT 0 NOT NULL,
	"datos_envio" jsonb,
	"datos_contacto" jsonb,
	"pago_id" text NOT NULL,
	"proveedor" text NOT NULL,
	CONSTRAINT "compras_pagoId_unique" UNIQUE("pago_id")
);
--> statement-breakpoint
CREATE TABLE "curso_imagenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"curso_id" text NOT NULL,
	"nombre" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"posicion" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cursos" (
	"id" text PRIMARY KEY NOT NULL,
	"titulo" text NOT NULL,
	"titulo_secundario" text DEFAULT '' NOT NULL,
	"titulo_exterior" text DEFAULT '' NOT NULL,
	"nombre" text DEFAULT '' NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"descripcion_secundaria" text,
	"requisitos" text DEFAULT '' NOT NULL,
	"precio" integer DEFAULT 0 NOT NULL,
	"precio_descuento" integer,
	"alumnos" text DEFAULT '' NOT NULL,
	"horas" text DEFAULT '' NOT NULL,
	"online" text DEFAULT '' NOT NULL,
	"certificado" text DEFAULT '' NOT NULL,
	"kit" text DEFAULT '' NOT NULL,
	"video" text DEFAULT '' NOT NULL,
	"publicado" boolean DEFAULT false NOT NULL,
	"tipo" text NOT NULL,
	"posicion" integer DEFAULT 0 NOT NULL,
	"examen" boolean DEFAULT false NOT NULL,
	"certificado_url" text DEFAULT '' NOT NULL,
	"url_externo" text DEFAULT '' NOT NULL,
	"url_kit" text DEFAULT '' NOT NULL,
	"imagen_exterior" text DEFAULT '' NOT NULL,
	"imagen_interior" text DEFAULT '' NOT NULL,
	"fecha_inicio" text DEFAULT '' NOT NULL,
	"duracion" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diplomas" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"curso_id" text NOT NULL,
	"nombre" text NOT NULL,
	"emitido_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "examen_intentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"curso_id" text NOT NULL,
	"correctas" integer NOT NULL,
	"total" integer NOT NULL,
	"calificacion" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favoritos" (
	"user_id" text NOT NULL,
	"producto_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favoritos_user_id_producto_id_pk" PRIMARY KEY("user_id","producto_id")
);
--> statement-breakpoint
CREATE TABLE "inscripciones" (
	"user_id" text NOT NULL,
	"curso_id" text NOT NULL,
	"compra_id" text,
	"ultima_unidad_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inscripciones_user_id_curso_id_pk" PRIMARY KEY("user_id","curso_id")
);
--> statement-breakpoint
CREATE TABLE "pagos" (
	"id" text PRIMARY KEY NOT NULL,
	"proveedor" text NOT NULL,
	"user_id" text NOT NULL,
	"carrito_id" text,
	"monto" integer NOT NULL,
	"moneda" text DEFAULT 'mxn' NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"detalle" jsonb NOT NULL,
	"compra_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preguntas" (
	"id" text PRIMARY KEY NOT NULL,
	"curso_id" text NOT NULL,
	"posicion" integer DEFAULT 0 NOT NULL,
	"pregunta" text NOT NULL,
	"respuesta1" text NOT NULL,
	"respuesta2" text NOT NULL,
	"respuesta3" text NOT NULL,
	"respuesta_correcta" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producto_imagenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"producto_id" text NOT NULL,
	"nombre" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"posicion" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "productos" (
	"id" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"marca" text DEFAULT '' NOT NULL,
	"precio" integer NOT NULL,
	"cantidad" integer DEFAULT 0 NOT NULL,
	"categoria_id" text NOT NULL,
	"especificacion" text DEFAULT '' NOT NULL,
	"url_imagen" text DEFAULT '' NOT NULL,
	"peso" integer DEFAULT 0 NOT NULL,
	"publicado" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productos_cantidad_no_negativa" CHECK ("productos"."cantidad" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promociones" (
	"id" text PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"producto_id" text NOT NULL,
	"descuento" integer NOT NULL,
	"activo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promociones_cursos" (
	"id" text PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"curso_id" text NOT NULL,
	"descuento" integer NOT NULL,
	"activo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "servicio_imagenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"servicio_id" text NOT NULL,
	"nombre" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"ancho" integer,
	"alto" integer,
	"posicion" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servicios" (
	"id" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"slogan" text DEFAULT '' NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"opciones" text,
	"opcion1" text,
	"opcion2" text,
	"opcion3" text,
	"url1" text,
	"url2" text,
	"url3" text,
	"url_imagen" text DEFAULT '' NOT NULL,
	"url_interna" text DEFAULT '' NOT NULL,
	"preguntas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"posicion" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "unidad_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"unidad_id" text NOT NULL,
	"posicion" integer DEFAULT 0 NOT NULL,
	"titulo" text NOT NULL,
	"nombre" text DEFAULT '' NOT NULL,
	"video" text NOT NULL,
	"poster" text DEFAULT '' NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unidades" (
	"id" text PRIMARY KEY NOT NULL,
	"curso_id" text NOT NULL,
	"posicion" integer DEFAULT 0 NOT NULL,
	"nombre" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"role" text DEFAULT 'cliente' NOT NULL,
	"last_login" timestamp with time zone,
	"terminos" boolean DEFAULT false NOT NULL,
	"terminos_aceptados_en" timestamp with time zone,
	"terminos_version" text,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visita_fotos" (
	"id" serial PRIMARY KEY NOT NULL,
	"visita_id" text NOT NULL,
	"tipo" text NOT NULL,
	"url" text NOT NULL,
	"posicion" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitas" (
	"id" text PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"clienta" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitas_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrito_lineas" ADD CONSTRAINT "carrito_lineas_carrito_id_carritos_id_fk" FOREIGN KEY ("carrito_id") REFERENCES "public"."carritos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrito_lineas" ADD CONSTRAINT "carrito_lineas_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carritos" ADD CONSTRAINT "carritos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comentarios" ADD CONSTRAINT "comentarios_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comentarios" ADD CONSTRAINT "comentarios_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comentarios" ADD CONSTRAINT "comentarios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compra_lineas" ADD CONSTRAINT "compra_lineas_compra_id_compras_id_fk" FOREIGN KEY ("compra_id") REFERENCES "public"."compras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compra_lineas" ADD CONSTRAINT "compra_lineas_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compra_lineas" ADD CONSTRAINT "compra_lineas_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compras" ADD CONSTRAINT "compras_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curso_imagenes" ADD CONSTRAINT "curso_imagenes_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diplomas" ADD CONSTRAINT "diplomas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diplomas" ADD CONSTRAINT "diplomas_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examen_intentos" ADD CONSTRAINT "examen_intentos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examen_intentos" ADD CONSTRAINT "examen_intentos_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favoritos" ADD CONSTRAINT "favoritos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favoritos" ADD CONSTRAINT "favoritos_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscripciones" ADD CONSTRAINT "inscripciones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscripciones" ADD CONSTRAINT "inscripciones_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preguntas" ADD CONSTRAINT "preguntas_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto_imagenes" ADD CONSTRAINT "producto_imagenes_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promociones" ADD CONSTRAINT "promociones_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promociones_cursos" ADD CONSTRAINT "promociones_cursos_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servicio_imagenes" ADD CONSTRAINT "servicio_imagenes_servicio_id_servicios_id_fk" FOREIGN KEY ("servicio_id") REFERENCES "public"."servicios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidad_videos" ADD CONSTRAINT "unidad_videos_unidad_id_unidades_id_fk" FOREIGN KEY ("unidad_id") REFERENCES "public"."unidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidades" ADD CONSTRAINT "unidades_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita_fotos" ADD CONSTRAINT "visita_fotos_visita_id_visitas_id_fk" FOREIGN KEY ("visita_id") REFERENCES "public"."visitas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_index" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comentarios_producto_id_index" ON "comentarios" USING btree ("producto_id");--> statement-breakpoint
CREATE INDEX "comentarios_curso_id_index" ON "comentarios" USING btree ("curso_id");--> statement-breakpoint
CREATE INDEX "compra_lineas_compra_id_index" ON "compra_lineas" USING btree ("compra_id");--> statement-breakpoint
CREATE INDEX "compras_comprador_id_fecha_index" ON "compras" USING btree ("comprador_id","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "diplomas_user_id_curso_id_index" ON "diplomas" USING btree ("user_id","curso_id");--> statement-breakpoint
CREATE INDEX "examen_intentos_user_id_curso_id_index" ON "examen_intentos" USING btree ("user_id","curso_id");--> statement-breakpoint
CREATE INDEX "pagos_user_id_index" ON "pagos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "preguntas_curso_id_index" ON "preguntas" USING btree ("curso_id");--> statement-breakpoint
CREATE INDEX "producto_imagenes_producto_id_index" ON "producto_imagenes" USING btree ("producto_id");--> statement-breakpoint
CREATE INDEX "productos_categoria_id_index" ON "productos" USING btree ("categoria_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promociones_codigo_producto_id_index" ON "promociones" USING btree ("codigo","producto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promociones_cursos_codigo_curso_id_index" ON "promociones_cursos" USING btree ("codigo","curso_id");--> statement-breakpoint
CREATE INDEX "servicio_imagenes_servicio_id_index" ON "servicio_imagenes" USING btree ("servicio_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "unidad_videos_unidad_id_index" ON "unidad_videos" USING btree ("unidad_id");--> statement-breakpoint
CREATE INDEX "unidades_curso_id_index" ON "unidades" USING btree ("curso_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_index" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "visita_fotos_visita_id_index" ON "visita_fotos" USING btree ("visita_id");