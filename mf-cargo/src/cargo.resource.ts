import { api, type ServerAnswer } from '@rumbo/shared';
import type { City } from '@rumbo/shared/schemas';
import { agenciesEndpoints, cargoEndpoints, contentEndpoints } from '@rumbo/shared/contract';

/** The cargo screens' calls of the contract. */

export { SHIPMENT_STATES, type Agency, type City, type PlaceRef, type ShipmentState, type Tracking } from '@rumbo/shared/schemas';
export type { CargoEstimate } from '@rumbo/shared/contract';

export const trackShipment = (codigo: string, documento: string) => api.call(cargoEndpoints.tracking, { codigo, documento });

export const estimateCargo = (origen: string, destino: string, peso: string) => api.call(cargoEndpoints.cargoEstimate, { origen, destino, peso });

export const fetchCities = () => api.call(contentEndpoints.cities);

/** `/cargo`'s route data (`routes.tsx`): the cities its loader asked on the server, in the reader's language. */
export type CargoData = ServerAnswer<City[]>;

export const fetchCargoAgencies = () => api.call(agenciesEndpoints.agencies, { carga: '1' });
