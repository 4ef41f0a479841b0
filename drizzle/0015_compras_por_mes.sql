CREATE TABLE "compras_por_mes" (
	"mes" timestamp with time zone NOT NULL,
	"curso" boolean NOT NULL,
	"estado_envio" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "inscripciones_recientes";--> statement-breakpoint
CREATE INDEX "inscripciones_recientes" ON "inscripciones" USING btree ("created_at","user_id","curso_id");--> statement-breakpoint
-- Hand-written (ADR 020): compras_por_mes is kept by statement triggers on compras that read
-- the statement's transition tables, so a bulk INSERT … SELECT (seed:scale, the importer)
-- adds its counts once, not row by row. Each statement appends its net change per (month,
-- course, state) as new rows, summed when read: no counter row is ever updated by a writer,
-- so concurrent orders and state changes never wait on or deadlock over a counter, and the
-- rows commit or roll back with the orders they count. A statement whose net change is zero
-- (a payment update) appends nothing. The app folds the rows (compactOrderCounters).
CREATE OR REPLACE FUNCTION "contar_compras_por_mes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "compras_por_mes";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "compras_por_mes" ("mes", "curso", "estado_envio", "n")
      SELECT date_trunc('month', "fecha", 'UTC'), "curso", "estado_envio", count(*)::int FROM nuevas GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "compras_por_mes" ("mes", "curso", "estado_envio", "n")
      SELECT date_trunc('month', "fecha", 'UTC'), "curso", "estado_envio", -count(*)::int FROM viejas GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO "compras_por_mes" ("mes", "curso", "estado_envio", "n")
      SELECT mes, curso, estado_envio, sum(d)::int FROM (
        SELECT date_trunc('month', "fecha", 'UTC') mes, "curso", "estado_envio", 1 d FROM nuevas
        UNION ALL
        SELECT date_trunc('month', "fecha", 'UTC'), "curso", "estado_envio", -1 FROM viejas
      ) cambios
      GROUP BY 1, 2, 3 HAVING sum(d) <> 0;
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
