import { api, serverAnswer } from '@rumbo/shared';
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

/** The cities the page's loader asked on the server (renderer.tsx), for a reader in `language` (else undefined). */
export const serverCities = (language: string) => serverAnswer(contentEndpoints.cities.path, contentEndpoints.cities.answer, language);

/**
 * Files a sheet: the form as typed (strings); the server runs the same schema. Undefined on a
 * network failure; a rejected sheet (400, 429...) throws the client's `ApiError`.
 */
export function fileComplaint(form: ComplaintForm): Promise<ComplaintReceipt | undefined> {
  return api.call(complaintsEndpoints.complaint, form);
}
