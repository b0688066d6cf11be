import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const RETRIES = 1;
const DELAY_MS = 400;

/**
 * First layer of remote-failure handling: a manifest fetch that fails on the network is tried
 * once more before the remote counts as unavailable (the shell's fallback is the next layer).
 */
export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'rumbo-retry-manifest',
    async fetch(url, init) {
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await fetch(url, init);
          if (response.ok || attempt >= RETRIES || response.status < 500) return response;
        } catch (error) {
          if (attempt >= RETRIES) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
      }
    },
  };
}
