-- Issue 35: each ticket keeps its own passenger (a transfer renames the seat's row, not the old ticket).
ALTER TABLE "boleto" ADD COLUMN "pasajero_ctipo_documento" integer;--> statement-breakpoint
ALTER TABLE "boleto" ADD COLUMN "pasajero_numero" text;--> statement-breakpoint
ALTER TABLE "boleto" ADD COLUMN "pasajero_nombres" text;--> statement-breakpoint
ALTER TABLE "boleto" ADD COLUMN "pasajero_paterno" text;--> statement-breakpoint
ALTER TABLE "boleto" ADD COLUMN "pasajero_materno" text;--> statement-breakpoint
ALTER TABLE "boleto" ADD COLUMN "pasajero_nacimiento" date;--> statement-breakpoint
UPDATE "boleto" b SET
	"pasajero_ctipo_documento" = ra."ctipo_documento", "pasajero_numero" = ra."numero", "pasajero_nombres" = ra."nombres",
	"pasajero_paterno" = ra."paterno", "pasajero_materno" = ra."materno", "pasajero_nacimiento" = ra."nacimiento"
FROM "reserva_asiento" ra WHERE ra."creserva" = b."creserva" AND ra."cviaje_asiento" = b."cviaje_asiento";--> statement-breakpoint
-- A ticket already transferred: its passenger is the one the transfer kept (the seat's row names the new one).
UPDATE "boleto" b SET
	"pasajero_ctipo_documento" = (c."pasajero_anterior"->>'ctipo_documento')::integer, "pasajero_numero" = c."pasajero_anterior"->>'numero',
	"pasajero_nombres" = c."pasajero_anterior"->>'nombres', "pasajero_paterno" = c."pasajero_anterior"->>'paterno',
	"pasajero_materno" = c."pasajero_anterior"->>'materno', "pasajero_nacimiento" = (c."pasajero_anterior"->>'nacimiento')::date
FROM "boleto_cambio" c WHERE c."numero" = b."numero" AND c."tipo" = 'transferencia' AND c."pasajero_anterior" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "boleto" ALTER COLUMN "pasajero_ctipo_documento" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "boleto" ALTER COLUMN "pasajero_numero" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "boleto" ALTER COLUMN "pasajero_nombres" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "boleto" ALTER COLUMN "pasajero_paterno" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "boleto" ALTER COLUMN "pasajero_materno" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "boleto" ALTER COLUMN "pasajero_nacimiento" SET NOT NULL;--> statement-breakpoint
-- Travel credit held on a pending reservation as part of its payment.
CREATE TABLE "credito_retencion" (
	"creserva" integer PRIMARY KEY NOT NULL,
	"ccuenta" integer,
	"creserva_titular" integer,
	"monto_centimos" integer NOT NULL,
	"estado" text DEFAULT 'retenido' NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	CONSTRAINT "credito_retencion_check" CHECK ("credito_retencion"."monto_centimos" > 0 and "credito_retencion"."estado" in ('retenido', 'canjeado') and ("credito_retencion"."ccuenta" is not null or "credito_retencion"."creserva_titular" is not null))
);
--> statement-breakpoint
ALTER TABLE "credito_retencion" ADD CONSTRAINT "credito_retencion_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credito_retencion" ADD CONSTRAINT "credito_retencion_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credito_retencion" ADD CONSTRAINT "credito_retencion_creserva_titular_reserva_creserva_fk" FOREIGN KEY ("creserva_titular") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credito_retencion_ccuenta_index" ON "credito_retencion" USING btree ("ccuenta");--> statement-breakpoint
CREATE INDEX "credito_retencion_creserva_titular_index" ON "credito_retencion" USING btree ("creserva_titular");--> statement-breakpoint
-- Refunds retried by the periodic job; 'revision' is the operator's to settle.
ALTER TABLE "reembolso" ADD COLUMN "proximo" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reembolso" DROP CONSTRAINT "reembolso_estado_check";--> statement-breakpoint
ALTER TABLE "reembolso" ADD CONSTRAINT "reembolso_estado_check" CHECK ("reembolso"."estado" in ('pendiente', 'hecho', 'fallido', 'revision'));--> statement-breakpoint
UPDATE "reembolso" SET "proximo" = now() WHERE "estado" = 'fallido';--> statement-breakpoint
CREATE INDEX "reembolso_estado_proximo_index" ON "reembolso" USING btree ("estado","proximo");
