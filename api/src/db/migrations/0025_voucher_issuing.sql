ALTER TABLE "comprobante" ALTER COLUMN "xml" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comprobante" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "contenido" text;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "firmado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "reemplaza" integer;--> statement-breakpoint
UPDATE "comprobante" SET "firmado" = "emitido" WHERE "xml" IS NOT NULL;
