ALTER TABLE "viaje_asiento" ADD COLUMN "direccion_hash" text;--> statement-breakpoint
CREATE INDEX "viaje_asiento_direccion_idx" ON "viaje_asiento" USING btree ("cviaje","direccion_hash");
