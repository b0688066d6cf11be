-- Issue 44 (paid notices at rush): a paid sale's voucher may be numbered at its commit. It is
-- inserted with correlativo 0; a row trigger gives it a placeholder (minus its id: unique, never a
-- real number) and a deferred constraint trigger, which runs inside the sale's transaction as it
-- commits, takes the series' next number (the counter row, locked from there to the commit) and
-- writes it on the voucher and its content. The counter row is held only while PostgreSQL commits,
-- not while the application sends its last statements: sales of one series no longer queue for each
-- other's round trips. A series at 99999999 fails the commit with SQLSTATE RB001 (nothing is kept).
CREATE FUNCTION "comprobante_por_numerar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."correlativo" := -NEW."ccomprobante";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "comprobante_por_numerar" BEFORE INSERT ON "comprobante" FOR EACH ROW WHEN (NEW."correlativo" = 0) EXECUTE FUNCTION "comprobante_por_numerar"();--> statement-breakpoint
CREATE FUNCTION "comprobante_numerar"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  INSERT INTO "comprobante_serie" AS s ("tipo", "serie", "ultimo") VALUES (NEW."tipo", NEW."serie", 1)
  ON CONFLICT ("tipo", "serie") DO UPDATE SET "ultimo" = s."ultimo" + 1 WHERE s."ultimo" < 99999999
  RETURNING s."ultimo" INTO n;
  IF n IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'RB001', MESSAGE = format('voucher series %s-%s is exhausted', NEW."tipo", NEW."serie");
  END IF;
  UPDATE "comprobante"
  SET "correlativo" = n, "contenido" = jsonb_set("contenido"::jsonb, '{correlativo}', to_jsonb(n))::text
  WHERE "ccomprobante" = NEW."ccomprobante";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "comprobante_numero_al_confirmar" AFTER INSERT ON "comprobante" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."correlativo" < 0) EXECUTE FUNCTION "comprobante_numerar"();
