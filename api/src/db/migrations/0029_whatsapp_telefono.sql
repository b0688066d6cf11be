CREATE TABLE "whatsapp_telefono" (
	"ccuenta" integer PRIMARY KEY NOT NULL,
	"telefono" text NOT NULL,
	"hash" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"expira" timestamp with time zone,
	"confirmado" timestamp with time zone,
	CONSTRAINT "whatsapp_telefono_intentos" CHECK ("whatsapp_telefono"."intentos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "whatsapp_telefono" ADD CONSTRAINT "whatsapp_telefono_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE cascade ON UPDATE no action;