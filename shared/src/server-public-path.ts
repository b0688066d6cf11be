/**
 * First module of every renderer bundle (webpack.federation.mjs `createRendererConfig`): asset
 * addresses (a destination's picture) start with the URL of the version's folder, which only the
 * site server knows; its render worker sets the global `PAINT.publicPathGlobal` before loading the bundle.
 */
import { PAINT } from './paint';

declare let __webpack_public_path__: string;
// eslint-disable-next-line prefer-const -- webpack reads the assignment itself
__webpack_public_path__ = (globalThis as unknown as Record<string, string | undefined>)[PAINT.publicPathGlobal] ?? '/';
