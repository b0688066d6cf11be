CREATE TABLE "boleto" (
	"numero" text PRIMARY KEY NOT NULL,
	"creserva" integer NOT NULL,
	"cviaje_asiento" integer NOT NULL,
	"qr" text NOT NULL,
	"emitido" timestamp with time zone NOT NULL,
	CONSTRAINT "boleto_asiento_uq" UNIQUE("cviaje_asiento")
);
--> statement-breakpoint
CREATE TABLE "invitado" (
	"cinvitado" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitado_cinvitado_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"email" text NOT NULL,
	"creado" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pago" (
	"cpago" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pago_cpago_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"creserva" integer NOT NULL,
	"referencia" text NOT NULL,
	"proveedor" text NOT NULL,
	"metodo" text NOT NULL,
	"estado" text NOT NULL,
	"monto_centimos" integer NOT NULL,
	"url" text,
	"cip" text,
	"expira" timestamp with time zone,
	"operacion" text,
	"creado" timestamp with time zone NOT NULL,
	CONSTRAINT "pago_referencia_unique" UNIQUE("referencia"),
	CONSTRAINT "pago_estado_check" CHECK ("pago"."estado" in ('iniciado', 'pagado', 'rechazado'))
);
--> statement-breakpoint
CREATE TABLE "pago_aviso" (
	"caviso" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pago_aviso_caviso_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"proveedor" text NOT NULL,
	"operacion" text NOT NULL,
	"referencia" text NOT NULL,
	"cpago" integer,
	"estado" text NOT NULL,
	"monto_centimos" integer NOT NULL,
	"moneda" text NOT NULL,
	"resultado" text NOT NULL,
	"recibido" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reserva" (
	"creserva" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reserva_creserva_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"codigo" text NOT NULL,
	"clave_hash" text NOT NULL,
	"estado" text NOT NULL,
	"motivo" text,
	"alerta" text,
	"expira" timestamp with time zone NOT NULL,
	"subtotal_centimos" integer NOT NULL,
	"descuento_centimos" integer NOT NULL,
	"total_centimos" integer NOT NULL,
	"cupon" text,
	"descuento_pct" integer,
	"comprador_nombre" text NOT NULL,
	"comprador_email" text NOT NULL,
	"comprobante" text NOT NULL,
	"ruc" text,
	"razon_social" text,
	"ccuenta" integer,
	"idioma" text NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	"pagado" timestamp with time zone,
	CONSTRAINT "reserva_codigo_unique" UNIQUE("codigo"),
	CONSTRAINT "reserva_estado_check" CHECK ("reserva"."estado" in ('pendiente', 'pagada', 'anulada', 'reembolso')),
	CONSTRAINT "reserva_total_check" CHECK ("reserva"."total_centimos" >= 0 and "reserva"."total_centimos" = "reserva"."subtotal_centimos" - "reserva"."descuento_centimos")
);
--> statement-breakpoint
CREATE TABLE "reserva_asiento" (
	"creserva" integer NOT NULL,
	"cviaje_asiento" integer NOT NULL,
	"cviaje" integer NOT NULL,
	"tramo" text NOT NULL,
	"nasiento" integer NOT NULL,
	"gnivel_piso" integer NOT NULL,
	"precio_centimos" integer NOT NULL,
	"ctipo_documento" integer NOT NULL,
	"numero" text NOT NULL,
	"nombres" text NOT NULL,
	"paterno" text NOT NULL,
	"materno" text NOT NULL,
	"email" text NOT NULL,
	"nacimiento" date NOT NULL,
	"menor" boolean NOT NULL,
	"cviaje_asiento_responsable" integer,
	"parentesco" text,
	CONSTRAINT "reserva_asiento_creserva_cviaje_asiento_unique" UNIQUE("creserva","cviaje_asiento")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "adjunto" text;--> statement-breakpoint
ALTER TABLE "boleto" ADD CONSTRAINT "boleto_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boleto" ADD CONSTRAINT "boleto_cviaje_asiento_viaje_asiento_cviaje_asiento_fk" FOREIGN KEY ("cviaje_asiento") REFERENCES "public"."viaje_asiento"("cviaje_asiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pago" ADD CONSTRAINT "pago_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pago_aviso" ADD CONSTRAINT "pago_aviso_cpago_pago_cpago_fk" FOREIGN KEY ("cpago") REFERENCES "public"."pago"("cpago") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserva" ADD CONSTRAINT "reserva_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserva_asiento" ADD CONSTRAINT "reserva_asiento_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserva_asiento" ADD CONSTRAINT "reserva_asiento_cviaje_asiento_viaje_asiento_cviaje_asiento_fk" FOREIGN KEY ("cviaje_asiento") REFERENCES "public"."viaje_asiento"("cviaje_asiento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserva_asiento" ADD CONSTRAINT "reserva_asiento_cviaje_viaje_cviaje_fk" FOREIGN KEY ("cviaje") REFERENCES "public"."viaje"("cviaje") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boleto_creserva_index" ON "boleto" USING btree ("creserva");--> statement-breakpoint
CREATE INDEX "invitado_email_index" ON "invitado" USING btree ("email");--> statement-breakpoint
CREATE INDEX "pago_creserva_index" ON "pago" USING btree ("creserva");--> statement-breakpoint
CREATE UNIQUE INDEX "pago_aviso_operacion_uq" ON "pago_aviso" USING btree ("proveedor","operacion");--> statement-breakpoint
CREATE INDEX "reserva_clave_hash_index" ON "reserva" USING btree ("clave_hash");--> statement-breakpoint
CREATE INDEX "reserva_ccuenta_index" ON "reserva" USING btree ("ccuenta");--> statement-breakpoint
CREATE INDEX "reserva_asiento_cviaje_asiento_index" ON "reserva_asiento" USING btree ("cviaje_asiento");