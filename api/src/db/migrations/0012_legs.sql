-- Issue 19: a seat is sold per stretch of its trip's route (`paradas`, an int4range of stop
-- positions: 0 the first terminal, 1..n the stops of ruta_escala, n + 1 the last terminal).
-- btree_gist lets one exclusion constraint combine `=` on the trip and seat with `&&` on the range.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "viaje_asiento" ADD COLUMN "paradas" int4range;--> statement-breakpoint
-- Every existing row (free 83, held 84, sold 82) was the seat over the whole route: it keeps its
-- id, state, key, expiry and client, now over [0, stops + 1).
UPDATE "viaje_asiento" va SET "paradas" = int4range(0, (
  SELECT count(e.orden)::int + 1 FROM "viaje" v LEFT JOIN "ruta_escala" e ON e.cruta = v.cruta WHERE v.cviaje = va.cviaje
));--> statement-breakpoint
ALTER TABLE "viaje_asiento" ALTER COLUMN "paradas" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "viaje_asiento" DROP CONSTRAINT "viaje_asiento_cviaje_nasiento_unique";--> statement-breakpoint
ALTER TABLE "viaje_asiento" ADD CONSTRAINT "viaje_asiento_paradas_unique" UNIQUE("cviaje","nasiento","paradas");--> statement-breakpoint
ALTER TABLE "viaje_asiento" ADD CONSTRAINT "viaje_asiento_paradas_check" CHECK (NOT isempty("paradas") AND lower("paradas") >= 0);--> statement-breakpoint
-- The database itself refuses two holds or sales of one seat of one trip over overlapping
-- stretches. Free rows (83) are outside it; an expired hold is inside until a hold over it frees it.
ALTER TABLE "viaje_asiento" ADD CONSTRAINT "viaje_asiento_paradas_excl"
  EXCLUDE USING gist ("cviaje" WITH =, "nasiento" WITH =, "paradas" WITH &&) WHERE ("gestado_asiento" IN (82, 84));
