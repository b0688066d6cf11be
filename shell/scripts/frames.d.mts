/** Types of frames.mjs (the site's server is plain Node; the shell's tests import this one). */
export function matchesPattern(pattern: string, pathname: string): boolean;
export function framePage(root: string, url: string): string | undefined;
