import path from 'node:path';
import { FACEBOOK_GRAPH_URL, GOOGLE_ISSUERS, GOOGLE_JWKS_URL, type FacebookOptions, type GoogleOptions } from './accounts/providers';
import type { DatabaseOptions } from './db/client';
import { OPERATOR } from './operator';
import type { PaymentsConfig } from './payments';
import { PAGOEFECTIVO_URL, type PagoEfectivoCredentials } from './payments/pagoefectivo';
import { SAFETYPAY_URL, type SafetyPayCredentials } from './payments/safetypay';

/** Everything the server reads from its environment, read in one place. */
export interface Config {
  port: number;
  host: string;
  database: DatabaseOptions;
  /** Without it mails stay in the outbox (the dev mailbox). */
  smtpUrl?: string;
  mailFrom: string;
  sessionSecret: string;
  corsOrigins: (string | RegExp)[];
  devMailbox: boolean;
  /** Seed the demo customer (`demo@rumboandino.pe`, known password): on unless production. */
  demoCustomer: boolean;
  /** The site's origin for links in mails; unset: the caller's (allowed) Origin. */
  siteUrl?: string;
  google?: GoogleOptions;
  facebook?: FacebookOptions;
  /** The API's origin as browsers reach it (API_ORIGIN): the payment sandbox's pages and notices. */
  apiOrigin: string;
  /** SafetyPay and PagoEfectivo credentials, and whether the sandbox may stand in for them. */
  payments: PaymentsConfig;
}

/** A configuration the server must not start with; the message says how to fix it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '.data');
/** Without CORS_ORIGINS, a development server accepts the site and remotes on any local port. */
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;
const MIN_SECRET_LENGTH = 32;

function facebookOf(env: NodeJS.ProcessEnv): FacebookOptions | undefined {
  if (!env.FACEBOOK_APP_ID) return undefined;
  if (!env.FACEBOOK_APP_SECRET) {
    throw new ConfigError('FACEBOOK_APP_ID is set but FACEBOOK_APP_SECRET is not: the app secret verifies sign-in tokens.');
  }
  return { appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET, graphUrl: env.FACEBOOK_GRAPH_URL || FACEBOOK_GRAPH_URL };
}

/** A provider's variables are all set or all unset; a partial set is a mistake worth stopping for. */
function credentialsOf(env: NodeJS.ProcessEnv, provider: string, names: string[], urlName: string): Record<string, string> | undefined {
  const set = names.filter((name) => env[name]);
  if (set.length === 0) {
    if (env[urlName]) throw new ConfigError(`${urlName} is set but ${names.join(', ')} are not: ${provider} needs its credentials.`);
    return undefined;
  }
  const missing = names.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(`${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not: ${provider} needs all of ${names.join(', ')}.`);
  }
  return Object.fromEntries(names.map((name) => [name, env[name]!]));
}

function providerUrl(env: NodeJS.ProcessEnv, name: string, fallback: string, production: boolean): string {
  const value = env[name] || fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${value}".`);
  }
  if (url.protocol !== 'https:' && (production || url.protocol !== 'http:')) {
    throw new ConfigError(`${name} must be an https URL${production ? ' in production' : ''}, got "${value}".`);
  }
  return value.replace(/\/+$/, '');
}

/**
 * Payment providers: real with credentials; without them the sandbox stands in, except in
 * production, where it runs only when PAYMENTS_SANDBOX=1 asks for it on purpose (a shop taking
 * bookings that are never paid must not start by accident). PAYMENTS_SANDBOX=0 forbids it anywhere.
 */
