CREATE INDEX "productos_nombre_trgm" ON "productos" USING gin ("nombre" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "productos_marca_trgm" ON "productos" USING gin ("marca" gin_trgm_ops);