CREATE TABLE "invitaciones_curso" (
	"id" serial PRIMARY KEY NOT NULL,
	"correo" text NOT NULL,
	"curso_id" text NOT NULL,
	"motivo" text NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"otorgado_por" text,
	"otorgado_por_correo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"aceptada_en" timestamp with time zone,
	"revocada_en" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cursos" ADD COLUMN "vigencia_meses" integer;--> statement-breakpoint
ALTER TABLE "diplomas" ADD COLUMN "vence_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "diplomas" ADD COLUMN "revocado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "diplomas" ADD COLUMN "revocado_por" text;--> statement-breakpoint
ALTER TABLE "diplomas" ADD COLUMN "revocado_por_correo" text;--> statement-breakpoint
ALTER TABLE "diplomas" ADD COLUMN "motivo_revocacion" text;--> statement-breakpoint
ALTER TABLE "invitaciones_curso" ADD CONSTRAINT "invitaciones_curso_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitaciones_curso" ADD CONSTRAINT "invitaciones_curso_otorgado_por_users_id_fk" FOREIGN KEY ("otorgado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitaciones_curso_pendiente" ON "invitaciones_curso" USING btree ("correo","curso_id") WHERE "invitaciones_curso"."estado" = 'pendiente';--> statement-breakpoint
ALTER TABLE "diplomas" ADD CONSTRAINT "diplomas_revocado_por_users_id_fk" FOREIGN KEY ("revocado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;