function paymentsOf(env: NodeJS.ProcessEnv, production: boolean): PaymentsConfig {
  const sp = credentialsOf(env, 'SafetyPay', ['SAFETYPAY_API_KEY', 'SAFETYPAY_SIGNATURE_KEY'], 'SAFETYPAY_URL');
  const safetypay: SafetyPayCredentials | undefined = sp && {
    apiKey: sp.SAFETYPAY_API_KEY!,
    signatureKey: sp.SAFETYPAY_SIGNATURE_KEY!,
    url: providerUrl(env, 'SAFETYPAY_URL', SAFETYPAY_URL, production),
  };

  const pe = credentialsOf(env, 'PagoEfectivo', ['PAGOEFECTIVO_SERVICE_ID', 'PAGOEFECTIVO_ACCESS_KEY', 'PAGOEFECTIVO_SECRET_KEY'], 'PAGOEFECTIVO_URL');
  let pagoefectivo: PagoEfectivoCredentials | undefined;
  if (pe) {
    const serviceId = Number(pe.PAGOEFECTIVO_SERVICE_ID);
    if (!Number.isSafeInteger(serviceId) || serviceId <= 0) {
      throw new ConfigError(`PAGOEFECTIVO_SERVICE_ID must be the numeric service id PagoEfectivo gave, got "${pe.PAGOEFECTIVO_SERVICE_ID}".`);
    }
    pagoefectivo = {
      serviceId,
      accessKey: pe.PAGOEFECTIVO_ACCESS_KEY!,
      secretKey: pe.PAGOEFECTIVO_SECRET_KEY!,
      url: providerUrl(env, 'PAGOEFECTIVO_URL', PAGOEFECTIVO_URL, production),
    };
  }

  const flag = env.PAYMENTS_SANDBOX;
  if (flag && flag !== '0' && flag !== '1') throw new ConfigError(`PAYMENTS_SANDBOX must be 1 or 0, got "${flag}".`);
  const sandbox = flag ? flag === '1' : !production;
  const missing = [
    !safetypay && 'SafetyPay (SAFETYPAY_API_KEY, SAFETYPAY_SIGNATURE_KEY)',
    !pagoefectivo && 'PagoEfectivo (PAGOEFECTIVO_SERVICE_ID, PAGOEFECTIVO_ACCESS_KEY, PAGOEFECTIVO_SECRET_KEY)',
  ].filter(Boolean);
  if (missing.length > 0 && !sandbox) {
    throw new ConfigError(
      `no credentials for ${missing.join(' and ')}: ` +
        (flag === '0'
          ? 'set them, or remove PAYMENTS_SANDBOX=0 to let the payment sandbox stand in.'
          : 'in production set them; the payment sandbox (no real money) runs there only with PAYMENTS_SANDBOX=1.'),
    );
  }
  return { safetypay, pagoefectivo, sandbox };
}

function apiOriginOf(env: NodeJS.ProcessEnv, port: number): string {
  const value = env.API_ORIGIN || `http://localhost:${port}`;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
  } catch {
    // Reported below.
  }
  throw new ConfigError(`API_ORIGIN must be the API's origin as browsers reach it, e.g. https://api.rumboandino.pe, got "${value}".`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';

  const port = Number(env.PORT ?? 3001);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number (0-65535), got "${env.PORT}".`);
  }

  const sessionSecret = env.SESSION_SECRET ?? '';
  if (sessionSecret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `SESSION_SECRET is ${sessionSecret ? 'too short' : 'not set'}: it signs the session tokens and must be a ` +
        `random string of at least ${MIN_SECRET_LENGTH} characters, e.g. SESSION_SECRET=$(openssl rand -hex 32).`,
    );
  }

  const corsOrigins = env.CORS_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);

  return {
    port,
    host: env.HOST || '127.0.0.1',
    // DATA_DIR is the API's data folder; the embedded database lives in its `pglite` folder.
    database: env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL }
      : { dataDir: path.join(env.DATA_DIR || DEFAULT_DATA_DIR, 'pglite') },
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `"${OPERATOR.marca}" <no-responder@rumboandino.pe>`,
    sessionSecret,
    corsOrigins: corsOrigins?.length ? corsOrigins : production ? [] : [LOCAL_ORIGIN],
    devMailbox: env.DEV_MAILBOX ? env.DEV_MAILBOX === '1' : !production,
    // A customer with a published password must never exist on a production database.
    demoCustomer: env.DEMO_CUSTOMER ? env.DEMO_CUSTOMER === '1' : !production,
    siteUrl: env.SITE_URL || undefined,
    google: env.GOOGLE_CLIENT_ID
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          jwksUrl: env.GOOGLE_JWKS_URL || GOOGLE_JWKS_URL,
          issuers: env.GOOGLE_ISSUER ? [env.GOOGLE_ISSUER] : GOOGLE_ISSUERS,
        }
      : undefined,
    facebook: facebookOf(env),
    apiOrigin: apiOriginOf(env, port),
    payments: paymentsOf(env, production),
  };
}
