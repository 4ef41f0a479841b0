CREATE TABLE "cache_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cache_version_una_fila" CHECK ("cache_version"."id" = 1)
);
