ALTER TABLE "citas" ADD COLUMN "recordatorio_enviado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "recordatorio_para" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "retoque_invitado" timestamp with time zone;