import { accountsEndpoints } from './accounts.endpoints';
import { aftersaleEndpoints } from './aftersale.endpoints';
import { agenciesEndpoints } from './agencies.endpoints';
import { cargoEndpoints } from './cargo.endpoints';
import { companiesEndpoints } from './companies.endpoints';
import { complaintsEndpoints } from './complaints.endpoints';
import { contentEndpoints } from './content.endpoints';
import { culqiEndpoints } from './culqi.endpoints';
import { disruptionsEndpoints } from './disruptions.endpoints';
import type { AnyEndpoint } from './endpoint';
import { httpEndpoints } from './http.endpoints';
import { operatorsEndpoints } from './operators.endpoints';
import { peopleEndpoints } from './people.endpoints';
import { pocketEndpoints } from './pocket.endpoints';
import { pushEndpoints } from './push.endpoints';
import { privacyEndpoints } from './privacy.endpoints';
import { pointsEndpoints } from './points.endpoints';
import { promotionsEndpoints } from './promotions.endpoints';
import { salesEndpoints } from './sales.endpoints';
import { seatsEndpoints } from './seats.endpoints';
import { tripsEndpoints } from './trips.endpoints';
import { vouchersEndpoints } from './vouchers.endpoints';
import { waitlistEndpoints } from './waitlist.endpoints';
import { priceAlertsEndpoints } from './price-alerts.endpoints';

export * from './endpoint';
export * from './accounts.endpoints';
export * from './aftersale.endpoints';
export * from './agencies.endpoints';
export * from './cargo.endpoints';
export * from './companies.endpoints';
export * from './complaints.endpoints';
export * from './content.endpoints';
export * from './culqi.endpoints';
export * from './disruptions.endpoints';
export * from './http.endpoints';
export * from './operators.endpoints';
export * from './people.endpoints';
export * from './pocket.endpoints';
export * from './push.endpoints';
export * from './privacy.endpoints';
export * from './points.endpoints';
export * from './promotions.endpoints';
export * from './sales.endpoints';
export * from './seats.endpoints';
export * from './trips.endpoints';
export * from './vouchers.endpoints';
export * from './waitlist.endpoints';
export * from './price-alerts.endpoints';

/**
 * Every `/rest` call of the API, by name: the one table the API, its OpenAPI document and the
 * browser read. One file per API module (its folder in api/src); a remote imports its module's
 * table (`cargoEndpoints`) so its bundle carries only those schemas.
 */
export const endpoints = {
  ...httpEndpoints,
  ...operatorsEndpoints,
  ...contentEndpoints,
  ...agenciesEndpoints,
  ...promotionsEndpoints,
  ...accountsEndpoints,
  ...tripsEndpoints,
  ...seatsEndpoints,
  ...peopleEndpoints,
  ...cargoEndpoints,
  ...companiesEndpoints,
  ...complaintsEndpoints,
  ...salesEndpoints,
  ...culqiEndpoints,
  ...aftersaleEndpoints,
  ...pointsEndpoints,
  ...disruptionsEndpoints,
  ...vouchersEndpoints,
  ...pocketEndpoints,
  ...pushEndpoints,
  ...privacyEndpoints,
  ...waitlistEndpoints,
  ...priceAlertsEndpoints,
} as const;

export type EndpointName = keyof typeof endpoints;

/** The table as a list (the API checks it registered each one; `/openapi.json` describes each one). */
export const endpointList: readonly AnyEndpoint[] = Object.values(endpoints);
