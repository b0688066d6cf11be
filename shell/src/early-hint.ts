/**
 * The runtime config, asked once per page by its first script (`/route-hints.js` calls
 * `runtimeConfig` of `@rumbo/shared/early`, which a frame's client part, mf-booking's
 * `frame-fill.js`, shares for the reservation's first request) and taken by the shell's boot.
 */
import type { RuntimeConfig } from '@rumbo/shared';
import { hintedOr } from './route-hints';

/** The config `/route-hints.js` already asked for, else a fetch of its own. Taken once. */
export function takeRuntimeConfig(read: () => Promise<RuntimeConfig>): Promise<RuntimeConfig> {
  const hinted = window.__runtimeConfig;
  window.__runtimeConfig = undefined;
  return hintedOr(hinted, read);
}
