ALTER TABLE "cuenta" ADD COLUMN "clave_fallos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cuenta" ADD COLUMN "clave_fallo_en" timestamp with time zone;