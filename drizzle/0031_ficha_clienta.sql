CREATE TABLE "cita_notas" (
	"cita_id" text PRIMARY KEY NOT NULL,
	"tecnica" text DEFAULT '' NOT NULL,
	"pigmento" text DEFAULT '' NOT NULL,
	"aguja" text DEFAULT '' NOT NULL,
	"notas" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitas" ADD COLUMN "cita_id" text;--> statement-breakpoint
ALTER TABLE "cita_notas" ADD CONSTRAINT "cita_notas_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitas" ADD CONSTRAINT "visitas_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitas_cita" ON "visitas" USING btree ("cita_id");