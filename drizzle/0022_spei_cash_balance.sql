ALTER TABLE "pagos" ADD COLUMN "cliente_proveedor" text;--> statement-breakpoint
CREATE INDEX "pagos_cliente_proveedor_index" ON "pagos" USING btree ("cliente_proveedor");