-- A discount code is one code whatever its case (app/domain/codes.ts). Before the unique
-- index, any second spelling of a code for the same product or course (kept by earlier
-- versions) is renamed "<code>-duplicado-<id>" so nothing is lost and the studio can see it
-- in the admin; the first one created keeps the code.
UPDATE "promociones" p SET "codigo" = p."codigo" || '-duplicado-' || p."id"
WHERE EXISTS (
  SELECT 1 FROM "promociones" q
  WHERE q."producto_id" = p."producto_id" AND lower(q."codigo") = lower(p."codigo") AND q."id" < p."id"
);--> statement-breakpoint
UPDATE "promociones_cursos" p SET "codigo" = p."codigo" || '-duplicado-' || p."id"
WHERE EXISTS (
  SELECT 1 FROM "promociones_cursos" q
  WHERE q."curso_id" = p."curso_id" AND lower(q."codigo") = lower(p."codigo") AND q."id" < p."id"
);--> statement-breakpoint
DROP INDEX "promociones_codigo_producto_id_index";--> statement-breakpoint
DROP INDEX "promociones_cursos_codigo_curso_id_index";--> statement-breakpoint
CREATE UNIQUE INDEX "promociones_codigo_producto_unico" ON "promociones" USING btree (lower("codigo"),"producto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promociones_cursos_codigo_curso_unico" ON "promociones_cursos" USING btree (lower("codigo"),"curso_id");
