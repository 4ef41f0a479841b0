CREATE TABLE "tareas" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"clave" text NOT NULL,
	"ejecutar_en" timestamp (3) with time zone NOT NULL,
	"datos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"error" text,
	"bloqueada_hasta" timestamp (3) with time zone,
	"hecha_en" timestamp (3) with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tareas_clave_unique" UNIQUE("clave")
);
--> statement-breakpoint
CREATE INDEX "tareas_pendientes" ON "tareas" USING btree ("estado","ejecutar_en");