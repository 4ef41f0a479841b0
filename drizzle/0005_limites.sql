ALTER TABLE "examen_intentos" ADD COLUMN "intento" text;--> statement-breakpoint
-- Hand-written: one review per user and product (or course). Older duplicates stay as
-- anonymous reviews (user_id null) so no text is lost and the unique indexes can be built.
UPDATE "comentarios" SET "user_id" = NULL WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id", "producto_id", "curso_id" ORDER BY "fecha" DESC, "id" DESC) AS "n" FROM "comentarios" WHERE "user_id" IS NOT NULL) AS "r" WHERE "n" > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "comentarios_usuario_producto" ON "comentarios" USING btree ("user_id","producto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comentarios_usuario_curso" ON "comentarios" USING btree ("user_id","curso_id");--> statement-breakpoint
ALTER TABLE "examen_intentos" ADD CONSTRAINT "examen_intentos_intento_unique" UNIQUE("intento");