CREATE TABLE "viaje_asiento" (
	"cviaje_asiento" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "viaje_asiento_cviaje_asiento_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cviaje" integer NOT NULL,
	"nasiento" integer NOT NULL,
	"gnivel_piso" integer NOT NULL,
	"gcategoria_asiento" integer NOT NULL,
	"gestado_asiento" integer DEFAULT 83 NOT NULL,
	"clave_hash" text,
	"expira" timestamp with time zone,
	CONSTRAINT "viaje_asiento_cviaje_nasiento_unique" UNIQUE("cviaje","nasiento"),
	CONSTRAINT "viaje_asiento_estado_check" CHECK ("viaje_asiento"."gestado_asiento" in (82, 83, 84))
);
--> statement-breakpoint
CREATE TABLE "maqueta" (
	"cmaqueta" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"servicio" text NOT NULL,
	"pisos" integer NOT NULL,
	"asientos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maqueta_sitio" (
	"cmaqueta" integer NOT NULL,
	"gnivel_piso" integer NOT NULL,
	"xposicion" integer NOT NULL,
	"yposicion" integer NOT NULL,
	"gobjeto_sitio" integer NOT NULL,
	"nasiento" integer,
	"gcategoria_asiento" integer,
	"iasiento_individual" boolean DEFAULT false NOT NULL,
	"promocionable" boolean DEFAULT false NOT NULL,
	"preferencial" boolean DEFAULT false NOT NULL,
	CONSTRAINT "maqueta_sitio_cmaqueta_gnivel_piso_xposicion_yposicion_pk" PRIMARY KEY("cmaqueta","gnivel_piso","xposicion","yposicion"),
	CONSTRAINT "maqueta_sitio_cmaqueta_nasiento_unique" UNIQUE("cmaqueta","nasiento")
);
--> statement-breakpoint
CREATE TABLE "ruta" (
	"cruta" integer PRIMARY KEY NOT NULL,
	"cterminal_origen" integer NOT NULL,
	"cterminal_destino" integer NOT NULL,
	"duracion_min" integer NOT NULL,
	"precio_base" numeric(10, 2) NOT NULL,
	CONSTRAINT "ruta_cterminal_origen_cterminal_destino_unique" UNIQUE("cterminal_origen","cterminal_destino")
);
--> statement-breakpoint
CREATE TABLE "ruta_escala" (
	"cruta" integer NOT NULL,
	"orden" integer NOT NULL,
	"cciudad" integer NOT NULL,
	"minutos" integer NOT NULL,
	CONSTRAINT "ruta_escala_cruta_orden_pk" PRIMARY KEY("cruta","orden")
);
--> statement-breakpoint
CREATE TABLE "ruta_horario" (
	"cruta" integer NOT NULL,
	"hora" time NOT NULL,
	"cmaqueta" integer NOT NULL,
	CONSTRAINT "ruta_horario_cruta_hora_pk" PRIMARY KEY("cruta","hora")
);
--> statement-breakpoint
CREATE TABLE "terminal" (
	"cterminal" integer PRIMARY KEY NOT NULL,
	"cciudad" integer NOT NULL,
	"nombre" text NOT NULL,
	"direccion" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viaje" (
	"cviaje" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "viaje_cviaje_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cruta" integer NOT NULL,
	"cmaqueta" integer NOT NULL,
	"salida" timestamp with time zone NOT NULL,
	"llegada" timestamp with time zone NOT NULL,
	"edd_calc_140_p1" numeric(10, 2),
	"edd_calc_140_p2" numeric(10, 2),
	"edd_calc_160_p1" numeric(10, 2),
	"edd_calc_160_p1_individual" numeric(10, 2),
	"edd_calc_160_p2" numeric(10, 2),
	"edd_calc_180_p1" numeric(10, 2),
	"edd_calc_180_p2" numeric(10, 2),
	"nprecio_desde" numeric(10, 2),
	"promocion_pct" integer DEFAULT 0 NOT NULL,
	"asientos_creados" boolean DEFAULT false NOT NULL,
	CONSTRAINT "viaje_cruta_salida_unique" UNIQUE("cruta","salida")
);
--> statement-breakpoint
ALTER TABLE "viaje_asiento" ADD CONSTRAINT "viaje_asiento_cviaje_viaje_cviaje_fk" FOREIGN KEY ("cviaje") REFERENCES "public"."viaje"("cviaje") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maqueta_sitio" ADD CONSTRAINT "maqueta_sitio_cmaqueta_maqueta_cmaqueta_fk" FOREIGN KEY ("cmaqueta") REFERENCES "public"."maqueta"("cmaqueta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ruta" ADD CONSTRAINT "ruta_cterminal_origen_terminal_cterminal_fk" FOREIGN KEY ("cterminal_origen") REFERENCES "public"."terminal"("cterminal") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ruta" ADD CONSTRAINT "ruta_cterminal_destino_terminal_cterminal_fk" FOREIGN KEY ("cterminal_destino") REFERENCES "public"."terminal"("cterminal") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ruta_escala" ADD CONSTRAINT "ruta_escala_cruta_ruta_cruta_fk" FOREIGN KEY ("cruta") REFERENCES "public"."ruta"("cruta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ruta_escala" ADD CONSTRAINT "ruta_escala_cciudad_ciudad_cciudad_fk" FOREIGN KEY ("cciudad") REFERENCES "public"."ciudad"("cciudad") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ruta_horario" ADD CONSTRAINT "ruta_horario_cruta_ruta_cruta_fk" FOREIGN KEY ("cruta") REFERENCES "public"."ruta"("cruta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ruta_horario" ADD CONSTRAINT "ruta_horario_cmaqueta_maqueta_cmaqueta_fk" FOREIGN KEY ("cmaqueta") REFERENCES "public"."maqueta"("cmaqueta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal" ADD CONSTRAINT "terminal_cciudad_ciudad_cciudad_fk" FOREIGN KEY ("cciudad") REFERENCES "public"."ciudad"("cciudad") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viaje" ADD CONSTRAINT "viaje_cruta_ruta_cruta_fk" FOREIGN KEY ("cruta") REFERENCES "public"."ruta"("cruta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viaje" ADD CONSTRAINT "viaje_cmaqueta_maqueta_cmaqueta_fk" FOREIGN KEY ("cmaqueta") REFERENCES "public"."maqueta"("cmaqueta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viaje_asiento_clave_idx" ON "viaje_asiento" USING btree ("clave_hash");--> statement-breakpoint
CREATE INDEX "viaje_salida_idx" ON "viaje" USING btree ("salida");