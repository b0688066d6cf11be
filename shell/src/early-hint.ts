/**
 * A purchase step's first `/rest` request, started by `/route-hints.js` from what its route's
 * loader put in the page's data (`earlyRequest` in `PAINT.data`, see `@rumbo/shared/early`): its
 * values are in this browser's session storage (`CRESERVA`), which the server never sees. It needs
 * the API's address, from the runtime config, read once for the shell's boot too.
 */
import type { RuntimeConfig } from '@rumbo/shared';
import { startEarlyRequest, storedClientHeaders, type EarlyRequest } from '@rumbo/shared/early';
import { PAINT } from '@rumbo/shared/paint';
import { takeHinted } from './route-hints';

declare global {
  interface Window {
    /** The runtime config as `/route-hints.js` fetched it, for the shell's boot. */
    __runtimeConfig?: Promise<RuntimeConfig>;
  }
}

/** The config `/route-hints.js` already asked for, else a fetch of its own. Taken once. */
export const takeRuntimeConfig = (read: () => Promise<RuntimeConfig>): Promise<RuntimeConfig> => takeHinted('__runtimeConfig', read);

/** Starts the request the page describes, if it describes one (nothing otherwise: the page asks as always). */
export async function hintEarlyRequest(): Promise<void> {
  const element = document.getElementById(PAINT.data);
  if (!element?.textContent) return;
  const request = (JSON.parse(element.textContent) as { earlyRequest?: EarlyRequest }).earlyRequest;
  if (!request) return;
  const config = await hintRuntimeConfig();
  startEarlyRequest(request, { apiBaseUrl: config.apiBaseUrl, address: `${window.location.pathname}${window.location.search}`, headers: storedClientHeaders(config.product) });
}

/**
 * Asks for the runtime config once, for the page's first request and the shell's boot (which takes
 * it: `takeRuntimeConfig`). Also called as the code starts: a page whose code waits for the
 * customer has no preload of it, and the boot would otherwise ask for it only once `main.js` has
 * run, one round trip more before the page is live (before anything shows, for a visitor who
 * reads another language). A frame's HTML preloads it: this fetch takes that answer.
 */
export function hintRuntimeConfig(): Promise<RuntimeConfig> {
  window.__runtimeConfig ??= fetch('/config.json').then((response) => {
    if (!response.ok) throw new Error(`/config.json: ${response.status}`);
    return response.json() as Promise<RuntimeConfig>;
  });
  return window.__runtimeConfig;
}
