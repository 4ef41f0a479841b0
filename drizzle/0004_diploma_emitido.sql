ALTER TABLE "diplomas" ADD COLUMN "curso_titulo" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written: diplomas issued before keep the course's current title, and a name if they had none.
UPDATE "diplomas" SET "curso_titulo" = "cursos"."titulo" FROM "cursos" WHERE "cursos"."id" = "diplomas"."curso_id";--> statement-breakpoint
UPDATE "diplomas" SET "nombre" = "users"."name" FROM "users" WHERE "users"."id" = "diplomas"."user_id" AND "diplomas"."nombre" = '';
