/**
 * First module of every renderer bundle (webpack.federation.mjs `createRendererConfig`): asset
 * addresses (a destination's picture) start with the URL of the version's folder, which only the
 * site server knows; it sets `globalThis.__RUMBO_PUBLIC_PATH__` before loading the bundle.
 */
declare let __webpack_public_path__: string;
// eslint-disable-next-line prefer-const -- webpack reads the assignment itself
__webpack_public_path__ = (globalThis as { __RUMBO_PUBLIC_PATH__?: string }).__RUMBO_PUBLIC_PATH__ ?? '/';
export {};
