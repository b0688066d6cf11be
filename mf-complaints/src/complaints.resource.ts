import { api } from '@rumbo/shared';
import type { ComplaintInput, ComplaintReceipt } from '@rumbo/shared/schemas';

/** What the form holds and posts: every field of the sheet as typed, as a string. */
export type ComplaintForm = Record<keyof ComplaintInput, string>;

/** One destination of `GET /rest/iata`. */
export interface City {
  cciudad: number;
  nombre: string;
  codigo: string;
  slug: string;
}

/** The destination cities; undefined when they could not be fetched. */
export async function fetchCities(): Promise<City[] | undefined> {
  const cities = await api.get<City[]>('/rest/iata');
  return Array.isArray(cities) ? cities : undefined;
}

/**
 * Files a sheet: the form as typed (strings); the server runs the same schema. Undefined on a
 * network failure; a rejected sheet (400, 429...) throws the client's `ApiError`.
 */
export function fileComplaint(form: ComplaintForm): Promise<ComplaintReceipt | undefined> {
  return api.post<ComplaintReceipt>('/rest/reclamacion/registro', form);
}
