import { api, serverAnswer } from '@rumbo/shared';
import { agenciesEndpoints, cargoEndpoints, contentEndpoints } from '@rumbo/shared/contract';

/** The cargo screens' calls of the contract. */

export { SHIPMENT_STATES, type Agency, type City, type PlaceRef, type ShipmentState, type Tracking } from '@rumbo/shared/schemas';
export type { CargoEstimate } from '@rumbo/shared/contract';

export const trackShipment = (codigo: string, documento: string) => api.call(cargoEndpoints.tracking, { codigo, documento });

export const estimateCargo = (origen: string, destino: string, peso: string) => api.call(cargoEndpoints.cargoEstimate, { origen, destino, peso });

export const fetchCities = () => api.call(contentEndpoints.cities);

/** The cities `/cargo`'s loader asked on the server (renderer.tsx), for a reader in `language` (else undefined). */
export const serverCities = (language: string) => serverAnswer(contentEndpoints.cities.path, contentEndpoints.cities.answer, language);

export const fetchCargoAgencies = () => api.call(agenciesEndpoints.agencies, { carga: '1' });
