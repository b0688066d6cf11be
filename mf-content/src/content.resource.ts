import { api } from '@rumbo/shared';
import { contentEndpoints as rest, formsEndpoints } from '@rumbo/shared/contract';

/** The content screens' calls of the contract. */

export type { Agency, City, Company, Promotion } from '@rumbo/shared/schemas';
export type { CompanyReceipt, Destination, DestinationSummary } from '@rumbo/shared/contract';

export const fetchAgencies = (ciudad?: string) => api.call(rest.agencies, ciudad ? { ciudad } : {});
export const fetchPromotions = () => api.call(rest.promotions);
export const fetchDestinations = () => api.call(rest.destinations);
export const fetchDestination = (slug: string) => api.call(rest.destination, undefined, { params: { slug } });

export const subscribe = (correo: string) => api.call(rest.subscribe, { correo });
export const confirmSubscription = (token: string) => api.call(rest.confirmSubscription, { token });
export const unsubscribe = (token: string) => api.call(rest.unsubscribe, { token });

export const lookUpCompany = (ruc: string) => api.call(formsEndpoints.company, { ruc });
export const registerCompany = (body: Record<string, string>) => api.call(formsEndpoints.companyRequest, body);
