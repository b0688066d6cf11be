/** Defined by the shared build (webpack.federation.mjs). */
declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
declare const __BUILD_LABEL__: string;
