CREATE TABLE "cierre_codigo" (
	"ccuenta" integer PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	CONSTRAINT "cierre_codigo_intentos" CHECK ("cierre_codigo"."intentos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cierre_codigo" ADD CONSTRAINT "cierre_codigo_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE cascade ON UPDATE no action;