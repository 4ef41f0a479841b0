CREATE TABLE "compras_por_mes" (
	"mes" timestamp with time zone NOT NULL,
	"curso" boolean NOT NULL,
	"estado_envio" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "compras_por_mes_mes_curso_estado_envio_pk" PRIMARY KEY("mes","curso","estado_envio")
);
--> statement-breakpoint
-- Hand-written (ADR 020): compras_por_mes is kept by statement triggers on compras that read
-- the statement's transition tables, so a bulk INSERT … SELECT (seed:scale, the importer)
-- adds its counts once, not row by row. Each statement adds its net change per (month,
-- course, state) with one upsert in key order: concurrent transactions wait on the same
-- rows' locks and add in turn (no lost update), and always take them in the same order (no
-- deadlock). A statement whose net change is zero (a payment update) writes nothing.
CREATE OR REPLACE FUNCTION "contar_compras_por_mes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "compras_por_mes";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "compras_por_mes" AS t ("mes", "curso", "estado_envio", "n")
      SELECT date_trunc('month', "fecha", 'UTC'), "curso", "estado_envio", count(*)::int FROM nuevas
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("mes", "curso", "estado_envio") DO UPDATE SET "n" = t."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "compras_por_mes" AS t ("mes", "curso", "estado_envio", "n")
      SELECT date_trunc('month', "fecha", 'UTC'), "curso", "estado_envio", -count(*)::int FROM viejas
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("mes", "curso", "estado_envio") DO UPDATE SET "n" = t."n" + excluded."n";
  ELSE
    INSERT INTO "compras_por_mes" AS t ("mes", "curso", "estado_envio", "n")
      SELECT mes, curso, estado_envio, sum(d)::int FROM (
        SELECT date_trunc('month', "fecha", 'UTC') mes, "curso", "estado_envio", 1 d FROM nuevas
        UNION ALL
        SELECT date_trunc('month', "fecha", 'UTC'), "curso", "estado_envio", -1 FROM viejas
      ) cambios
      GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("mes", "curso", "estado_envio") DO UPDATE SET "n" = t."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
LOCK TABLE "compras" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER "compras_por_mes_insert" AFTER INSERT ON "compras" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION "contar_compras_por_mes"();
--> statement-breakpoint
CREATE TRIGGER "compras_por_mes_update" AFTER UPDATE ON "compras" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION "contar_compras_por_mes"();
--> statement-breakpoint
CREATE TRIGGER "compras_por_mes_delete" AFTER DELETE ON "compras" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION "contar_compras_por_mes"();
--> statement-breakpoint
CREATE TRIGGER "compras_por_mes_truncate" AFTER TRUNCATE ON "compras"
  FOR EACH STATEMENT EXECUTE FUNCTION "contar_compras_por_mes"();
--> statement-breakpoint
INSERT INTO "compras_por_mes" ("mes", "curso", "estado_envio", "n")
  SELECT date_trunc('month', "fecha", 'UTC'), "curso", "estado_envio", count(*)::int FROM "compras" GROUP BY 1, 2, 3;
