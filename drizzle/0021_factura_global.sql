CREATE TABLE "facturas_globales" (
	"id" text PRIMARY KEY NOT NULL,
	"mes" text NOT NULL,
	"forma_pago" text NOT NULL,
	"estado" text DEFAULT 'emitiendo' NOT NULL,
	"proveedor" text NOT NULL,
	"proveedor_id" text,
	"uuid" text,
	"serie" text DEFAULT '' NOT NULL,
	"folio" text DEFAULT '' NOT NULL,
	"clave" text NOT NULL,
	"total" integer NOT NULL,
	"compras" integer NOT NULL,
	"error" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emitida_en" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "facturas_globales_compras" (
	"compra_id" text PRIMARY KEY NOT NULL,
	"factura_global_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facturas_globales_compras" ADD CONSTRAINT "facturas_globales_compras_compra_id_compras_id_fk" FOREIGN KEY ("compra_id") REFERENCES "public"."compras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas_globales_compras" ADD CONSTRAINT "facturas_globales_compras_factura_global_id_facturas_globales_id_fk" FOREIGN KEY ("factura_global_id") REFERENCES "public"."facturas_globales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_globales_mes_forma" ON "facturas_globales" USING btree ("mes","forma_pago");--> statement-breakpoint
CREATE INDEX "facturas_globales_compras_factura_global_id_index" ON "facturas_globales_compras" USING btree ("factura_global_id");