CREATE TABLE "guias" (
	"compra_id" text PRIMARY KEY NOT NULL,
	"proveedor" text NOT NULL,
	"estado" text DEFAULT 'cotizada' NOT NULL,
	"tarifas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paquete" jsonb,
	"tarifa" jsonb,
	"clave" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"intento_hasta" timestamp (3) with time zone,
	"envio_id" text,
	"guia" text,
	"url_rastreo" text,
	"archivo" text,
	"costo" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guias_clave_unique" UNIQUE("clave")
);
--> statement-breakpoint
ALTER TABLE "correos" ADD COLUMN "clave" text;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "stock_minimo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "alertas_stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "acepta_correos_promocionales" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "correos_promocionales_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guias" ADD CONSTRAINT "guias_compra_id_compras_id_fk" FOREIGN KEY ("compra_id") REFERENCES "public"."compras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guias_guia" ON "guias" USING btree ("guia");--> statement-breakpoint
ALTER TABLE "correos" ADD CONSTRAINT "correos_clave_unique" UNIQUE("clave");