CREATE TABLE "consentimiento_versiones" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"hash" text NOT NULL,
	"titulo" text NOT NULL,
	"preguntas" jsonb NOT NULL,
	"declaracion_html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consentimiento_versiones_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "consentimientos" (
	"id" text PRIMARY KEY NOT NULL,
	"cita_id" text,
	"user_id" text,
	"nombre" text NOT NULL,
	"correo" text NOT NULL,
	"version_id" integer NOT NULL,
	"respuestas" jsonb NOT NULL,
	"firma_nombre" text NOT NULL,
	"firma_trazo" text,
	"firmado_en" timestamp (3) with time zone NOT NULL,
	"ip" text,
	"hash" text NOT NULL,
	"especialista_id" text,
	"especialista_nombre" text,
	"contrafirmado_en" timestamp (3) with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "consentimiento_id" text;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_version_id_consentimiento_versiones_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."consentimiento_versiones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_especialista_id_users_id_fk" FOREIGN KEY ("especialista_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consentimientos_user_id_index" ON "consentimientos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "consentimientos_correo_index" ON "consentimientos" USING btree ("correo");--> statement-breakpoint
CREATE INDEX "consentimientos_cita_id_index" ON "consentimientos" USING btree ("cita_id");