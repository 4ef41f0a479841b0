CREATE TABLE "correos" (
	"id" serial PRIMARY KEY NOT NULL,
	"para" text NOT NULL,
	"asunto" text NOT NULL,
	"html" text NOT NULL,
	"texto" text NOT NULL,
	"responder_a" text,
	"adjuntos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message_id" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"siguiente_intento" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"bloqueado_hasta" timestamp (3) with time zone,
	"ultimo_intento" timestamp (3) with time zone,
	"ultimo_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_en" timestamp (3) with time zone,
	CONSTRAINT "correos_messageId_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE INDEX "correos_por_enviar" ON "correos" USING btree ("estado","siguiente_intento");