import { api } from '@rumbo/shared';

/** Calls of the cargo screens to `/rest`. */

export type ShipmentState = 'recibido' | 'en_transito' | 'llegado' | 'en_reparto' | 'entregado';
export const SHIPMENT_STATES: readonly ShipmentState[] = ['recibido', 'en_transito', 'llegado', 'en_reparto', 'entregado'];

export interface PlaceRef {
  cagencia: number;
  nombre: string;
  ciudad: string;
}

/** `POST /rest/carga/seguimiento`: names come masked from the server. */
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

export interface CargoEstimate {
  origen: string;
  destino: string;
  peso: number;
  horas: number;
  precio: number;
  moneda: 'PEN';
}

export interface City {
  cciudad: number;
  nombre: string;
  codigo: string;
  slug: string;
}

export interface Agency {
  cagencia: number;
  ciudad: string;
  codigo: string;
  nombre: string;
  direccion: string;
  telefono: string;
  horario: { dias: string; abre: string; cierra: string };
  servicios: { pasajes: boolean; carga: boolean };
}

export const trackShipment = (codigo: string, documento: string) =>
  api.post<Tracking>('/rest/carga/seguimiento', { codigo, documento });

export const estimateCargo = (origen: string, destino: string, peso: string) =>
  api.post<CargoEstimate>('/rest/carga/cotizar', { origen, destino, peso });

export const fetchCities = () => api.get<City[]>('/rest/iata');

export const fetchCargoAgencies = () => api.get<Agency[]>('/rest/componente/punto_venta?carga=1');
