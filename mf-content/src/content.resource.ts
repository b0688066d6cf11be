import { api } from '@rumbo/shared';
import { agenciesEndpoints, companiesEndpoints, contentEndpoints as rest, promotionsEndpoints } from '@rumbo/shared/contract';

/** The content screens' calls of the contract. */

export type { Agency, City, Company, Promotion } from '@rumbo/shared/schemas';
export type { CompanyReceipt, Destination, DestinationSummary } from '@rumbo/shared/contract';

export const fetchAgencies = (ciudad?: string) => api.call(agenciesEndpoints.agencies, ciudad ? { ciudad } : {});
export const fetchPromotions = () => api.call(promotionsEndpoints.promotions);
export const fetchDestinations = () => api.call(rest.destinations);
export const fetchDestination = (slug: string) => api.call(rest.destination, undefined, { params: { slug } });

export const subscribe = (correo: string) => api.call(promotionsEndpoints.subscribe, { correo });
export const confirmSubscription = (token: string) => api.call(promotionsEndpoints.confirmSubscription, { token });
export const unsubscribe = (token: string) => api.call(promotionsEndpoints.unsubscribe, { token });

export const lookUpCompany = (ruc: string) => api.call(companiesEndpoints.company, { ruc });
export const registerCompany = (body: Record<string, string>) => api.call(companiesEndpoints.companyRequest, body);
