import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { throwawayWallets } from './wallets';
import { throwawayVapid } from './vapid';

/**
 * The site under test: its own ports, deploy folder and a fresh database, so a developer's
 * running site is untouched. The session secret is known here so tests can mint session tokens
 * the API accepts (the customer journeys of the accounts issue sign in for real).
 */
const work = process.env.E2E_WORK_DIR ?? mkdtempSync(path.join(tmpdir(), 'rumbo-e2e-'));
process.env.E2E_WORK_DIR = work;

// E2E_PORT_BASE moves every port at once (two checkouts can run their journeys side by side).
const portBase = Number(process.env.E2E_PORT_BASE ?? 4300);
const sitePort = portBase;
const apiPort = portBase + 1;
const cdnPort = portBase + 100;
// The stand-ins for Google's key server and Facebook's Graph API (support/social-providers.ts).
const providersPort = portBase + 60;
const providersUrl = `http://127.0.0.1:${providersPort}`;

export const SITE = {
  siteUrl: `http://localhost:${sitePort}`,
  apiUrl: `http://localhost:${apiPort}`,
  remoteOrigin: (index: number) => `http://localhost:${cdnPort + index}`,
  workDir: work,
  deployDir: path.join(work, 'deploy'),
  sessionSecret: 'e2e-session-secret-0123456789abcdef0123456789abcdef',
  /**
   * Google and Facebook sign-in as the site and the API are configured for them: the site offers
   * both buttons, and the API verifies tokens against local stand-ins instead of Google's JWKS and
   * the Graph API (this machine cannot reach them). Every spec runs with them configured.
   */
  providers: {
    port: providersPort,
    googleClientId: 'e2e-rumbo-web.apps.googleusercontent.com',
    googleJwksUrl: `${providersUrl}/google/oauth2/v3/certs`,
    facebookAppId: '700100200300400',
    facebookAppSecret: 'e2e-facebook-app-secret-0123456789',
    facebookGraphUrl: `${providersUrl}/facebook/v21.0`,
  },
  /** Issue 35: the operator credential the API is given (OPERATOR_TOKENS), to declare disruptions. */
  operatorToken: 'e2e0perat0r7a9c1d47e8b20c6a5d9e1f07b3c8a4d2e6',
  env: {} as Record<string, string>,
};

SITE.env = {
  SITE_PORT: String(sitePort),
  API_PORT: String(apiPort),
  CDN_PORT: String(cdnPort),
  DEPLOY_DIR: SITE.deployDir,
  DATA_DIR: path.join(work, 'data'),
  SESSION_SECRET: SITE.sessionSecret,
  DEV_MAILBOX: '1',
  // Issue 35: the operators' credential (a fixed one, so the journeys can declare disruptions).
  OPERATOR_TOKENS: `e2e-operator=${SITE.operatorToken}`,
  // Read by the start script (runtime config: which buttons /login shows) and by the API.
  // GOOGLE_ISSUER stays unset: the API expects Google's own issuer, as in production.
  GOOGLE_CLIENT_ID: SITE.providers.googleClientId,
  GOOGLE_JWKS_URL: SITE.providers.googleJwksUrl,
  FACEBOOK_APP_ID: SITE.providers.facebookAppId,
  FACEBOOK_APP_SECRET: SITE.providers.facebookAppSecret,
  FACEBOOK_GRAPH_URL: SITE.providers.facebookGraphUrl,
  // The e2e site always runs on its own embedded database, whatever the shell has.
  DATABASE_URL: '',
  // And on rate-limit counters of its own in the shared Redis (REDIS_URL, when set): another run's
  // sign-ins (a checkout side by side, or the last run minutes ago) do not count against this one.
  REDIS_PREFIX: `rumbo-e2e-${path.basename(work)}-`,
  // Issue 36: Apple Wallet and Google Wallet configured (throwaway credentials), so the tickets offer both.
  ...throwawayWallets(work),
  // Issues 35 and 36: web push configured (a VAPID pair made here), so paid tickets offer "Notify me on this phone".
  ...throwawayVapid(),
  SITE_URL: `http://localhost:${sitePort}`,
};
