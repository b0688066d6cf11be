ALTER TABLE "viaje_asiento" ADD COLUMN "cliente_hash" text;--> statement-breakpoint
CREATE INDEX "viaje_asiento_cliente_idx" ON "viaje_asiento" USING btree ("cviaje","cliente_hash");