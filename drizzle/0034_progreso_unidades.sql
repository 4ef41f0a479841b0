CREATE TABLE "unidades_terminadas" (
	"user_id" text NOT NULL,
	"curso_id" text NOT NULL,
	"unidad_id" text NOT NULL,
	"como" text NOT NULL,
	"terminada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unidades_terminadas_user_id_unidad_id_pk" PRIMARY KEY("user_id","unidad_id"),
	CONSTRAINT "unidades_terminadas_como" CHECK ("unidades_terminadas"."como" in ('video', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "unidades_terminadas" ADD CONSTRAINT "unidades_terminadas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidades_terminadas" ADD CONSTRAINT "unidades_terminadas_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidades_terminadas" ADD CONSTRAINT "unidades_terminadas_unidad_id_unidades_id_fk" FOREIGN KEY ("unidad_id") REFERENCES "public"."unidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unidades_terminadas_curso" ON "unidades_terminadas" USING btree ("user_id","curso_id");