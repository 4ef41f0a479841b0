-- The rendered-page cache's version (ADR 015): any transaction that writes a table shown on
-- public pages bumps cache_version once, when it commits. Deferred constraint triggers run at
-- commit, so the row is locked only for that moment (no deadlocks with other writes) and
-- readers see the new version together with the data. The new version is also sent on channel
-- cache_version (PGlite, one process, listens instead of reading the row on every request).
INSERT INTO "cache_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  IF coalesce(current_setting('cache_version.bumped', true), '') <> '1' THEN
    UPDATE "cache_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
    PERFORM pg_notify('cache_version', v::text);
    PERFORM set_config('cache_version.bumped', '1', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['categorias', 'productos', 'producto_imagenes', 'servicios', 'servicio_imagenes',
    'cursos', 'curso_imagenes', 'unidades', 'unidad_videos', 'preguntas', 'comentarios', 'promociones',
    'promociones_cursos', 'bandas_envio', 'ajustes'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED '
      'FOR EACH ROW EXECUTE FUNCTION bump_cache_version()', t || '_cache_version', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version()',
      t || '_cache_version_truncate', t);
  END LOOP;
END $$;
