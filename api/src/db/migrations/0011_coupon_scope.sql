ALTER TABLE "promocion" ADD COLUMN "cciudad_origen" integer;--> statement-breakpoint
ALTER TABLE "promocion" ADD COLUMN "categorias" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promocion" ADD COLUMN "dias_salida" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promocion" ADD COLUMN "min_pasajes" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promocion" ADD COLUMN "max_pasajes" integer;--> statement-breakpoint
ALTER TABLE "promocion" ADD CONSTRAINT "promocion_cciudad_origen_ciudad_cciudad_fk" FOREIGN KEY ("cciudad_origen") REFERENCES "public"."ciudad"("cciudad") ON DELETE no action ON UPDATE no action;