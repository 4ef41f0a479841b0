CREATE TABLE "agenda_bloqueos" (
	"id" serial PRIMARY KEY NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"tipo" text DEFAULT 'bloqueo' NOT NULL,
	"motivo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_bloqueos_orden" CHECK ("agenda_bloqueos"."fin" > "agenda_bloqueos"."inicio")
);
--> statement-breakpoint
CREATE TABLE "citas" (
	"id" text PRIMARY KEY NOT NULL,
	"tratamiento_id" text NOT NULL,
	"user_id" text,
	"nombre" text NOT NULL,
	"telefono" text NOT NULL,
	"correo" text NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"ocupa_hasta" timestamp with time zone NOT NULL,
	"estado" text DEFAULT 'apartada' NOT NULL,
	"apartada_hasta" timestamp with time zone,
	"precio" integer NOT NULL,
	"anticipo" integer DEFAULT 0 NOT NULL,
	"pago_id" text,
	"es_retoque" boolean DEFAULT false NOT NULL,
	"cita_origen_id" text,
	"consentimiento" jsonb,
	"token" text NOT NULL,
	"origen" text DEFAULT 'web' NOT NULL,
	"notas" text DEFAULT '' NOT NULL,
	"cancelada_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "citas_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "tratamientos" (
	"id" text PRIMARY KEY NOT NULL,
	"servicio_id" text NOT NULL,
	"nombre" text NOT NULL,
	"duracion" integer NOT NULL,
	"precio" integer NOT NULL,
	"anticipo" integer DEFAULT 0 NOT NULL,
	"requiere_consentimiento" boolean DEFAULT false NOT NULL,
	"retoque_desde" integer,
	"retoque_hasta" integer,
	"precio_retoque" integer,
	"duracion_retoque" integer,
	"activo" boolean DEFAULT true NOT NULL,
	"posicion" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_tratamiento_id_tratamientos_id_fk" FOREIGN KEY ("tratamiento_id") REFERENCES "public"."tratamientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tratamientos" ADD CONSTRAINT "tratamientos_servicio_id_servicios_id_fk" FOREIGN KEY ("servicio_id") REFERENCES "public"."servicios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_bloqueos_inicio_index" ON "agenda_bloqueos" USING btree ("inicio");--> statement-breakpoint
CREATE INDEX "citas_inicio_index" ON "citas" USING btree ("inicio");--> statement-breakpoint
CREATE INDEX "citas_user_id_index" ON "citas" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "citas_correo_index" ON "citas" USING btree ("correo");--> statement-breakpoint
CREATE INDEX "tratamientos_servicio_id_index" ON "tratamientos" USING btree ("servicio_id");--> statement-breakpoint
-- Never two clients in one slot (issue 15): live appointments may not overlap, session plus
-- buffer ('[)': one may start when the other's buffer ends). Enforced here, whatever the code.
ALTER TABLE "citas" ADD CONSTRAINT "citas_sin_empalmes" EXCLUDE USING gist (
  tstzrange("inicio", "ocupa_hasta", '[)') WITH &&
) WHERE ("estado" IN ('apartada', 'confirmada', 'atendida', 'no-asistio'));
--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_orden" CHECK ("fin" > "inicio" AND "ocupa_hasta" >= "fin");
--> statement-breakpoint
-- The bookable treatments show on the cached service pages (price range, booking link).
CREATE CONSTRAINT TRIGGER "tratamientos_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "tratamientos"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_version();
--> statement-breakpoint
CREATE TRIGGER "tratamientos_cache_version_truncate" AFTER TRUNCATE ON "tratamientos"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version();
