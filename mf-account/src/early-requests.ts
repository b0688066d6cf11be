import { accountsEndpoints } from '@rumbo/shared/contract';
import type { EarlyRequest } from '@rumbo/shared/early';
import { ACCOUNT_HOME } from './navigation';

/**
 * Each stitched page's first `/rest` request, which the page starts from its HTML
 * (`@rumbo/shared/early`, README "Stitching"): Mi cuenta's profile (`ProfileStore.load`), with
 * the session's token as the client sends it; none for a signed-out visitor (sent to sign in).
 */
export const EARLY_REQUESTS: Readonly<Record<string, EarlyRequest | undefined>> = {
  [ACCOUNT_HOME]: { method: 'GET', path: accountsEndpoints.profile.path, body: {}, signedIn: true },
};
