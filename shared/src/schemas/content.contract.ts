import * as v from 'valibot';

/** Answers of the agencies and cargo `/rest` calls: written by the API, read by mf-content and mf-cargo. */

/** `GET /rest/componente/punto_venta`: one agency with its city, hours and services. */
export const AgencyAnswer = v.object({
  cagencia: v.number(),
  cciudad: v.number(),
  ciudad: v.string(),
  /** The city's short code (`LIM`). */
  codigo: v.string(),
  slug: v.string(),
  cterminal: v.nullable(v.number()),
  nombre: v.string(),
  direccion: v.string(),
  latitud: v.number(),
  longitud: v.number(),
  telefono: v.string(),
  horario: v.object({ dias: v.picklist(['todos', 'lun-sab']), abre: v.string(), cierra: v.string() }),
  servicios: v.object({ pasajes: v.boolean(), carga: v.boolean() }),
});
export type Agency = v.InferOutput<typeof AgencyAnswer>;

/** The states of a shipment, in the order it goes through them. */
export const SHIPMENT_STATES = ['recibido', 'en_transito', 'llegado', 'en_reparto', 'entregado'] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

export const PlaceRefAnswer = v.object({
  cagencia: v.number(),
  nombre: v.string(),
  ciudad: v.string(),
});
export type PlaceRef = v.InferOutput<typeof PlaceRefAnswer>;

/** `POST /rest/carga/seguimiento`: a shipment as the public may see it (names masked). */
export const TrackingAnswer = v.object({
  codigo: v.string(),
  estado: v.picklist(SHIPMENT_STATES),
  origen: PlaceRefAnswer,
  destino: PlaceRefAnswer,
  remitente: v.string(),
  destinatario: v.string(),
  paquetes: v.number(),
  peso_kg: v.number(),
  registrado: v.string(),
  eventos: v.array(v.object({ estado: v.picklist(SHIPMENT_STATES), fecha: v.string(), agencia: v.nullable(PlaceRefAnswer) })),
});
export type Tracking = v.InferOutput<typeof TrackingAnswer>;

/** A city as the content answers name it (`/rest/destino`, promotions, pages). */
export const CityAnswer = v.object({
  cciudad: v.number(),
  nombre: v.string(),
  /** The city's short code (`LIM`). */
  codigo: v.string(),
  slug: v.string(),
});
export type City = v.InferOutput<typeof CityAnswer>;

/** `GET /rest/promocion/obtener`: a current promotion with its coupon, in the caller's language. */
export const PromotionAnswer = v.object({
  cpromocion: v.number(),
  cupon: v.string(),
  descuento: v.number(),
  desde: v.string(),
  hasta: v.string(),
  /** The destination it applies to, or null for every route. */
  destino: v.nullable(CityAnswer),
  titulo: v.string(),
  descripcion: v.string(),
  condiciones: v.string(),
});
export type Promotion = v.InferOutput<typeof PromotionAnswer>;

/** `POST /rest/juridica/buscar`: a company by its RUC. */
export const CompanyAnswer = v.object({
  ruc: v.string(),
  razon_social: v.string(),
  direccion: v.nullable(v.string()),
});
export type Company = v.InferOutput<typeof CompanyAnswer>;
