ALTER TABLE "tratamientos" ADD COLUMN "prueba_tratamiento_id" text;--> statement-breakpoint
ALTER TABLE "tratamientos" ADD COLUMN "prueba_horas" integer DEFAULT 48 NOT NULL;