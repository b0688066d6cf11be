CREATE TABLE "agencia" (
	"cagencia" integer PRIMARY KEY NOT NULL,
	"cciudad" integer NOT NULL,
	"cterminal" integer,
	"nombre" text NOT NULL,
	"direccion" text NOT NULL,
	"latitud" double precision NOT NULL,
	"longitud" double precision NOT NULL,
	"telefono" text NOT NULL,
	"dias" text NOT NULL,
	"abre" text NOT NULL,
	"cierra" text NOT NULL,
	"pasajes" boolean NOT NULL,
	"carga" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encomienda" (
	"codigo" text PRIMARY KEY NOT NULL,
	"cagencia_origen" integer NOT NULL,
	"cagencia_destino" integer NOT NULL,
	"remitente" text NOT NULL,
	"destinatario" text NOT NULL,
	"documento_destinatario" text NOT NULL,
	"pide_documento" boolean DEFAULT false NOT NULL,
	"paquetes" integer NOT NULL,
	"peso_kg" numeric(8, 2) NOT NULL,
	"valor_declarado" numeric(10, 2) NOT NULL,
	"registrado" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encomienda_evento" (
	"codigo" text NOT NULL,
	"orden" integer NOT NULL,
	"estado" text NOT NULL,
	"cagencia" integer,
	"fecha" timestamp with time zone NOT NULL,
	CONSTRAINT "encomienda_evento_codigo_orden_pk" PRIMARY KEY("codigo","orden")
);
--> statement-breakpoint
CREATE TABLE "empresa" (
	"ruc" text PRIMARY KEY NOT NULL,
	"razon_social" text NOT NULL,
	"direccion" text,
	"registrado" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresa_contacto" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "empresa_contacto_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ruc" text NOT NULL,
	"contacto" text NOT NULL,
	"correo" text NOT NULL,
	"telefono" text NOT NULL,
	"mensaje" text NOT NULL,
	"idioma" text NOT NULL,
	"creado" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "destino" (
	"cciudad" integer PRIMARY KEY NOT NULL,
	"resumen_es" text NOT NULL,
	"resumen_en" text NOT NULL,
	"descripcion_es" text NOT NULL,
	"descripcion_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promocion" (
	"cpromocion" integer PRIMARY KEY NOT NULL,
	"cupon" text NOT NULL,
	"descuento" integer NOT NULL,
	"desde" date NOT NULL,
	"hasta" date NOT NULL,
	"cciudad" integer,
	"titulo_es" text NOT NULL,
	"titulo_en" text NOT NULL,
	"descripcion_es" text NOT NULL,
	"descripcion_en" text NOT NULL,
	"condiciones_es" text NOT NULL,
	"condiciones_en" text NOT NULL,
	CONSTRAINT "promocion_cupon_unique" UNIQUE("cupon")
);
--> statement-breakpoint
CREATE TABLE "suscripcion" (
	"correo" text PRIMARY KEY NOT NULL,
	"estado" text NOT NULL,
	"idioma" text NOT NULL,
	"token_confirmacion" text NOT NULL,
	"token_baja" text NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	"confirmado" timestamp with time zone,
	"baja" timestamp with time zone,
	CONSTRAINT "suscripcion_token_confirmacion_unique" UNIQUE("token_confirmacion"),
	CONSTRAINT "suscripcion_token_baja_unique" UNIQUE("token_baja")
);
--> statement-breakpoint
ALTER TABLE "agencia" ADD CONSTRAINT "agencia_cciudad_ciudad_cciudad_fk" FOREIGN KEY ("cciudad") REFERENCES "public"."ciudad"("cciudad") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencia" ADD CONSTRAINT "agencia_cterminal_terminal_cterminal_fk" FOREIGN KEY ("cterminal") REFERENCES "public"."terminal"("cterminal") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomienda" ADD CONSTRAINT "encomienda_cagencia_origen_agencia_cagencia_fk" FOREIGN KEY ("cagencia_origen") REFERENCES "public"."agencia"("cagencia") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomienda" ADD CONSTRAINT "encomienda_cagencia_destino_agencia_cagencia_fk" FOREIGN KEY ("cagencia_destino") REFERENCES "public"."agencia"("cagencia") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomienda_evento" ADD CONSTRAINT "encomienda_evento_codigo_encomienda_codigo_fk" FOREIGN KEY ("codigo") REFERENCES "public"."encomienda"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encomienda_evento" ADD CONSTRAINT "encomienda_evento_cagencia_agencia_cagencia_fk" FOREIGN KEY ("cagencia") REFERENCES "public"."agencia"("cagencia") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa_contacto" ADD CONSTRAINT "empresa_contacto_ruc_empresa_ruc_fk" FOREIGN KEY ("ruc") REFERENCES "public"."empresa"("ruc") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destino" ADD CONSTRAINT "destino_cciudad_ciudad_cciudad_fk" FOREIGN KEY ("cciudad") REFERENCES "public"."ciudad"("cciudad") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocion" ADD CONSTRAINT "promocion_cciudad_ciudad_cciudad_fk" FOREIGN KEY ("cciudad") REFERENCES "public"."ciudad"("cciudad") ON DELETE no action ON UPDATE no action;