/**
 * The runtime config, asked once per page by its first script (`/route-hints.js`) and taken by the
 * shell's boot: `runtimeConfig` in `@rumbo/shared/early`, which a frame's client part (mf-booking's
 * `frame-fill.js`, which starts the reservation's first request) shares.
 */
import type { RuntimeConfig } from '@rumbo/shared';
import { runtimeConfig } from '@rumbo/shared/early';
import { takeHinted } from './route-hints';

/** The config `/route-hints.js` already asked for, else a fetch of its own. Taken once. */
export const takeRuntimeConfig = (read: () => Promise<RuntimeConfig>): Promise<RuntimeConfig> => takeHinted('__runtimeConfig', read);

/**
 * Asks for the runtime config once, for the shell's boot (which takes it: `takeRuntimeConfig`).
 * Called as the code starts: a page whose code waits for the customer has no preload of it, and
 * the boot would otherwise ask for it only once `main.js` has run, one round trip more before the
 * page is live (before anything shows, for a visitor who reads another language).
 */
export const hintRuntimeConfig = runtimeConfig;
