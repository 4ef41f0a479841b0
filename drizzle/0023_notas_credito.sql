CREATE TABLE "notas_credito" (
	"reembolso_id" text PRIMARY KEY NOT NULL,
	"compra_id" text NOT NULL,
	"estado" text DEFAULT 'emitiendo' NOT NULL,
	"proveedor" text NOT NULL,
	"proveedor_id" text,
	"uuid" text,
	"serie" text DEFAULT '' NOT NULL,
	"folio" text DEFAULT '' NOT NULL,
	"clave" text NOT NULL,
	"factura_id" text,
	"factura_global_id" text,
	"uuid_relacionado" text,
	"monto" integer NOT NULL,
	"base" integer DEFAULT 0 NOT NULL,
	"iva" integer DEFAULT 0 NOT NULL,
	"forma_pago" text DEFAULT '' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emitida_en" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "cancelacion_origen" text;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "cancelacion_solicitada_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "cancelacion_estado" text;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "cancelacion_revisada_en" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notas_credito_compra_id_index" ON "notas_credito" USING btree ("compra_id");--> statement-breakpoint
CREATE INDEX "notas_credito_factura_id_index" ON "notas_credito" USING btree ("factura_id");--> statement-breakpoint
CREATE INDEX "notas_credito_factura_global_id_index" ON "notas_credito" USING btree ("factura_global_id");--> statement-breakpoint
CREATE INDEX "notas_credito_estado_index" ON "notas_credito" USING btree ("estado");--> statement-breakpoint
CREATE INDEX "reembolsos_compra_id_index" ON "reembolsos" USING btree ("compra_id");