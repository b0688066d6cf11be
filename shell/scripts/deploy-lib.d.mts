/** Types of the parts of deploy-lib.mjs the shell's tests import (the deploy's scripts are plain Node). */
/** The stitched page's one inline script (language and submit guards, the code's fallback, today's date). */
export function pageGuard(product: string): string;
/** Its CSP hash (`'sha256-…'`). */
export function pageGuardHash(product: string): string;
