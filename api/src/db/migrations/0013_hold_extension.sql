CREATE TABLE "bloqueo_prorroga" (
	"clave_hash" text PRIMARY KEY NOT NULL,
	"prorrogas" integer DEFAULT 0 NOT NULL,
	"tope" timestamp with time zone NOT NULL
);
