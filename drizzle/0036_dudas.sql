CREATE TABLE "dudas" (
	"id" serial PRIMARY KEY NOT NULL,
	"unidad_id" text NOT NULL,
	"curso_id" text NOT NULL,
	"user_id" text NOT NULL,
	"texto" text NOT NULL,
	"respuesta" text,
	"respondida_en" timestamp with time zone,
	"fijada" boolean DEFAULT false NOT NULL,
	"oculta" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dudas" ADD CONSTRAINT "dudas_unidad_id_unidades_id_fk" FOREIGN KEY ("unidad_id") REFERENCES "public"."unidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dudas" ADD CONSTRAINT "dudas_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dudas" ADD CONSTRAINT "dudas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dudas_unidad_id_index" ON "dudas" USING btree ("unidad_id");--> statement-breakpoint
CREATE INDEX "dudas_user_id_index" ON "dudas" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dudas_respondida_en_index" ON "dudas" USING btree ("respondida_en");