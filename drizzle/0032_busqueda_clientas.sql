-- The client record's search and the owner's search (ADR 041, issue 29's leftover): every way a
-- client is looked up has an index of its own, so each branch of the search is an index scan
-- (the search asks each branch apart and joins their ids; an OR across tables reads them all).
-- Accounts: the name (users_busqueda_trgm) and the e-mail (users_email_trgm, ILIKE) have theirs
-- since 0026/0016; the phone is on her orders (compras_telefono_trgm). Bookings carry their own
-- name, e-mail and phone, and a booking without an account is matched to an account by e-mail.
CREATE INDEX IF NOT EXISTS "users_correo_minusculas" ON "users" (lower("email"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "citas_correo_minusculas" ON "citas" (lower("correo"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "citas_busqueda_trgm" ON "citas"
  USING gin (public.texto_busqueda("nombre") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "citas_correo_trgm" ON "citas" USING gin ("correo" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "citas_telefono_trgm" ON "citas"
  USING gin (regexp_replace("telefono", '\D', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "correos_para_minusculas" ON "correos" (lower("para"));
