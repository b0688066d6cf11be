import { api } from '@rumbo/shared';
import type { CargoEstimate, Tracking } from '@rumbo/shared/schemas';

/** Calls of the cargo screens to `/rest`. */

export { SHIPMENT_STATES, type CargoEstimate, type PlaceRef, type ShipmentState, type Tracking } from '@rumbo/shared/schemas';

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
