ALTER TABLE "asiento_pasajero" ADD COLUMN "autorizacion_notarial" boolean;--> statement-breakpoint
ALTER TABLE "asiento_pasajero" ADD COLUMN "infante" jsonb;--> statement-breakpoint
ALTER TABLE "reserva_asiento" ADD COLUMN "autorizacion_notarial" boolean;--> statement-breakpoint
ALTER TABLE "reserva_asiento" ADD COLUMN "infante" jsonb;
