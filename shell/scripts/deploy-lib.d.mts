/** Types of the parts of deploy-lib.mjs the shell's tests import (the deploy's scripts are plain Node). */
/** The served folders: the apps' versions (`<app>/<version>/`) and the site's runtime files. */
export const CDN_DIR: string;
export const SHELL_DIR: string;
/** The builds' source maps, kept out of the served folders. */
export const SOURCE_MAPS_DIR: string;
/** Copies an app's build (its `dist`, or `distDir`) into its immutable versioned folder; returns the version. */
export function publish(app: string, distDir?: string): string;
/** Points an app at a published version (one registry write); the pointer before and after. */
export function point(app: string, version: string): { previous?: string; current: string };
/** The registry: each app's pointer (the shell's a version, a remote's its manifest's address). */
export function readRegistry(): Record<string, string | undefined>;
