#!/usr/bin/env node
/**
 * Serves the whole site on localhost from the builds: the shell's origin, one origin per remote
 * (as a CDN), and the API with its embedded database and demo data. Ctrl-C stops all of it.
 *
 * Env: SITE_PORT (3000), API_PORT (3001), CDN_PORT (3100: remote n is served on CDN_PORT + n),
 * HOST (127.0.0.1), DEPLOY_DIR (.deploy), DATA_DIR (api/.data), DATABASE_URL, REDIS_URL, SMTP_URL,
 * SESSION_SECRET (a random one per run when unset), GOOGLE_CLIENT_ID, FACEBOOK_APP_ID, OPERATOR_TOKENS
 * (unset: a demo operator with a random token, printed).
 *
 * The API is the built one (api/dist, built here when missing), run with plain node; so is the
 * site server (shell/server/dist, built with the shell: `pnpm run build`). Its
 * development features are off unless turned on by name, so this script, a local demo with no
 * setup, turns them on by name: DEV_MAILBOX=1 (mails readable at /dev/outbox), DEMO_CUSTOMER=1
 * (the demo account), PAYMENTS_SANDBOX=1 (payments without real money), CULQI_SANDBOX=1 (the Culqi stand-in), SUNAT_SANDBOX=1 (electronic
 * vouchers checked and acknowledged by the stand-in, nothing declared), WHATSAPP_SANDBOX=1 (WhatsApp
 * messages taken by the Cloud API stand-in, listed at /whatsapp-sandbox/mensajes), API_DOCS=1 (the API at /docs).
 * Set any of them to 0 to keep it off.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  CDN_DIR,
  REMOTE_FOLDERS,
  ROOT,
  SHELL_DIR,
  builtRemotes,
  installShell,
  point,
  publish,
  writeOrigins,
  writeShellFile,
} from './deploy-lib.mjs';
import { serveCdn } from './static-server.mjs';

const host = process.env.HOST ?? '127.0.0.1';
const sitePort = Number(process.env.SITE_PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? 3001);
const cdnPort = Number(process.env.CDN_PORT ?? 3100);
const publicHost = host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host;
const siteOrigin = `http://${publicHost}:${sitePort}`;
const apiOrigin = `http://${publicHost}:${apiPort}`;
const remoteNames = Object.keys(REMOTE_FOLDERS);
const cdnOriginOf = (name) => `http://${publicHost}:${cdnPort + remoteNames.indexOf(name) + 1}`;

/**
 * The demo operator (DECISIONS.md: operators' credentials come from configuration): unless
 * OPERATOR_TOKENS is given, this local site makes one random credential per run and prints it.
 */
const demoOperatorToken = process.env.OPERATOR_TOKENS ? undefined : randomBytes(24).toString('hex');

const children = [];
const servers = [];

async function stop(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  await Promise.allSettled(servers.map((server) => server.close()));
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** The development features this local site turns on by name (each can be set to 0 to keep it off). */
const DEV_FEATURES = { DEV_MAILBOX: '1', DEMO_CUSTOMER: '1', PAYMENTS_SANDBOX: '1', CULQI_SANDBOX: '1', SUNAT_SANDBOX: '1', WHATSAPP_SANDBOX: '1', API_DOCS: '1' };

function startApi() {
  const apiDir = path.join(ROOT, 'api');
  if (!existsSync(path.join(apiDir, 'dist', 'main.js'))) {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: apiDir, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the API did not build');
  }
  return new Promise((resolve, reject) => {
    const api = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
      cwd: apiDir,
      env: {
        ...DEV_FEATURES,
        ...process.env,
        PORT: String(apiPort),
        HOST: host,
        SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
        ...(demoOperatorToken ? { OPERATOR_TOKENS: `demo-operator=${demoOperatorToken}` } : {}),
        CORS_ORIGINS: [siteOrigin, ...remoteNames.map(cdnOriginOf)].join(','),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(api);
    let ready = false;
    api.stdout.on('data', (chunk) => {
      if (process.env.API_LOG) process.stdout.write(chunk);
      if (!ready && /listening/i.test(chunk.toString())) {
        ready = true;
        resolve(api);
      }
    });
    api.on('exit', (code) => {
      if (!ready) reject(new Error(`API exited with ${code} before listening`));
      else if (code) {
        console.error(`API stopped (exit ${code})`);
        void stop(1);
      }
    });
  });
}

/** The built site server (shell/server, `siteServerConfig` in the shell's webpack.config.mjs), built here when missing. */
async function siteServer() {
  const built = path.join(ROOT, 'shell', 'server', 'dist', 'site-server.mjs');
  if (!existsSync(built)) {
    const build = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'webpack'), ['--config', 'webpack.config.mjs', '--config-name', 'site-server'], { cwd: path.join(ROOT, 'shell'), stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the site server did not build');
  }
  return import(built);
}

async function main() {
  const { serveSite } = await siteServer();
  installShell();
  const remotes = builtRemotes();
  const origins = Object.fromEntries(remotes.map((name) => [name, cdnOriginOf(name)]));
  writeOrigins(origins);
  writeShellFile('config.json', {
    apiBaseUrl: apiOrigin,
    product: 'rumbo',
    foundingYear: 1996,
    ...(process.env.GOOGLE_CLIENT_ID ? { googleClientId: process.env.GOOGLE_CLIENT_ID } : {}),
    ...(process.env.FACEBOOK_APP_ID ? { facebookAppId: process.env.FACEBOOK_APP_ID } : {}),
  });
  writeShellFile('remotes.json', {});
  for (const name of ['shell', ...remotes]) point(name, publish(name));
  await startApi();
  for (const name of remotes) {
    const port = cdnPort + remoteNames.indexOf(name) + 1;
    servers.push(await serveCdn({ root: path.join(CDN_DIR, name), port, host, allowedOrigins: [siteOrigin] }));
  }
  servers.push(
    await serveSite({ root: SHELL_DIR, cdnDir: CDN_DIR, port: sitePort, host, apiOrigin, cdnOrigins: Object.values(origins) }),
  );

  console.log(`Site: ${siteOrigin}`);
  console.log(`API: ${apiOrigin}`);
  for (const name of remotes) console.log(`  ${name}: ${origins[name]}`);
  if (demoOperatorToken) {
    console.log(`Demo operator: OPERATOR_TOKEN=${demoOperatorToken} API_URL=${apiOrigin} node api/scripts/operator.mjs whoami`);
  }
  console.log('Press Ctrl-C to stop.');
}

main().catch((error) => {
  console.error(error.message);
  void stop(1);
});
