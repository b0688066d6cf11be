import { api, serverAnswer } from '@rumbo/shared';
import { agenciesEndpoints, companiesEndpoints, contentEndpoints as rest, promotionsEndpoints } from '@rumbo/shared/contract';
import type * as v from 'valibot';

/** The content screens' calls of the contract. */

export type { Agency, City, Company, Promotion } from '@rumbo/shared/schemas';
export type { CompanyReceipt, Destination, DestinationSummary } from '@rumbo/shared/contract';

export const fetchAgencies = (ciudad?: string) => api.call(agenciesEndpoints.agencies, ciudad ? { ciudad } : {});
export const fetchPromotions = () => api.call(promotionsEndpoints.promotions);
export const fetchDestinations = () => api.call(rest.destinations);
export const fetchDestination = (slug: string) => api.call(rest.destination, undefined, { params: { slug } });

/**
 * The answer of a GET call a page's loader asked on the server, for a reader in `language` (else
 * undefined): under the call's path in the page's data (`answerOf` in renderer.tsx).
 */
const fromServer =
  <S extends v.GenericSchema>(endpoint: { path: string; answer: S }) =>
  (language: string) =>
    serverAnswer(endpoint.path, endpoint.answer, language);

export const serverPromotions = fromServer(promotionsEndpoints.promotions);
export const serverDestinations = fromServer(rest.destinations);
export const serverAgencies = fromServer(agenciesEndpoints.agencies);

export const subscribe = (correo: string) => api.call(promotionsEndpoints.subscribe, { correo });
export const confirmSubscription = (token: string) => api.call(promotionsEndpoints.confirmSubscription, { token });
export const unsubscribe = (token: string) => api.call(promotionsEndpoints.unsubscribe, { token });

export const lookUpCompany = (ruc: string) => api.call(companiesEndpoints.company, { ruc });
export const registerCompany = (body: Record<string, string>) => api.call(companiesEndpoints.companyRequest, body);
