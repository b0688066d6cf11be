CREATE TABLE "consentimiento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consentimiento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ccuenta" integer NOT NULL,
	"canal" text NOT NULL,
	"finalidad" text NOT NULL,
	"otorgado" boolean NOT NULL,
	"version" text NOT NULL,
	"origen" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	CONSTRAINT "consentimiento_canal_check" CHECK ("consentimiento"."canal" in ('correo', 'push', 'whatsapp')),
	CONSTRAINT "consentimiento_finalidad_check" CHECK ("consentimiento"."finalidad" in ('promociones', 'alertas_precio')),
	CONSTRAINT "consentimiento_origen_check" CHECK ("consentimiento"."origen" in ('cuenta', 'suscripcion', 'cierre'))
);
--> statement-breakpoint
ALTER TABLE "cuenta" ADD COLUMN "cerrada_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consentimiento" ADD CONSTRAINT "consentimiento_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consentimiento_ccuenta_canal_finalidad_id_index" ON "consentimiento" USING btree ("ccuenta","canal","finalidad","id");