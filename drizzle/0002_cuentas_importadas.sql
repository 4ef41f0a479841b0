CREATE TABLE "cuentas_importadas" (
	"user_id" text PRIMARY KEY NOT NULL,
	"origen" text DEFAULT 'firebase' NOT NULL,
	"importada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"correo_contrasena_en" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cuentas_importadas" ADD CONSTRAINT "cuentas_importadas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;