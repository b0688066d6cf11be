/** Types of the parts of deploy-lib.mjs the shell's tests import (the deploy's scripts are plain Node). */
/** The stitched page's one inline script (language and submit guards, the code's fallback, today's date). */
export function pageGuard(product: string): string;
/** Its CSP hash (`'sha256-…'`). */
export function pageGuardHash(product: string): string;
/** The served folders: the remotes' versions (`<remote>/<version>/`) and the shell's. */
export const CDN_DIR: string;
export const SHELL_DIR: string;
/** The builds' source maps, kept out of the served folders. */
export const SOURCE_MAPS_DIR: string;
/** Copies a remote's build (its `dist`, or `distDir`) into its immutable versioned folder; returns the version. */
export function publish(remote: string, distDir?: string): string;
