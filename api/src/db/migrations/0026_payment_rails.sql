CREATE TABLE "pago_riel" (
	"riel" text PRIMARY KEY NOT NULL,
	"fallas" integer NOT NULL,
	"desde" timestamp with time zone NOT NULL,
	"oculto_hasta" timestamp with time zone
);
