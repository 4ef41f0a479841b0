ALTER TABLE "comentarios" ADD COLUMN "oculto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "precio_antes" integer;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "productos_sku_unico" ON "productos" USING btree ("sku") WHERE "productos"."sku" <> '';--> statement-breakpoint
CREATE INDEX "productos_relacionados" ON "productos" USING btree ("categoria_id",("cantidad" > 0) desc,"nombre","id") WHERE "productos"."publicado";--> statement-breakpoint
CREATE INDEX "productos_existencia_nombre" ON "productos" USING btree (("cantidad" > 0) desc,"nombre","id") WHERE "productos"."publicado";