import { accountsEndpoints } from './accounts.endpoints';
import { aftersaleEndpoints } from './aftersale.endpoints';
import { bookingEndpoints } from './booking.endpoints';
import { formsEndpoints } from './cargo.endpoints';
import { contentEndpoints } from './content.endpoints';
import type { AnyEndpoint } from './endpoint';
import { httpEndpoints } from './http.endpoints';
import { salesEndpoints } from './sales.endpoints';

export * from './endpoint';
export * from './accounts.endpoints';
export * from './aftersale.endpoints';
export * from './booking.endpoints';
export * from './cargo.endpoints';
export * from './content.endpoints';
export * from './http.endpoints';
export * from './sales.endpoints';

/** Every `/rest` call of the API, by name: the one table the API, its OpenAPI document and the browser read. */
export const endpoints = {
  ...httpEndpoints,
  ...contentEndpoints,
  ...accountsEndpoints,
  ...bookingEndpoints,
  ...formsEndpoints,
  ...salesEndpoints,
  ...aftersaleEndpoints,
} as const;

export type EndpointName = keyof typeof endpoints;

/** The table as a list (the API checks it registered each one; `/openapi.json` describes each one). */
export const endpointList: readonly AnyEndpoint[] = Object.values(endpoints);
