CREATE TABLE "datos_borrados" (
	"creserva" integer PRIMARY KEY NOT NULL,
	"origen" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	CONSTRAINT "datos_borrados_origen_check" CHECK ("datos_borrados"."origen" in ('invitado', 'retencion'))
);
--> statement-breakpoint
CREATE TABLE "tarea_periodica" (
	"nombre" text PRIMARY KEY NOT NULL,
	"ultima" timestamp with time zone NOT NULL,
	"resultado" jsonb
);
--> statement-breakpoint
ALTER TABLE "datos_borrados" ADD CONSTRAINT "datos_borrados_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;