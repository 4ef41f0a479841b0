CREATE TABLE "canjes_codigos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"promocion_id" text NOT NULL,
	"user_id" text NOT NULL,
	"compra_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codigos_pedido" (
	"id" text PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"descuento" integer NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"vigente_desde" date,
	"vigente_hasta" date,
	"limite_usos" integer,
	"limite_por_cliente" integer,
	"monto_minimo" integer,
	"usos" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carritos" ADD COLUMN "codigo_pedido" text;--> statement-breakpoint
ALTER TABLE "compras" ADD COLUMN "codigo_descuento" text;--> statement-breakpoint
ALTER TABLE "compras" ADD COLUMN "descuento" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "vigente_desde" date;--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "vigente_hasta" date;--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "limite_usos" integer;--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "limite_por_cliente" integer;--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "monto_minimo" integer;--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "usos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promociones_cursos" ADD COLUMN "vigente_desde" date;--> statement-breakpoint
ALTER TABLE "promociones_cursos" ADD COLUMN "vigente_hasta" date;--> statement-breakpoint
ALTER TABLE "promociones_cursos" ADD COLUMN "limite_usos" integer;--> statement-breakpoint
ALTER TABLE "promociones_cursos" ADD COLUMN "limite_por_cliente" integer;--> statement-breakpoint
ALTER TABLE "promociones_cursos" ADD COLUMN "monto_minimo" integer;--> statement-breakpoint
ALTER TABLE "promociones_cursos" ADD COLUMN "usos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "canjes_codigos" ADD CONSTRAINT "canjes_codigos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canjes_codigos" ADD CONSTRAINT "canjes_codigos_compra_id_compras_id_fk" FOREIGN KEY ("compra_id") REFERENCES "public"."compras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canjes_codigos_tipo_promocion_id_user_id_index" ON "canjes_codigos" USING btree ("tipo","promocion_id","user_id");--> statement-breakpoint
CREATE INDEX "canjes_codigos_compra_id_index" ON "canjes_codigos" USING btree ("compra_id");--> statement-breakpoint
CREATE UNIQUE INDEX "codigos_pedido_codigo_unico" ON "codigos_pedido" USING btree (lower("codigo"));