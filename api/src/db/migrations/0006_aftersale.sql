CREATE TABLE "acceso_recuperacion" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "acceso_recuperacion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"creserva" integer NOT NULL,
	"clave_hash" text NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	CONSTRAINT "acceso_recuperacion_clave_hash_unique" UNIQUE("clave_hash")
);
--> statement-breakpoint
CREATE TABLE "boleto_movimiento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "boleto_movimiento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"numero" text NOT NULL,
	"tipo" text NOT NULL,
	"boleto_desde" text,
	"boleto_hasta" text,
	"monto_centimos" integer NOT NULL,
	"creserva" integer NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	CONSTRAINT "boleto_movimiento_tipo_check" CHECK ("boleto_movimiento"."tipo" in ('emision', 'postergacion', 'anulacion'))
);
--> statement-breakpoint
CREATE TABLE "canje_puntos" (
	"clave_hash" text PRIMARY KEY NOT NULL,
	"ccuenta" integer NOT NULL,
	"puntos" integer NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"creserva" integer,
	"estado" text DEFAULT 'retenido' NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	CONSTRAINT "canje_puntos_check" CHECK ("canje_puntos"."puntos" >= 0 and "canje_puntos"."estado" in ('retenido', 'canjeado'))
);
--> statement-breakpoint
CREATE TABLE "declaracion_jurada" (
	"numero" text PRIMARY KEY NOT NULL,
	"contacto_nombre" text NOT NULL,
	"contacto_telefono" text NOT NULL,
	"sin_objetos_prohibidos" boolean NOT NULL,
	"apto_para_viajar" boolean NOT NULL,
	"datos_veraces" boolean NOT NULL,
	"registrada" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boleto" DROP CONSTRAINT "boleto_asiento_uq";--> statement-breakpoint
ALTER TABLE "reserva" DROP CONSTRAINT "reserva_total_check";--> statement-breakpoint
ALTER TABLE "boleto" ADD COLUMN "estado" text DEFAULT 'emitido' NOT NULL;--> statement-breakpoint
ALTER TABLE "boleto" ADD COLUMN "postergado_a" text;--> statement-breakpoint
ALTER TABLE "reserva" ADD COLUMN "tipo" text DEFAULT 'venta' NOT NULL;--> statement-breakpoint
ALTER TABLE "reserva" ADD COLUMN "boleto_origen" text;--> statement-breakpoint
ALTER TABLE "reserva" ADD COLUMN "creserva_origen" integer;--> statement-breakpoint
ALTER TABLE "reserva" ADD COLUMN "puntos_canje" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reserva" ADD COLUMN "canje_centimos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "acceso_recuperacion" ADD CONSTRAINT "acceso_recuperacion_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boleto_movimiento" ADD CONSTRAINT "boleto_movimiento_numero_boleto_numero_fk" FOREIGN KEY ("numero") REFERENCES "public"."boleto"("numero") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boleto_movimiento" ADD CONSTRAINT "boleto_movimiento_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canje_puntos" ADD CONSTRAINT "canje_puntos_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canje_puntos" ADD CONSTRAINT "canje_puntos_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaracion_jurada" ADD CONSTRAINT "declaracion_jurada_numero_boleto_numero_fk" FOREIGN KEY ("numero") REFERENCES "public"."boleto"("numero") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acceso_recuperacion_creserva_index" ON "acceso_recuperacion" USING btree ("creserva");--> statement-breakpoint
CREATE INDEX "boleto_movimiento_numero_index" ON "boleto_movimiento" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "canje_puntos_ccuenta_index" ON "canje_puntos" USING btree ("ccuenta");--> statement-breakpoint
CREATE UNIQUE INDEX "boleto_asiento_uq" ON "boleto" USING btree ("cviaje_asiento") WHERE "boleto"."estado" = 'emitido';--> statement-breakpoint
CREATE INDEX "reserva_boleto_origen_index" ON "reserva" USING btree ("boleto_origen");--> statement-breakpoint
ALTER TABLE "boleto" ADD CONSTRAINT "boleto_estado_check" CHECK ("boleto"."estado" in ('emitido', 'postergado'));--> statement-breakpoint
ALTER TABLE "reserva" ADD CONSTRAINT "reserva_tipo_check" CHECK ("reserva"."tipo" in ('venta', 'postergacion'));--> statement-breakpoint
ALTER TABLE "reserva" ADD CONSTRAINT "reserva_total_check" CHECK ("reserva"."total_centimos" >= 0 and "reserva"."canje_centimos" >= 0 and "reserva"."total_centimos" = "reserva"."subtotal_centimos" - "reserva"."descuento_centimos" - "reserva"."canje_centimos");