CREATE TABLE "videos_hls" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"fuente" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"carpeta" text,
	"alturas" jsonb,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos_hls" ADD CONSTRAINT "videos_hls_video_id_unidad_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."unidad_videos"("id") ON DELETE cascade ON UPDATE no action;