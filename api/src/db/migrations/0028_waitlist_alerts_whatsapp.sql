CREATE TABLE "lista_espera" (
	"cespera" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lista_espera_cespera_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cviaje" integer NOT NULL,
	"paradas" "int4range" NOT NULL,
	"cterminal_origen" integer NOT NULL,
	"cterminal_destino" integer NOT NULL,
	"asientos" integer NOT NULL,
	"correo" text NOT NULL,
	"ccuenta" integer,
	"idioma" text NOT NULL,
	"dia" text NOT NULL,
	"estado" text DEFAULT 'esperando' NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	"ofrecido" timestamp with time zone,
	"oferta_expira" timestamp with time zone,
	"clave_hash" text,
	"terminado" timestamp with time zone,
	CONSTRAINT "lista_espera_estado_check" CHECK ("lista_espera"."estado" in ('esperando', 'ofrecido', 'atendido', 'vencido', 'retirado', 'cerrado')),
	CONSTRAINT "lista_espera_asientos_check" CHECK ("lista_espera"."asientos" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "alerta_precio" (
	"calerta" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alerta_precio_calerta_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ccuenta" integer NOT NULL,
	"origen" text NOT NULL,
	"destino" text NOT NULL,
	"desde" text,
	"hasta" text,
	"tope" integer NOT NULL,
	"idioma" text NOT NULL,
	"activa" boolean DEFAULT true NOT NULL,
	"avisado" integer,
	"avisado_dia" text,
	"avisado_en" timestamp with time zone,
	"creada" timestamp with time zone NOT NULL,
	"terminada" timestamp with time zone,
	CONSTRAINT "alerta_precio_tope_check" CHECK ("alerta_precio"."tope" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_envio" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_envio_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clave" text NOT NULL,
	"telefono" text NOT NULL,
	"plantilla" text NOT NULL,
	"idioma" text NOT NULL,
	"parametros" jsonb NOT NULL,
	"documento" jsonb,
	"wamid" text,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "whatsapp_envio_clave_uq" UNIQUE("clave"),
	CONSTRAINT "whatsapp_envio_estado_check" CHECK ("whatsapp_envio"."estado" in ('pendiente', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "consentimiento" DROP CONSTRAINT "consentimiento_finalidad_check";--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_cviaje_viaje_cviaje_fk" FOREIGN KEY ("cviaje") REFERENCES "public"."viaje"("cviaje") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerta_precio" ADD CONSTRAINT "alerta_precio_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lista_espera_cola_idx" ON "lista_espera" USING btree ("cviaje","estado","cespera");--> statement-breakpoint
CREATE INDEX "lista_espera_correo_idx" ON "lista_espera" USING btree ("correo","dia");--> statement-breakpoint
CREATE UNIQUE INDEX "lista_espera_activa_uq" ON "lista_espera" USING btree ("cviaje","paradas","correo") WHERE "lista_espera"."estado" in ('esperando', 'ofrecido');--> statement-breakpoint
CREATE INDEX "alerta_precio_ruta_idx" ON "alerta_precio" USING btree ("origen","destino") WHERE "alerta_precio"."activa";--> statement-breakpoint
CREATE INDEX "alerta_precio_cuenta_idx" ON "alerta_precio" USING btree ("ccuenta");--> statement-breakpoint
CREATE INDEX "whatsapp_envio_due_idx" ON "whatsapp_envio" USING btree ("next_attempt_at") WHERE "whatsapp_envio"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "whatsapp_envio_telefono_idx" ON "whatsapp_envio" USING btree ("telefono","sent_at");--> statement-breakpoint
CREATE INDEX "whatsapp_envio_wamid_idx" ON "whatsapp_envio" USING btree ("wamid");--> statement-breakpoint
ALTER TABLE "consentimiento" ADD CONSTRAINT "consentimiento_finalidad_check" CHECK ("consentimiento"."finalidad" in ('promociones', 'alertas_precio', 'servicio'));