CREATE TABLE "cuenta" (
	"ccuenta" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cuenta_ccuenta_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo_doc" integer NOT NULL,
	"num_doc" text NOT NULL,
	"nombres" text NOT NULL,
	"paterno" text NOT NULL,
	"materno" text NOT NULL,
	"sexo" text NOT NULL,
	"correo" text NOT NULL,
	"telefono" text NOT NULL,
	"fnacimiento" date NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cuenta_correo_unique" UNIQUE("correo"),
	CONSTRAINT "cuenta_tipo_doc_num_doc_unique" UNIQUE("tipo_doc","num_doc")
);
--> statement-breakpoint
CREATE TABLE "reclamacion" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reclamacion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"numero" text NOT NULL,
	"anio" integer NOT NULL,
	"correlativo" integer NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"plazo" date NOT NULL,
	"idioma" text NOT NULL,
	"cpersona" text,
	"nacimiento" date NOT NULL,
	"genero" text NOT NULL,
	"documento" integer NOT NULL,
	"num_documento" text NOT NULL,
	"datos" text NOT NULL,
	"paterno" text NOT NULL,
	"materno" text NOT NULL,
	"direccion" text NOT NULL,
	"telefono" text NOT NULL,
	"correo" text NOT NULL,
	"tipo_reclamo" integer NOT NULL,
	"motivo" integer NOT NULL,
	"viaje" timestamp NOT NULL,
	"destino" integer NOT NULL,
	"detalle" text NOT NULL,
	"resultado" text NOT NULL,
	CONSTRAINT "reclamacion_numero_unique" UNIQUE("numero"),
	CONSTRAINT "reclamacion_anio_correlativo_unique" UNIQUE("anio","correlativo")
);
--> statement-breakpoint
CREATE TABLE "reclamacion_contador" (
	"anio" integer PRIMARY KEY NOT NULL,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ciudad" (
	"cciudad" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"codigo" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "ciudad_codigo_unique" UNIQUE("codigo"),
	CONSTRAINT "ciudad_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "informacion" (
	"id" integer NOT NULL,
	"idioma" text NOT NULL,
	"slug" text NOT NULL,
	"titulo" text NOT NULL,
	"html" text NOT NULL,
	"actualizado" date NOT NULL,
	CONSTRAINT "informacion_id_idioma_pk" PRIMARY KEY("id","idioma"),
	CONSTRAINT "informacion_slug_idioma_unique" UNIQUE("slug","idioma")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reclamacion" ADD CONSTRAINT "reclamacion_destino_ciudad_cciudad_fk" FOREIGN KEY ("destino") REFERENCES "public"."ciudad"("cciudad") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reclamacion_correo_index" ON "reclamacion" USING btree ("correo");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_to_index" ON "outbox" USING btree ("to");