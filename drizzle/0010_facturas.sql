CREATE TABLE "datos_fiscales" (
	"user_id" text PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"razon_social" text NOT NULL,
	"regimen" text NOT NULL,
	"uso" text NOT NULL,
	"codigo_postal" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facturas" (
	"id" text PRIMARY KEY NOT NULL,
	"compra_id" text NOT NULL,
	"user_id" text NOT NULL,
	"estado" text DEFAULT 'emitiendo' NOT NULL,
	"proveedor" text NOT NULL,
	"proveedor_id" text,
	"uuid" text,
	"serie" text DEFAULT '' NOT NULL,
	"folio" text DEFAULT '' NOT NULL,
	"clave" text NOT NULL,
	"rfc" text NOT NULL,
	"razon_social" text NOT NULL,
	"regimen" text NOT NULL,
	"uso" text NOT NULL,
	"codigo_postal" text NOT NULL,
	"correo" text NOT NULL,
	"forma_pago" text NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emitida_en" timestamp with time zone,
	"cancelada_en" timestamp with time zone,
	"motivo_cancelacion" text,
	"sustitucion" text
);
--> statement-breakpoint
ALTER TABLE "datos_fiscales" ADD CONSTRAINT "datos_fiscales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_compra_id_compras_id_fk" FOREIGN KEY ("compra_id") REFERENCES "public"."compras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_una_activa_por_compra" ON "facturas" USING btree ("compra_id") WHERE "facturas"."estado" <> 'cancelada';--> statement-breakpoint
CREATE INDEX "facturas_user_id_index" ON "facturas" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "facturas_created_at_index" ON "facturas" USING btree ("created_at");