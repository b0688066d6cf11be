CREATE TABLE "sesion" (
	"jti" text PRIMARY KEY NOT NULL,
	"ccuenta" integer NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"revocada_en" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cuenta_enlace" DROP CONSTRAINT "cuenta_enlace_tipo";--> statement-breakpoint
ALTER TABLE "cuenta" ADD COLUMN "correo_cc_confirmado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sesion" ADD CONSTRAINT "sesion_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sesion_ccuenta_index" ON "sesion" USING btree ("ccuenta");--> statement-breakpoint
ALTER TABLE "cuenta_enlace" ADD CONSTRAINT "cuenta_enlace_tipo" CHECK ("cuenta_enlace"."tipo" in ('confirmar', 'recuperar', 'cc'));