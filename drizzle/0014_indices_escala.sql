CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "compras_recientes" ON "compras" USING btree ("fecha","id");--> statement-breakpoint
CREATE INDEX "compras_estado_recientes" ON "compras" USING btree ("estado_envio","fecha","id") WHERE not "compras"."curso";--> statement-breakpoint
CREATE INDEX "compras_id_trgm" ON "compras" USING gin ("id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "compras_correo_trgm" ON "compras" USING gin (("datos_contacto"->>'correo') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inscripciones_recientes" ON "inscripciones" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "productos_categoria_nombre" ON "productos" USING btree ("categoria_id","nombre","id");--> statement-breakpoint
CREATE INDEX "productos_nombre" ON "productos" USING btree ("nombre","id");--> statement-breakpoint
CREATE INDEX "productos_destacados" ON "productos" USING btree (("cantidad" > 0) desc,"created_at" desc,"id") WHERE "productos"."publicado";--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visitas_recientes" ON "visitas" USING btree ("created_at");