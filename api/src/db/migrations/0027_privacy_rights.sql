CREATE TABLE "cierre_codigo" (
	"ccuenta" integer PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	CONSTRAINT "cierre_codigo_intentos" CHECK ("cierre_codigo"."intentos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "datos_borrados" (
	"creserva" integer PRIMARY KEY NOT NULL,
	"origen" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	CONSTRAINT "datos_borrados_origen_check" CHECK ("datos_borrados"."origen" in ('invitado', 'retencion'))
);
--> statement-breakpoint
CREATE TABLE "incidente_aviso" (
	"id_incidente" integer NOT NULL,
	"correo" text NOT NULL,
	"idioma" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	CONSTRAINT "incidente_aviso_id_incidente_correo_pk" PRIMARY KEY("id_incidente","correo")
);
--> statement-breakpoint
CREATE TABLE "incidente_seguridad" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incidente_seguridad_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"titulo" text NOT NULL,
	"descripcion" text NOT NULL,
	"desde" timestamp with time zone NOT NULL,
	"hasta" timestamp with time zone NOT NULL,
	"datos" jsonb NOT NULL,
	"detectado" timestamp with time zone NOT NULL,
	"registrado" timestamp with time zone NOT NULL,
	"operador" text NOT NULL,
	"anpd_comunicado" timestamp with time zone,
	"cnsd_comunicado" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tarea_periodica" (
	"nombre" text PRIMARY KEY NOT NULL,
	"ultima" timestamp with time zone NOT NULL,
	"resultado" jsonb
);
--> statement-breakpoint
ALTER TABLE "cierre_codigo" ADD CONSTRAINT "cierre_codigo_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datos_borrados" ADD CONSTRAINT "datos_borrados_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidente_aviso" ADD CONSTRAINT "incidente_aviso_id_incidente_incidente_seguridad_id_fk" FOREIGN KEY ("id_incidente") REFERENCES "public"."incidente_seguridad"("id") ON DELETE no action ON UPDATE no action;