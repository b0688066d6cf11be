ALTER TABLE "asiento_pasajero" ADD COLUMN "autorizacion_notarial" boolean;--> statement-breakpoint
ALTER TABLE "asiento_pasajero" ADD COLUMN "infante" jsonb;--> statement-breakpoint
ALTER TABLE "reserva_asiento" ADD COLUMN "autorizacion_notarial" boolean;--> statement-breakpoint
ALTER TABLE "reserva_asiento" ADD COLUMN "infante" jsonb;
--> statement-breakpoint
ALTER TABLE "encomienda" ADD COLUMN "precio_centimos" integer;--> statement-breakpoint
ALTER TABLE "encomienda" ADD COLUMN "pagado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "encomienda" ADD COLUMN "remitente_tipo_documento" integer;--> statement-breakpoint
ALTER TABLE "encomienda" ADD COLUMN "remitente_documento" text;--> statement-breakpoint
ALTER TABLE "encomienda" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "encomienda" ADD COLUMN "idioma" text;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "codigo_encomienda" text;--> statement-breakpoint
ALTER TABLE "comprobante" ADD CONSTRAINT "comprobante_codigo_encomienda_encomienda_codigo_fk" FOREIGN KEY ("codigo_encomienda") REFERENCES "public"."encomienda"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comprobante_codigo_encomienda_index" ON "comprobante" USING btree ("codigo_encomienda");
