ALTER TABLE "compras" ADD COLUMN "estado_pago" text DEFAULT 'pagado' NOT NULL;--> statement-breakpoint
ALTER TABLE "compras" ADD COLUMN "metodo" text DEFAULT 'tarjeta' NOT NULL;--> statement-breakpoint
ALTER TABLE "compras" ADD COLUMN "meses" integer;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "metodo" text DEFAULT 'tarjeta' NOT NULL;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "vence" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "instrucciones" jsonb;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "recordatorio" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "pagos_estado_vence_index" ON "pagos" USING btree ("estado","vence");