-- The free valoración (issue 30): a 20-minute visit, price 0, no deposit, that a client whose
-- health answers stop an online booking can book instead. Every install has it; the studio edits
-- or deactivates it in admin like any treatment (nothing here overwrites its changes).
INSERT INTO "servicios" ("id", "nombre", "slogan", "descripcion", "posicion")
VALUES ('valoracion', 'Valoración', 'Gratis, 20 minutos', 'Una cita sin costo para revisar tu piel, tus dudas y si el tratamiento es para ti antes de agendarlo.', 99)
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "tratamientos" ("id", "servicio_id", "nombre", "duracion", "precio", "anticipo", "requiere_consentimiento", "posicion")
VALUES ('valoracion', 'valoracion', 'Valoración gratuita', 20, 0, 0, false, 0)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- Fire the page cache's deferred trigger now: the migrations share one transaction, and a table
-- with pending trigger events cannot be altered by a later migration (CheckTableNotInUse).
SET CONSTRAINTS "servicios_cache_version", "tratamientos_cache_version" IMMEDIATE;
