import { api } from '@rumbo/shared';
import { contentEndpoints, formsEndpoints } from '@rumbo/shared/contract';

/** The cargo screens' calls of the contract. */

export { SHIPMENT_STATES, type Agency, type City, type PlaceRef, type ShipmentState, type Tracking } from '@rumbo/shared/schemas';
export type { CargoEstimate } from '@rumbo/shared/contract';

export const trackShipment = (codigo: string, documento: string) => api.call(formsEndpoints.tracking, { codigo, documento });

export const estimateCargo = (origen: string, destino: string, peso: string) => api.call(formsEndpoints.cargoEstimate, { origen, destino, peso });

export const fetchCities = () => api.call(contentEndpoints.cities);

export const fetchCargoAgencies = () => api.call(contentEndpoints.agencies, { carga: '1' });
