import { api, type ServerAnswer } from '@rumbo/shared';
import { agenciesEndpoints, companiesEndpoints, contentEndpoints as rest, promotionsEndpoints } from '@rumbo/shared/contract';

/** The content screens' calls of the contract. */

import type { Agency, Promotion } from '@rumbo/shared/schemas';
import type { DestinationSummary } from '@rumbo/shared/contract';

export type { Agency, City, Company, Promotion } from '@rumbo/shared/schemas';
export type { CompanyReceipt, Destination, DestinationSummary } from '@rumbo/shared/contract';

export const fetchAgencies = (ciudad?: string) => api.call(agenciesEndpoints.agencies, ciudad ? { ciudad } : {});
export const fetchPromotions = () => api.call(promotionsEndpoints.promotions);
export const fetchDestinations = () => api.call(rest.destinations);
export const fetchDestination = (slug: string) => api.call(rest.destination, undefined, { params: { slug } });

/** The home page's route data (`routes.tsx`): its sections' answers its loader asked, each in the reader's language. */
export interface HomeData {
  promotions?: ServerAnswer<Promotion[]>;
  destinations?: ServerAnswer<DestinationSummary[]>;
  agencies?: ServerAnswer<Agency[]>;
}

export const subscribe = (correo: string) => api.call(promotionsEndpoints.subscribe, { correo });
export const confirmSubscription = (token: string) => api.call(promotionsEndpoints.confirmSubscription, { token });
export const unsubscribe = (token: string) => api.call(promotionsEndpoints.unsubscribe, { token });

export const lookUpCompany = (ruc: string) => api.call(companiesEndpoints.company, { ruc });
export const registerCompany = (body: Record<string, string>) => api.call(companiesEndpoints.companyRequest, body);
