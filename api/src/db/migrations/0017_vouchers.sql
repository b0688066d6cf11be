CREATE TABLE "comprobante" (
	"ccomprobante" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comprobante_ccomprobante_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"serie" text NOT NULL,
	"correlativo" integer NOT NULL,
	"creserva" integer,
	"ccomprobante_origen" integer,
	"motivo" text,
	"motivo_texto" text,
	"emitido" timestamp with time zone NOT NULL,
	"cliente_tipo" text NOT NULL,
	"cliente_numero" text NOT NULL,
	"cliente_nombre" text NOT NULL,
	"cliente_email" text NOT NULL,
	"idioma" text NOT NULL,
	"exonerado_centimos" integer NOT NULL,
	"gravado_centimos" integer NOT NULL,
	"igv_centimos" integer NOT NULL,
	"total_centimos" integer NOT NULL,
	"xml" text NOT NULL,
	"hash" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"vigencia" text DEFAULT 'vigente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento" timestamp with time zone NOT NULL,
	"ultimo_error" text,
	"sunat_codigo" text,
	"sunat_descripcion" text,
	"cdr" text,
	"respondido" timestamp with time zone,
	CONSTRAINT "comprobante_numero_uq" UNIQUE("tipo","serie","correlativo"),
	CONSTRAINT "comprobante_tipo_check" CHECK ("comprobante"."tipo" in ('01', '03', '07')),
	CONSTRAINT "comprobante_estado_check" CHECK ("comprobante"."estado" in ('pendiente', 'aceptado', 'observado', 'rechazado', 'error')),
	CONSTRAINT "comprobante_vigencia_check" CHECK ("comprobante"."vigencia" in ('vigente', 'anulado')),
	CONSTRAINT "comprobante_total_check" CHECK ("comprobante"."total_centimos" = "comprobante"."exonerado_centimos" + "comprobante"."gravado_centimos" + "comprobante"."igv_centimos")
);
--> statement-breakpoint
CREATE TABLE "comprobante_serie" (
	"tipo" text NOT NULL,
	"serie" text NOT NULL,
	"ultimo" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "comprobante_serie_tipo_serie_pk" PRIMARY KEY("tipo","serie"),
	CONSTRAINT "comprobante_serie_rango" CHECK ("comprobante_serie"."ultimo" between 0 and 99999999)
);
--> statement-breakpoint
ALTER TABLE "comprobante" ADD CONSTRAINT "comprobante_creserva_reserva_creserva_fk" FOREIGN KEY ("creserva") REFERENCES "public"."reserva"("creserva") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comprobante_creserva_index" ON "comprobante" USING btree ("creserva");--> statement-breakpoint
CREATE INDEX "comprobante_pendiente_idx" ON "comprobante" USING btree ("proximo_intento") WHERE "comprobante"."estado" = 'pendiente';