CREATE TABLE "reembolsos" (
	"id" text PRIMARY KEY NOT NULL,
	"pago_id" text NOT NULL,
	"compra_id" text,
	"monto" integer NOT NULL,
	"motivo" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"referencia" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"solicitado_por" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reembolsos_pago_id_index" ON "reembolsos" USING btree ("pago_id");--> statement-breakpoint
CREATE INDEX "reembolsos_estado_created_at_index" ON "reembolsos" USING btree ("estado","created_at");