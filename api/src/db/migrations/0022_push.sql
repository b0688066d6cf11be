CREATE TABLE "push_envio" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_envio_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"csuscripcion" integer NOT NULL,
	"clave" text NOT NULL,
	"titulo" text NOT NULL,
	"cuerpo" text NOT NULL,
	"url" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_envio_uq" UNIQUE("csuscripcion","clave")
);--> statement-breakpoint
CREATE TABLE "push_suscripcion" (
	"csuscripcion" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_suscripcion_csuscripcion_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"creada" timestamp with time zone NOT NULL,
	CONSTRAINT "push_suscripcion_endpoint_unique" UNIQUE("endpoint")
);--> statement-breakpoint
CREATE TABLE "push_vinculo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_vinculo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"csuscripcion" integer NOT NULL,
	"ccuenta" integer,
	"creserva" integer,
	CONSTRAINT "push_vinculo_cuenta_uq" UNIQUE("csuscripcion","ccuenta"),
	CONSTRAINT "push_vinculo_reserva_uq" UNIQUE("csuscripcion","creserva"),
	CONSTRAINT "push_vinculo_uno_check" CHECK (("push_vinculo"."ccuenta" is null) <> ("push_vinculo"."creserva" is null))
);--> statement-breakpoint
ALTER TABLE "push_envio" ADD CONSTRAINT "push_envio_csuscripcion_push_suscripcion_csuscripcion_fk" FOREIGN KEY ("csuscripcion") REFERENCES "public"."push_suscripcion"("csuscripcion") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_vinculo" ADD CONSTRAINT "push_vinculo_csuscripcion_push_suscripcion_csuscripcion_fk" FOREIGN KEY ("csuscripcion") REFERENCES "public"."push_suscripcion"("csuscripcion") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_vinculo" ADD CONSTRAINT "push_vinculo_ccuenta_cuenta_ccuenta_fk" FOREIGN KEY ("ccuenta") REFERENCES "public"."cuenta"("ccuenta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_vinculo" ADD CONSTRAINT "push_vinculo_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_envio_due_idx" ON "push_envio" USING btree ("next_attempt_at") WHERE "push_envio"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "push_vinculo_ccuenta_index" ON "push_vinculo" USING btree ("ccuenta");--> statement-breakpoint
CREATE INDEX "push_vinculo_creserva_index" ON "push_vinculo" USING btree ("creserva");
