import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** Who a provider says signed in: its stable id and a verified e-mail. */
export interface ProviderIdentity {
  provider: 'google' | 'facebook';
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
}

export interface GoogleOptions {
  /** The OAuth client id of the site: ID tokens must be issued for it (`aud`). */
  clientId: string;
  /** Google's signing keys; a local fake issuer's in tests. */
  jwksUrl: string;
  issuers: string[];
}

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * Verifies a Google Identity Services ID token: RS256 signature against Google's published keys
 * (fetched and cached by jose), audience (and the authorized party `azp`), issuer, expiry, and a verified e-mail. Null when any
 * check fails.
 */
export function googleVerifier(options: GoogleOptions): (credential: string) => Promise<ProviderIdentity | null> {
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return async (credential) => {
    try {
      const { payload } = await jwtVerify(credential, keys, {
        algorithms: ['RS256'],
        audience: options.clientId,
        issuer: options.issuers,
        requiredClaims: ['sub', 'exp', 'email'],
      });
      if (payload.email_verified !== true || typeof payload.email !== 'string' || !payload.sub) return null;
      // Issue 15: a token for several audiences is this site's only when this site is its
      // authorized party (`azp`); an `azp` naming another client is never this site's.
      const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (audiences.length > 1 && payload.azp !== options.clientId) return null;
      if (payload.azp !== undefined && payload.azp !== options.clientId) return null;
      return {
        provider: 'google',
        subject: payload.sub,
        email: payload.email.toLowerCase(),
        givenName: typeof payload.given_name === 'string' ? payload.given_name : '',
        familyName: typeof payload.family_name === 'string' ? payload.family_name : '',
      };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  };
}

export interface FacebookOptions {
  appId: string;
  appSecret: string;
  /** The Graph API base, e.g. `https://graph.facebook.com/v21.0`; a local fake in tests. */
  graphUrl: string;
}

export const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v21.0';

interface DebugToken {
  data?: { app_id?: string; is_valid?: boolean; user_id?: string; expires_at?: number };
}

interface FacebookUser {
  id?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

async function getJson<T>(url: URL): Promise<T | null> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => null);
  if (!response?.ok) return null;
  return (await response.json().catch(() => null)) as T | null;
}

/**
 * Verifies a Facebook user access token with the app's own credentials (`debug_token`): valid,
 * issued to this app, not expired; then reads the user's id, e-mail and names with it. Facebook
 * only gives out e-mails its users have confirmed. Null when any check fails.
 */
export function facebookVerifier(options: FacebookOptions, now: () => Date): (accessToken: string) => Promise<ProviderIdentity | null> {
  const base = options.graphUrl.replace(/\/+$/, '');
  return async (accessToken) => {
    const debug = new URL(`${base}/debug_token`);
    debug.searchParams.set('input_token', accessToken);
    debug.searchParams.set('access_token', `${options.appId}|${options.appSecret}`);
    const info = (await getJson<DebugToken>(debug))?.data;
    const nowSeconds = Math.floor(now().getTime() / 1000);
    if (!info?.is_valid || info.app_id !== options.appId || !info.user_id) return null;
    // 0 means a token that does not expire (long-lived page tokens); user tokens carry a time.
    if (typeof info.expires_at !== 'number' || (info.expires_at !== 0 && info.expires_at <= nowSeconds)) return null;

    const me = new URL(`${base}/${encodeURIComponent(info.user_id)}`);
    me.searchParams.set('fields', 'id,email,first_name,last_name');
    me.searchParams.set('access_token', accessToken);
    const user = await getJson<FacebookUser>(me);
    if (!user || user.id !== info.user_id) return null;
    return {
      provider: 'facebook',
      subject: user.id,
      email: (user.email ?? '').toLowerCase(),
      givenName: user.first_name ?? '',
      familyName: user.last_name ?? '',
    };
  };
}
