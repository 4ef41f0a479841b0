-- Search (ADR 037): Spanish full-text search without accents, and trigram similarity for typos.
-- PostgreSQL ships both extensions in contrib; PGlite loads them (app/server/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Spanish stemming after removing accents: 'Café' and 'cafe', 'Labiales' and 'labial' are one word.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'es_busqueda') THEN
    CREATE TEXT SEARCH CONFIGURATION public.es_busqueda (COPY = pg_catalog.spanish);
    ALTER TEXT SEARCH CONFIGURATION public.es_busqueda
      ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.spanish_stem;
  END IF;
END $$;--> statement-breakpoint
-- Lower case without accents, for trigram comparisons. unaccent() itself is only STABLE (its
-- dictionary could change); naming the dictionary makes this wrapper safe to index.
CREATE OR REPLACE FUNCTION public.texto_busqueda(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, t)) $$;--> statement-breakpoint
-- The documents searched: the name weighs most, then brand and SKU (or a subtitle), then the text.
CREATE OR REPLACE FUNCTION public.documento_busqueda(titulo text, extra text, cuerpo text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('public.es_busqueda'::regconfig, coalesce(titulo, '')), 'A')
    || setweight(to_tsvector('public.es_busqueda'::regconfig, coalesce(extra, '')), 'B')
    || setweight(to_tsvector('public.es_busqueda'::regconfig, left(coalesce(cuerpo, ''), 20000)), 'C') $$;--> statement-breakpoint
-- A product's searchable text kept with the row (computed once per write, not per search:
-- unaccent and to_tsvector over 5,000 products at every search cost hundreds of ms).
-- Not in the Drizzle schema (it never writes or reads them); only the search module reads them.
ALTER TABLE "productos" ADD COLUMN IF NOT EXISTS "busqueda_nombre" text
  GENERATED ALWAYS AS (public.texto_busqueda("nombre" || ' ' || "marca")) STORED;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN IF NOT EXISTS "busqueda_documento" tsvector
  GENERATED ALWAYS AS (public.documento_busqueda("nombre", "marca" || ' ' || regexp_replace("sku", '[^[:alnum:]]+', ' ', 'g'), "especificacion")) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "productos_busqueda_fts" ON "productos" USING gin ("busqueda_documento");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "productos_busqueda_trgm" ON "productos" USING gin ("busqueda_nombre" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_busqueda_trgm" ON "users"
  USING gin (public.texto_busqueda("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "compras_telefono_trgm" ON "compras"
  USING gin (regexp_replace("datos_contacto"->>'telefono', '\D', '', 'g') gin_trgm_ops);
