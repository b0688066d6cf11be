/** Answers of the agencies and cargo `/rest` calls: written by the API, read by mf-content and mf-cargo. */

/** `GET /rest/componente/punto_venta`: one agency with its city, hours and services. */
export interface Agency {
  cagencia: number;
  cciudad: number;
  ciudad: string;
  /** The city's short code (`LIM`). */
  codigo: string;
  slug: string;
  cterminal: number | null;
  nombre: string;
  direccion: string;
  latitud: number;
  longitud: number;
  telefono: string;
  horario: { dias: 'todos' | 'lun-sab'; abre: string; cierra: string };
  servicios: { pasajes: boolean; carga: boolean };
}

/** The states of a shipment, in the order it goes through them. */
export const SHIPMENT_STATES = ['recibido', 'en_transito', 'llegado', 'en_reparto', 'entregado'] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

export interface PlaceRef {
  cagencia: number;
  nombre: string;
  ciudad: string;
}

/** `POST /rest/carga/seguimiento`: a shipment as the public may see it (names masked). */
export interface Tracking {
  codigo: string;
  estado: ShipmentState;
  origen: PlaceRef;
  destino: PlaceRef;
  remitente: string;
  destinatario: string;
  paquetes: number;
  peso_kg: number;
  registrado: string;
  eventos: { estado: ShipmentState; fecha: string; agencia: PlaceRef | null }[];
}

/** A city as the content answers name it (`/rest/destino`, promotions, pages). */
export interface City {
  cciudad: number;
  nombre: string;
  /** The city's short code (`LIM`). */
  codigo: string;
  slug: string;
}

/** `GET /rest/promocion/obtener`: a current promotion with its coupon, in the caller's language. */
export interface Promotion {
  cpromocion: number;
  cupon: string;
  descuento: number;
  desde: string;
  hasta: string;
  /** The destination it applies to, or null for every route. */
  destino: City | null;
  titulo: string;
  descripcion: string;
  condiciones: string;
}

/** `POST /rest/juridica/buscar`: a company by its RUC. */
export interface Company {
  ruc: string;
  razon_social: string;
  direccion: string | null;
}
