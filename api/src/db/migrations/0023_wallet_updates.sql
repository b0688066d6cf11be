CREATE TABLE "pase_cambio" (
	"numero" text PRIMARY KEY NOT NULL,
	"actualizado" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pase_envio" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pase_envio_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"billetera" text NOT NULL,
	"destino" text NOT NULL,
	"clave" text NOT NULL,
	"numero" text NOT NULL,
	"titulo" text NOT NULL,
	"cuerpo" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pase_envio_uq" UNIQUE("billetera","destino","clave"),
	CONSTRAINT "pase_envio_billetera_check" CHECK ("pase_envio"."billetera" in ('apple', 'google'))
);
--> statement-breakpoint
CREATE TABLE "pase_registro" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pase_registro_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dispositivo" text NOT NULL,
	"push_token" text NOT NULL,
	"numero" text NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	CONSTRAINT "pase_registro_uq" UNIQUE("dispositivo","numero")
);
--> statement-breakpoint
CREATE INDEX "pase_envio_due_idx" ON "pase_envio" USING btree ("next_attempt_at") WHERE "pase_envio"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "pase_registro_numero_index" ON "pase_registro" USING btree ("numero");