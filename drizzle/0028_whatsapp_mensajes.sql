CREATE TABLE "mensajes" (
	"id" serial PRIMARY KEY NOT NULL,
	"clave" text,
	"telefono" text NOT NULL,
	"plantilla" text NOT NULL,
	"parametros" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correo" jsonb NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"proveedor" text DEFAULT 'whatsapp' NOT NULL,
	"proveedor_id" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"siguiente_intento" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"bloqueado_hasta" timestamp (3) with time zone,
	"ultimo_error" text,
	"correo_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_en" timestamp (3) with time zone,
	"entregado_en" timestamp (3) with time zone,
	"leido_en" timestamp (3) with time zone,
	"fallido_en" timestamp (3) with time zone,
	CONSTRAINT "mensajes_clave_unique" UNIQUE("clave"),
	CONSTRAINT "mensajes_proveedorId_unique" UNIQUE("proveedor_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_consentimientos" (
	"telefono" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"acepta" boolean NOT NULL,
	"texto" text NOT NULL,
	"aceptado_en" timestamp (3) with time zone NOT NULL,
	"baja_en" timestamp (3) with time zone,
	"origen" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_consentimientos" ADD CONSTRAINT "whatsapp_consentimientos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mensajes_por_enviar" ON "mensajes" USING btree ("estado","siguiente_intento");--> statement-breakpoint
CREATE INDEX "mensajes_created_at_index" ON "mensajes" USING btree ("created_at");