CREATE TABLE "clave_fallo_cliente" (
	"ccuenta" integer NOT NULL,
	"cliente_hash" text NOT NULL,
	"fallo_en" timestamp with time zone NOT NULL,
	CONSTRAINT "clave_fallo_cliente_ccuenta_cliente_hash_pk" PRIMARY KEY("ccuenta","cliente_hash")
);
--> statement-breakpoint
ALTER TABLE "clave_fallo_cliente" ADD CONSTRAINT "clave_fallo_cliente_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE cascade ON UPDATE no action;
