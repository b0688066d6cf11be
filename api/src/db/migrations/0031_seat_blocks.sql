CREATE TABLE "bloqueo_asientos" (
	"cbloqueo" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bloqueo_asientos_cbloqueo_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cviaje" integer NOT NULL,
	"asientos" integer[] NOT NULL,
	"motivo" text NOT NULL,
	"operador" text NOT NULL,
	"clave_hash" text NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	"hasta" timestamp with time zone NOT NULL,
	"liberado" timestamp with time zone,
	"liberado_por" text,
	CONSTRAINT "bloqueo_asientos_clave_hash_unique" UNIQUE("clave_hash")
);
--> statement-breakpoint
ALTER TABLE "bloqueo_asientos" ADD CONSTRAINT "bloqueo_asientos_cviaje_viaje_cviaje_fk" FOREIGN KEY ("cviaje") REFERENCES "public"."viaje"("cviaje") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bloqueo_asientos_viaje_idx" ON "bloqueo_asientos" USING btree ("cviaje");