import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { SITE } from './site';

/**
 * Google and Facebook sign-in without Google or Facebook (this machine has no network to them):
 *
 * - `startFakeProviders()` runs, on `SITE.providers.port`, the two servers the API calls: a key
 *   server publishing the public half of an RSA key as a JWKS (as `googleapis.com/oauth2/v3/certs`
 *   does), and a Graph API stand-in answering `debug_token` (to the app's credentials only) and
 *   `/{user-id}` (to that user's token). The API runs its real verification against them.
 * - `installFakeSdks(page)` serves Google Identity Services and the Facebook JS SDK to the page
 *   from `page.route` as small fakes: `google.accounts.id` renders a button that, when clicked,
 *   hands the page's callback the ID token the test chose (a real RS256 JWT); `FB.login` hands back
 *   the access token the test chose, or no token (the customer closed the dialog).
 */

export interface GoogleAccount {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

export interface FacebookUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

const GOOGLE_ISSUER = 'https://accounts.google.com';
const KEY_ID = 'e2e-google-key-1';

/**
 * The issuer's key, kept in the run's work folder: a worker that restarts (after a failure, on a
 * retry) signs with the key the API may already have cached from the JWKS.
 */
async function issuerKey(): Promise<{ privateKey: CryptoKey; publicJwk: JWK }> {
  const file = path.join(SITE.workDir, 'fake-google-key.json');
  if (!existsSync(file)) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    try {
      writeFileSync(file, JSON.stringify(await exportJWK(privateKey)), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another worker wrote it first: use that one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const jwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
  const privateKey = (await importJWK(jwk, 'RS256')) as CryptoKey;
  return { privateKey, publicJwk: { kty: jwk.kty, n: jwk.n, e: jwk.e, kid: KEY_ID, alg: 'RS256', use: 'sig' } };
}

interface IssuedFacebookToken {
  user: FacebookUser;
  appId: string;
  expiresAt: number;
}

export interface FakeProviders {
  /**
   * An ID token for `account` as Google Identity Services hands it to the page. `audience`: the
   * client id it was issued for (default: the site's); `forged`: signed with a key the JWKS does
   * not publish, under the published key's id.
   */
  googleIdToken(account: GoogleAccount, options?: { audience?: string; forged?: boolean }): Promise<string>;
  /** A user access token the Graph stand-in knows; `appId`: the app it was issued to (default: the site's). */
  facebookToken(user: FacebookUser, options?: { appId?: string }): string;
  /** Paths the API asked for (`/google/...`, `/facebook/...`), oldest first. */
  readonly calls: string[];
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export async function startFakeProviders(): Promise<FakeProviders> {
  const { providers } = SITE;
  const { privateKey, publicJwk } = await issuerKey();
  const stranger = await generateKeyPair('RS256');
  const facebookTokens = new Map<string, IssuedFacebookToken>();
  const calls: string[] = [];
  const graphBase = new URL(providers.facebookGraphUrl).pathname;

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    calls.push(url.pathname);
    if (request.method !== 'GET') return json(response, 405, {});
    if (url.pathname === new URL(providers.googleJwksUrl).pathname) {
      return json(response, 200, { keys: [publicJwk] });
    }
    if (url.pathname === `${graphBase}/debug_token`) {
      if (url.searchParams.get('access_token') !== `${providers.facebookAppId}|${providers.facebookAppSecret}`) {
        return json(response, 400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      }
      const token = facebookTokens.get(url.searchParams.get('input_token') ?? '');
      if (!token) return json(response, 200, { data: { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' } } });
      return json(response, 200, {
        data: { app_id: token.appId, type: 'USER', is_valid: true, user_id: token.user.id, expires_at: token.expiresAt, scopes: ['email', 'public_profile'] },
      });
    }
    if (url.pathname.startsWith(`${graphBase}/`)) {
      const token = facebookTokens.get(url.searchParams.get('access_token') ?? '');
      if (!token || url.pathname !== `${graphBase}/${token.user.id}`) {
        return json(response, 400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      }
      const { id, email, firstName, lastName } = token.user;
      return json(response, 200, { id, email, first_name: firstName, last_name: lastName });
    }
    return json(response, 404, {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(providers.port, '127.0.0.1', resolve);
  });

  const sign = (account: GoogleAccount, key: CryptoKey, audience: string) =>
    new SignJWT({
      azp: audience,
      email: account.email,
      email_verified: true,
      name: `${account.givenName} ${account.familyName}`,
      given_name: account.givenName,
      family_name: account.familyName,
    })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .setIssuer(GOOGLE_ISSUER)
      .setAudience(audience)
      .setSubject(account.sub)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);

  return {
    googleIdToken: (account, options = {}) =>
      sign(account, options.forged ? stranger.privateKey : privateKey, options.audience ?? providers.googleClientId),
    facebookToken(user, options = {}) {
      const token = `EAA${randomBytes(24).toString('hex')}`;
      facebookTokens.set(token, { user, appId: options.appId ?? providers.facebookAppId, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
      return token;
    },
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Google Identity Services, as much as the page uses: `initialize` keeps the client id and the
 * callback; `renderButton` draws the "Continue with Google" button in the requested locale; a
 * click opens the "popup" (the test's `__e2eGooglePopup`), which answers an ID token or nothing.
 */
const GOOGLE_SDK = `(() => {
  const labels = { es: 'Continuar con Google', en: 'Continue with Google' };
  let config;
  const id = {
    initialize(options) { config = options; },
    renderButton(parent, options) {
      if (!config) throw new Error('google.accounts.id.initialize was not called');
      const button = document.createElement('button');
      button.type = 'button';
      button.style.cssText = 'width: 280px; padding: 10px 12px; border: 1px solid #747775; border-radius: 4px; background: #fff; color: #1f1f1f; font: 500 14px sans-serif; cursor: pointer;';
      button.textContent = labels[(options && options.locale) || 'en'] || labels.en;
      button.addEventListener('click', async () => {
        const credential = await window.__e2eGooglePopup(config.client_id);
        if (credential) config.callback({ credential, select_by: 'btn', clientId: config.client_id });
      });
      parent.replaceChildren(button);
    },
    prompt() {},
    cancel() {},
    disableAutoSelect() {},
  };
  window.google = Object.assign(window.google || {}, { accounts: { id } });
})();`;

/**
 * The Facebook JS SDK, as much as the page uses: `FB.init` keeps the app id, `FB.login` opens the
 * "dialog" (the test's `__e2eFacebookDialog`), which answers an access token or nothing (closed);
 * like the real SDK, it calls `window.fbAsyncInit` once loaded.
 */
const FACEBOOK_SDK = `(() => {
  let app;
  window.FB = {
    init(options) { app = options; },
    login(callback, options) {
      if (!app) throw new Error('FB.login() called before FB.init()');
      window.__e2eFacebookDialog(app.appId, app.version, (options && options.scope) || '').then((accessToken) => {
        callback(accessToken
          ? { status: 'connected', authResponse: { accessToken, expiresIn: 3600, signedRequest: '', userID: '' } }
          : { status: 'unknown', authResponse: null });
      });
    },
    getLoginStatus(callback) { callback({ status: 'unknown', authResponse: null }); },
    logout(callback) { if (callback) callback({ status: 'unknown', authResponse: null }); },
  };
  if (typeof window.fbAsyncInit === 'function') window.fbAsyncInit();
})();`;

export interface FacebookDialog {
  appId: string;
  version: string;
  scope: string;
}

/** What the customer does in the providers' windows, set by the test before each click. */
export class FakeSdks {
  /** The next Google popup hands back this ID token; null: the customer closes it. */
  googleAnswer: string | null = null;
  /** The next Facebook dialog hands back this access token; null: the customer closes it. */
  facebookAnswer: string | null = null;
  /** Client ids the page opened Google's popup with. */
  readonly googlePopups: string[] = [];
  /** How the page opened Facebook's dialog. */
  readonly facebookDialogs: FacebookDialog[] = [];
  /** Locales of the Facebook SDK the page loaded (`es_LA`, `en_US`). */
  readonly facebookLocales: string[] = [];
  /** How often the page loaded Google's script. */
  googleLoads = 0;

  /** Serves both fake SDKs to `page` and wires their windows to this object. */
  async install(page: Page): Promise<void> {
    await page.exposeFunction('__e2eGooglePopup', (clientId: string) => {
      this.googlePopups.push(clientId);
      const answer = this.googleAnswer;
      this.googleAnswer = null;
      return answer;
    });
    await page.exposeFunction('__e2eFacebookDialog', (appId: string, version: string, scope: string) => {
      this.facebookDialogs.push({ appId, version, scope });
      const answer = this.facebookAnswer;
      this.facebookAnswer = null;
      return answer;
    });
    await page.route('https://accounts.google.com/gsi/client', async (route) => {
      this.googleLoads += 1;
      await route.fulfill({ contentType: 'text/javascript', body: GOOGLE_SDK });
    });
    await page.route(/^https:\/\/connect\.facebook\.net\/([a-z]{2}_[A-Z]{2})\/sdk\.js$/, async (route) => {
      this.facebookLocales.push(/\/([a-z]{2}_[A-Z]{2})\//.exec(route.request().url())![1]!);
      await route.fulfill({ contentType: 'text/javascript', body: FACEBOOK_SDK });
    });
  }
}
