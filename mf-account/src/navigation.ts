import { customerFromUserData, session } from '@rumbo/shared';
import type { SignedIn } from '@rumbo/shared/schemas';

export const ACCOUNT_HOME = '/micuenta';

/**
 * Where to go after sign-in: the `pathname` query when it is a path of this site, else
 * `/micuenta`. The path is normalised by the URL parser against the site's origin (dot segments,
 * backslashes, tabs and newlines, percent-encoded dots, as the browser will), and what comes out must
 * resolve to that same origin again: `/.//evil.example/x` normalises to `//evil.example/x`, which
 * the browser would follow to another site (issue 32). So a crafted link cannot send a customer off
 * the site after a correct password.
 */
export function returnPath(search: string, origin: string = window.location.origin): string {
  const wanted = new URLSearchParams(search).get('pathname') ?? '';
  // Only a path (not a URL, not `//host`); no backslash, which browsers read as a slash.
  if (!wanted.startsWith('/') || wanted.startsWith('//') || wanted.includes('\\')) return ACCOUNT_HOME;
  try {
    const url = new URL(wanted, origin);
    if (url.origin !== new URL(origin).origin) return ACCOUNT_HOME;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // What the browser will do with the normalised path: it must still be a path of this origin.
    if (!path.startsWith('/') || path.startsWith('//') || new URL(path, url).origin !== url.origin) return ACCOUNT_HOME;
    return path;
  } catch {
    return ACCOUNT_HOME;
  }
}

export { loginPath } from '@rumbo/shared';

/** Stores the session: the header shows the first name at once, without another call. */
export function startSession(signedIn: SignedIn): void {
  session.signIn(signedIn.token, customerFromUserData(signedIn.cliente));
}
