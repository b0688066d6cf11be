CREATE TABLE "asiento_pasajero" (
	"cviaje_asiento" integer PRIMARY KEY NOT NULL,
	"clave_hash" text NOT NULL,
	"ctipo_documento" integer NOT NULL,
	"numero" text NOT NULL,
	"nombres" text NOT NULL,
	"paterno" text NOT NULL,
	"materno" text NOT NULL,
	"email" text NOT NULL,
	"celular" text NOT NULL,
	"genero" text NOT NULL,
	"nacimiento" date NOT NULL,
	"menor" boolean NOT NULL,
	"cviaje_asiento_responsable" integer,
	"parentesco" text
);
--> statement-breakpoint
CREATE TABLE "persona" (
	"cpersona" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "persona_cpersona_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ctipo_documento" integer NOT NULL,
	"numero" text NOT NULL,
	"nombres" text NOT NULL,
	"paterno" text NOT NULL,
	"materno" text NOT NULL,
	"email" text NOT NULL,
	"celular" text NOT NULL,
	"genero" text NOT NULL,
	"nacimiento" date NOT NULL,
	"actualizado" timestamp with time zone NOT NULL,
	CONSTRAINT "persona_documento_uq" UNIQUE("ctipo_documento","numero")
);
--> statement-breakpoint
ALTER TABLE "asiento_pasajero" ADD CONSTRAINT "asiento_pasajero_cviaje_asiento_viaje_asiento_cviaje_asiento_fk" FOREIGN KEY ("cviaje_asiento") REFERENCES "public"."viaje_asiento"("cviaje_asiento") ON DELETE no action ON UPDATE no action;