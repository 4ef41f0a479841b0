CREATE TABLE "cuidados_fotos" (
	"id" serial PRIMARY KEY NOT NULL,
	"cita_id" text NOT NULL,
	"dia" integer NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lista_espera" (
	"id" text PRIMARY KEY NOT NULL,
	"tratamiento_id" text NOT NULL,
	"user_id" text,
	"nombre" text NOT NULL,
	"telefono" text NOT NULL,
	"correo" text NOT NULL,
	"desde" date NOT NULL,
	"hasta" date NOT NULL,
	"franja" text,
	"estado" text DEFAULT 'esperando' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ofertas_espera" (
	"id" serial PRIMARY KEY NOT NULL,
	"entrada_id" text NOT NULL,
	"tratamiento_id" text NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"ocupa_hasta" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"estado" text DEFAULT 'ofrecida' NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"cita_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ofertas_espera_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "cuidados_fotos" ADD CONSTRAINT "cuidados_fotos_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_tratamiento_id_tratamientos_id_fk" FOREIGN KEY ("tratamiento_id") REFERENCES "public"."tratamientos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas_espera" ADD CONSTRAINT "ofertas_espera_entrada_id_lista_espera_id_fk" FOREIGN KEY ("entrada_id") REFERENCES "public"."lista_espera"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas_espera" ADD CONSTRAINT "ofertas_espera_tratamiento_id_tratamientos_id_fk" FOREIGN KEY ("tratamiento_id") REFERENCES "public"."tratamientos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cuidados_fotos_cita_id_index" ON "cuidados_fotos" USING btree ("cita_id");--> statement-breakpoint
CREATE INDEX "lista_espera_fila" ON "lista_espera" USING btree ("estado","created_at");--> statement-breakpoint
CREATE INDEX "lista_espera_correo_index" ON "lista_espera" USING btree ("correo");--> statement-breakpoint
CREATE UNIQUE INDEX "ofertas_espera_entrada_inicio" ON "ofertas_espera" USING btree ("entrada_id","inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "ofertas_espera_una_viva" ON "ofertas_espera" USING btree ("inicio") WHERE "ofertas_espera"."estado" = 'ofrecida';--> statement-breakpoint
CREATE INDEX "ofertas_espera_vivas" ON "ofertas_espera" USING btree ("estado","expira_en");