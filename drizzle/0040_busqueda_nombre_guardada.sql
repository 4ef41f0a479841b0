-- The clients' name search (ADR 041) compares names without accents (texto_busqueda). Computed at
-- every search, a common name ("sofía gonzález": 3,075 of 20,000 accounts at scale) ran unaccent
-- twice per match, to check it and to rank it: ~35 of the query's 50 ms. Kept with the row as the
-- products' search text is (0026): computed once per write, indexed, read by the search only.
-- Not in the Drizzle schema (it never writes or reads them).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "busqueda_nombre" text
  GENERATED ALWAYS AS (public.texto_busqueda("name")) STORED;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN IF NOT EXISTS "busqueda_nombre" text
  GENERATED ALWAYS AS (public.texto_busqueda("nombre")) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "users_busqueda_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "citas_busqueda_trgm";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_busqueda_nombre_trgm" ON "users" USING gin ("busqueda_nombre" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "citas_busqueda_nombre_trgm" ON "citas" USING gin ("busqueda_nombre" gin_trgm_ops);
