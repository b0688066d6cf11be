-- Issue 35: disruptions (viaje_incidencia, incidencia_aviso), what a ticket's holder chose or
-- changed (boleto_cambio), refunds (reembolso) and travel credit (credito, credito_movimiento).
-- (Generated; the snapshot before it named reserva_asiento.tramo `paradas`: the two statements
-- drizzle-kit wrote to "fix" that were removed, the database has had `tramo` since 0005.)
CREATE TABLE "boleto_cambio" (
	"numero" text PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"cincidencia" integer,
	"boleto_nuevo" text,
	"monto_centimos" integer DEFAULT 0 NOT NULL,
	"cargo_centimos" integer DEFAULT 0 NOT NULL,
	"pasajero_anterior" jsonb,
	"creado" timestamp with time zone NOT NULL,
	CONSTRAINT "boleto_cambio_tipo_check" CHECK ("boleto_cambio"."tipo" in ('reprogramacion', 'reembolso', 'credito', 'anulacion', 'transferencia'))
);
--> statement-breakpoint
CREATE TABLE "incidencia_aviso" (
	"cincidencia" integer NOT NULL,
	"revision" integer NOT NULL,
	"numero" text NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	CONSTRAINT "incidencia_aviso_cincidencia_revision_numero_pk" PRIMARY KEY("cincidencia","revision","numero")
);
--> statement-breakpoint
CREATE TABLE "reembolso" (
	"creembolso" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reembolso_creembolso_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"numero" text NOT NULL,
	"creserva" integer NOT NULL,
	"cpago" integer,
	"proveedor" text NOT NULL,
	"monto_centimos" integer NOT NULL,
	"clave" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"operacion" text,
	"respuesta" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	"resuelto" timestamp with time zone,
	CONSTRAINT "reembolso_clave_unique" UNIQUE("clave"),
	CONSTRAINT "reembolso_estado_check" CHECK ("reembolso"."estado" in ('pendiente', 'hecho', 'fallido')),
	CONSTRAINT "reembolso_monto_check" CHECK ("reembolso"."monto_centimos" > 0)
);
--> statement-breakpoint
CREATE TABLE "viaje_incidencia" (
	"cincidencia" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "viaje_incidencia_cincidencia_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cviaje" integer NOT NULL,
	"paradas" "int4range" NOT NULL,
	"tipo" text NOT NULL,
	"minutos" integer DEFAULT 0 NOT NULL,
	"motivo_es" text NOT NULL,
	"motivo_en" text NOT NULL,
	"operador" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"declarada" timestamp with time zone NOT NULL,
	"actualizada" timestamp with time zone NOT NULL,
	CONSTRAINT "viaje_incidencia_uq" UNIQUE("cviaje","paradas","tipo"),
	CONSTRAINT "viaje_incidencia_tipo_check" CHECK ("viaje_incidencia"."tipo" in ('retraso', 'cancelacion')),
	CONSTRAINT "viaje_incidencia_minutos_check" CHECK ("viaje_incidencia"."minutos" >= 0 and "viaje_incidencia"."minutos" <= 2880)
);
--> statement-breakpoint
CREATE TABLE "credito" (
	"ccredito" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credito_ccredito_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ccuenta" integer,
	"creserva_titular" integer,
	"monto_centimos" integer NOT NULL,
	"saldo_centimos" integer NOT NULL,
	"origen" text NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	CONSTRAINT "credito_saldo_check" CHECK ("credito"."saldo_centimos" >= 0 and "credito"."saldo_centimos" <= "credito"."monto_centimos" and "credito"."monto_centimos" > 0),
	CONSTRAINT "credito_titular_check" CHECK ("credito"."ccuenta" is not null or "credito"."creserva_titular" is not null)
);
--> statement-breakpoint
CREATE TABLE "credito_movimiento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credito_movimiento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ccredito" integer NOT NULL,
	"monto_centimos" integer NOT NULL,
	"concepto" text NOT NULL,
	"creserva" integer,
	"fecha" timestamp with time zone NOT NULL,
	CONSTRAINT "credito_movimiento_concepto_check" CHECK ("credito_movimiento"."concepto" in ('emision', 'canje'))
);
--> statement-breakpoint
ALTER TABLE "boleto" DROP CONSTRAINT "boleto_estado_check";--> statement-breakpoint
ALTER TABLE "boleto_movimiento" DROP CONSTRAINT "boleto_movimiento_tipo_check";--> statement-breakpoint
ALTER TABLE "boleto_cambio" ADD CONSTRAINT "boleto_cambio_numero_boleto_numero_fk" FOREIGN KEY ("numero") REFERENCES "public"."boleto"("numero") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boleto_cambio" ADD CONSTRAINT "boleto_cambio_cincidencia_viaje_incidencia_cincidencia_fk" FOREIGN KEY ("cincidencia") REFERENCES "public"."viaje_incidencia"("cincidencia") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidencia_aviso" ADD CONSTRAINT "incidencia_aviso_cincidencia_viaje_incidencia_cincidencia_fk" FOREIGN KEY ("cincidencia") REFERENCES "public"."viaje_incidencia"("cincidencia") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidencia_aviso" ADD CONSTRAINT "incidencia_aviso_numero_boleto_numero_fk" FOREIGN KEY ("numero") REFERENCES "public"."boleto"("numero") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso" ADD CONSTRAINT "reembolso_numero_boleto_numero_fk" FOREIGN KEY ("numero") REFERENCES "public"."boleto"("numero") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso" ADD CONSTRAINT "reembolso_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolso" ADD CONSTRAINT "reembolso_cpago_pago_cpago_fk" FOREIGN KEY ("cpago") REFERENCES "public"."pago"("cpago") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viaje_incidencia" ADD CONSTRAINT "viaje_incidencia_cviaje_viaje_cviaje_fk" FOREIGN KEY ("cviaje") REFERENCES "public"."viaje"("cviaje") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credito" ADD CONSTRAINT "credito_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credito" ADD CONSTRAINT "credito_creserva_titular_reserva_creserva_fk" FOREIGN KEY ("creserva_titular") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credito_movimiento" ADD CONSTRAINT "credito_movimiento_ccredito_credito_ccredito_fk" FOREIGN KEY ("ccredito") REFERENCES "public"."credito"("ccredito") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credito_movimiento" ADD CONSTRAINT "credito_movimiento_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidencia_aviso_numero_index" ON "incidencia_aviso" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "reembolso_numero_index" ON "reembolso" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "viaje_incidencia_cviaje_index" ON "viaje_incidencia" USING btree ("cviaje");--> statement-breakpoint
CREATE INDEX "credito_ccuenta_index" ON "credito" USING btree ("ccuenta");--> statement-breakpoint
CREATE INDEX "credito_creserva_titular_index" ON "credito" USING btree ("creserva_titular");--> statement-breakpoint
CREATE INDEX "credito_movimiento_ccredito_index" ON "credito_movimiento" USING btree ("ccredito");--> statement-breakpoint
ALTER TABLE "boleto" ADD CONSTRAINT "boleto_estado_check" CHECK ("boleto"."estado" in ('emitido', 'postergado', 'anulado', 'transferido'));--> statement-breakpoint
ALTER TABLE "boleto_movimiento" ADD CONSTRAINT "boleto_movimiento_tipo_check" CHECK ("boleto_movimiento"."tipo" in ('emision', 'postergacion', 'anulacion', 'transferencia'));