CREATE TABLE "practica_entregas" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"curso_id" text NOT NULL,
	"unidad_id" text NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"comentario" text DEFAULT '' NOT NULL,
	"revisada_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practica_fotos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entrega_id" integer NOT NULL,
	"posicion" integer DEFAULT 0 NOT NULL,
	"ref" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unidades" ADD COLUMN "practicas_requeridas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "unidades" ADD COLUMN "practica_instruccion" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "practica_entregas" ADD CONSTRAINT "practica_entregas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practica_entregas" ADD CONSTRAINT "practica_entregas_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practica_entregas" ADD CONSTRAINT "practica_entregas_unidad_id_unidades_id_fk" FOREIGN KEY ("unidad_id") REFERENCES "public"."unidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practica_fotos" ADD CONSTRAINT "practica_fotos_entrega_id_practica_entregas_id_fk" FOREIGN KEY ("entrega_id") REFERENCES "public"."practica_entregas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practica_entregas_estado_created_at_index" ON "practica_entregas" USING btree ("estado","created_at");--> statement-breakpoint
CREATE INDEX "practica_entregas_user_id_unidad_id_index" ON "practica_entregas" USING btree ("user_id","unidad_id");--> statement-breakpoint
CREATE INDEX "practica_fotos_entrega_id_index" ON "practica_fotos" USING btree ("entrega_id");