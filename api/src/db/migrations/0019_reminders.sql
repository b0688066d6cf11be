CREATE TABLE "recordatorio" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recordatorio_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"creserva" integer NOT NULL,
	"cviaje" integer NOT NULL,
	"tipo" text NOT NULL,
	"enviado" timestamp with time zone NOT NULL,
	CONSTRAINT "recordatorio_uq" UNIQUE("creserva","cviaje","tipo"),
	CONSTRAINT "recordatorio_tipo_check" CHECK ("recordatorio"."tipo" in ('24h', '3h'))
);
--> statement-breakpoint
CREATE TABLE "recordatorio_baja" (
	"creserva" integer PRIMARY KEY NOT NULL,
	"registrada" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "baja" text;--> statement-breakpoint
ALTER TABLE "recordatorio" ADD CONSTRAINT "recordatorio_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordatorio" ADD CONSTRAINT "recordatorio_cviaje_viaje_cviaje_fk" FOREIGN KEY ("cviaje") REFERENCES "public"."viaje"("cviaje") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordatorio_baja" ADD CONSTRAINT "recordatorio_baja_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;
