CREATE TABLE "recuperacion_codigo" (
	"creserva" integer PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	CONSTRAINT "recuperacion_codigo_intentos" CHECK ("recuperacion_codigo"."intentos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "recuperacion_codigo" ADD CONSTRAINT "recuperacion_codigo_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE cascade ON UPDATE no action;