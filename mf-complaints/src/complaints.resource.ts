import { api, type ServerAnswer } from '@rumbo/shared';
import { complaintsEndpoints, contentEndpoints } from '@rumbo/shared/contract';
import type { City, ComplaintInput, ComplaintReceipt } from '@rumbo/shared/schemas';

/** What the form holds and posts: every field of the sheet as typed, as a string. */
export type ComplaintForm = Record<keyof ComplaintInput, string>;

export type { City } from '@rumbo/shared/schemas';

/** The destination cities; undefined when they could not be fetched. */
export async function fetchCities(): Promise<City[] | undefined> {
  const cities = await api.call(contentEndpoints.cities);
  return Array.isArray(cities) ? cities : undefined;
}

/** The complaints book's route data (`routes.tsx`): the cities its loader asked on the server, in the reader's language. */
export type ComplaintsData = ServerAnswer<City[]>;

/**
 * Files a sheet: the form as typed (strings); the server runs the same schema. Undefined on a
 * network failure; a rejected sheet (400, 429...) throws the client's `ApiError`.
 */
export function fileComplaint(form: ComplaintForm): Promise<ComplaintReceipt | undefined> {
  return api.call(complaintsEndpoints.complaint, form);
}
