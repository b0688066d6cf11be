/**
 * jsdom plus the web globals Node has and jsdom lacks (fetch, TextEncoder, streams...). Not
 * MessageChannel: React's scheduler would hold its port open and Jest would never exit.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class BrowserEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    for (const name of [
      'TextEncoder', 'TextDecoder', 'fetch', 'Request', 'Response', 'Headers', 'FormData',
      'ReadableStream', 'WritableStream', 'TransformStream', 'AbortController', 'AbortSignal',
      'structuredClone', 'Blob',
    ]) {
      if (globalThis[name] && !g[name]) g[name] = globalThis[name];
    }
  }
}

module.exports = BrowserEnvironment;
