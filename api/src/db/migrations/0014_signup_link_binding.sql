ALTER TABLE "cuenta_enlace" ADD COLUMN "registro" text;
