CREATE TABLE "cursos_otorgados" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"curso_id" text NOT NULL,
	"motivo" text NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	"otorgado_por" text,
	"otorgado_por_correo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revocado_por" text,
	"revocado_por_correo" text,
	"revocado_en" timestamp with time zone,
	"motivo_revocacion" text
);
--> statement-breakpoint
ALTER TABLE "compras" ADD COLUMN "paqueteria" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "compras" ADD COLUMN "guia" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cursos_otorgados" ADD CONSTRAINT "cursos_otorgados_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cursos_otorgados" ADD CONSTRAINT "cursos_otorgados_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cursos_otorgados" ADD CONSTRAINT "cursos_otorgados_otorgado_por_users_id_fk" FOREIGN KEY ("otorgado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cursos_otorgados" ADD CONSTRAINT "cursos_otorgados_revocado_por_users_id_fk" FOREIGN KEY ("revocado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cursos_otorgados_user_id_index" ON "cursos_otorgados" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cursos_otorgados_created_at_index" ON "cursos_otorgados" USING btree ("created_at");