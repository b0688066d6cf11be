CREATE TABLE "cuenta_enlace" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cuenta_enlace_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ccuenta" integer NOT NULL,
	"tipo" text NOT NULL,
	"hash" text NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"usado_en" timestamp with time zone,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cuenta_enlace_hash_unique" UNIQUE("hash"),
	CONSTRAINT "cuenta_enlace_tipo" CHECK ("cuenta_enlace"."tipo" in ('confirmar', 'recuperar'))
);
--> statement-breakpoint
CREATE TABLE "otp_codigo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otp_codigo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ccuenta" integer NOT NULL,
	"hash" text NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otp_codigo_ccuenta_unique" UNIQUE("ccuenta"),
	CONSTRAINT "otp_codigo_intentos" CHECK ("otp_codigo"."intentos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "puntos_movimiento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "puntos_movimiento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ccuenta" integer NOT NULL,
	"puntos" integer NOT NULL,
	"concepto" text NOT NULL,
	"detalle" text DEFAULT '' NOT NULL,
	"saldo" integer NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "puntos_movimiento_saldo" CHECK ("puntos_movimiento"."saldo" >= 0),
	CONSTRAINT "puntos_movimiento_puntos" CHECK ("puntos_movimiento"."puntos" <> 0),
	CONSTRAINT "puntos_movimiento_concepto" CHECK ("puntos_movimiento"."concepto" in ('viaje', 'canje', 'bienvenida', 'ajuste'))
);
--> statement-breakpoint
ALTER TABLE "cuenta" ADD COLUMN "correo_cc" text;--> statement-breakpoint
ALTER TABLE "cuenta" ADD COLUMN "clave_hash" text;--> statement-breakpoint
ALTER TABLE "cuenta" ADD COLUMN "correo_confirmado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cuenta" ADD COLUMN "google_sub" text;--> statement-breakpoint
ALTER TABLE "cuenta" ADD COLUMN "facebook_id" text;--> statement-breakpoint
ALTER TABLE "cuenta" ADD COLUMN "idioma" text DEFAULT 'es-PE' NOT NULL;--> statement-breakpoint
ALTER TABLE "cuenta_enlace" ADD CONSTRAINT "cuenta_enlace_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codigo" ADD CONSTRAINT "otp_codigo_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puntos_movimiento" ADD CONSTRAINT "puntos_movimiento_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cuenta_enlace_ccuenta_tipo_index" ON "cuenta_enlace" USING btree ("ccuenta","tipo");--> statement-breakpoint
CREATE INDEX "puntos_movimiento_ccuenta_id_index" ON "puntos_movimiento" USING btree ("ccuenta","id");--> statement-breakpoint
ALTER TABLE "cuenta" ADD CONSTRAINT "cuenta_google_sub_unique" UNIQUE("google_sub");--> statement-breakpoint
ALTER TABLE "cuenta" ADD CONSTRAINT "cuenta_facebook_id_unique" UNIQUE("facebook_id");