import { customerFromUserData, session } from '@rumbo/shared';
import type { SignedIn } from '@rumbo/shared/schemas';

export const ACCOUNT_HOME = '/micuenta';

/**
 * Where to go after sign-in: the `pathname` query when it is a path of this site, else
 * `/micuenta`. Anything else (another origin, `//host`, a scheme) is ignored, so a crafted link
 * cannot send a customer off the site.
 */
export function returnPath(search: string): string {
  const wanted = new URLSearchParams(search).get('pathname') ?? '';
  if (!wanted.startsWith('/') || wanted.startsWith('//') || wanted.includes('\\')) return ACCOUNT_HOME;
  try {
    const url = new URL(wanted, 'http://site.invalid');
    if (url.origin !== 'http://site.invalid') return ACCOUNT_HOME;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return ACCOUNT_HOME;
  }
}

/** `/login?pathname=<path>`, the slashes of the path kept readable. */
export function loginPath(pathname: string): string {
  return `/login?pathname=${encodeURIComponent(pathname).replace(/%2F/gi, '/')}`;
}

/** Stores the session: the header shows the first name at once, without another call. */
export function startSession(signedIn: SignedIn): void {
  session.signIn(signedIn.token, customerFromUserData(signedIn.cliente));
}
