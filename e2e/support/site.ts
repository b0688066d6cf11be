import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

export const SITE = {
  siteUrl: `http://localhost:${sitePort}`,
  apiUrl: `http://localhost:${apiPort}`,
  remoteOrigin: (index: number) => `http://localhost:${cdnPort + index}`,
  deployDir: path.join(work, 'deploy'),
  sessionSecret: 'e2e-session-secret-0123456789abcdef0123456789abcdef',
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
  // The e2e site always runs on its own embedded database, whatever the shell has.
  DATABASE_URL: '',
};
