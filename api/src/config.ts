import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FACEBOOK_GRAPH_URL, GOOGLE_ISSUERS, GOOGLE_JWKS_URL, type FacebookOptions, type GoogleOptions } from './accounts/providers';
import type { DatabaseOptions } from './db/client';
import { OPERATOR } from './operator';
import { parseOperatorTokens, type OperatorCredential } from './operators/operators';
import { policyFromEnv, type ChangePolicy } from './disruptions/policy';
import type { PaymentsConfig } from './payments';
import { WalletConfigError, walletsOf, type WalletsConfig } from './pocket/pocket.config';
import { PushConfigError, vapidOf, type VapidConfig } from './push/push.config';
import { WhatsAppConfigError, whatsappOf, type WhatsAppConfig } from './whatsapp/whatsapp.config';
import { PAGOEFECTIVO_URL, type PagoEfectivoCredentials } from './payments/pagoefectivo';
import { SAFETYPAY_URL, type SafetyPayCredentials } from './payments/safetypay';
import { CULQI_API_URL, CULQI_SECURE_URL, type CulqiCredentials } from './payments/culqi';
import { parseVoucherSeries, type VoucherSeries } from './vouchers/rules';
import { signerOf, type VoucherSigner } from './vouchers/signing';
import { MAIL_CLAIM_MS } from './mail/sender';

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
  /** Serve `/dev/outbox` (DEV_MAILBOX=1): off unless turned on by name; refused in production. */
  devMailbox: boolean;
  /** Serve the API's description, `/openapi.json` and its readable `/docs` page (API_DOCS=1): off unless turned on by name. */
  apiDocs: boolean;
  /** Seed the demo customer (`demo@rumboandino.pe`, known password), DEMO_CUSTOMER=1: off unless turned on by name. */
  demoCustomer: boolean;
  /** NODE_ENV=production: the refusals below apply (weak secret, no origins). */
  production: boolean;
  /** Redis (REDIS_URL): rate limits shared by every instance; unset: each process counts in memory. */
  redisUrl?: string;
  /** REDIS_PREFIX: the start of the rate-limit keys in Redis (`rumbo-rl-`). */
  redisPrefix: string;
  /** METRICS_TOKEN: the bearer token of `GET /metrics`; unset: no metrics route. */
  metricsToken?: string;
  /**
   * TRUST_PROXY: the load balancer's hop count (`1`) or its addresses/CIDRs (`10.0.0.0/8,loopback`),
   * whose X-Forwarded-For gives the client's address; unset: the socket's address.
   */
  trustProxy?: number | string[];
  /**
   * SHUTDOWN_DELAY_MS: after SIGTERM, how long the API keeps serving (readiness failing) before it
   * closes its listener: the balancer's check interval × failures to mark it down. 0 by default.
   */
  shutdownDelayMs: number;
  /** LOG_LEVEL (pino): info by default. */
  logLevel: string;
  /** The site's origin for links in mails; unset: the caller's (allowed) Origin. */
  siteUrl?: string;
  google?: GoogleOptions;
  facebook?: FacebookOptions;
  /** The API's origin as browsers reach it (API_ORIGIN): the payment sandbox's pages and notices. */
  apiOrigin: string;
  /** SafetyPay and PagoEfectivo credentials, and whether the sandbox may stand in for them. */
  payments: PaymentsConfig;
  /** OPERATOR_TOKENS (`name=token,…`): who may call the operators' endpoints; none: those answer 401. */
  operators: OperatorCredential[];
  /** Issue 35: CHANGE_RIGHT_DELAY_MIN, CHANGE_REBOOK_DAYS, CHANGE_CREDIT_BONUS_PCT, CHANGE_CREDIT_MONTHS, CHANGE_CANCEL_HOURS, CHANGE_CANCEL_FEE_PCT, CHANGE_TRANSFER_HOURS. */
  changePolicy: ChangePolicy;
  /** SUNAT (or an OSE): the signing certificate, the SOL credentials, and whether the stand-in answers instead. */
  sunat: SunatConfig;
  /** Issue 44: VOUCHER_SERIES, this instance's boleta and factura series (`B002,F002`); unset: B001,F001. */
  voucherSeries: VoucherSeries;
  /** Issue 36: APPLE_PASS_* and GOOGLE_WALLET_* (pocket/pocket.config.ts); each unset: that wallet's button is not offered. */
  wallets: WalletsConfig;
  /** Issues 35 and 36: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, PUSH_SERVICE_HOSTS (push/push.config.ts); unset: no web push. */
  vapid?: VapidConfig;
  /** Issue 48: WhatsApp Cloud API (WHATSAPP_*), or its stand-in (WHATSAPP_SANDBOX=1, never in production); unset: no WhatsApp. */
  whatsapp?: WhatsAppConfig;
  /** Issue 44, SEARCH_CACHE_MS: how long identical trip searches share an answer (trips/answer-cache.ts); 0: not at all. */
  searchCacheMs: number;
  /** MAIL_CLAIM_MS: how long a mail claimed by a sender is not due for another (mail/sender.ts); a dead sender's mail is sent by another after it. */
  mailClaimMs: number;
}

/** SUNAT_*: see sunatOf. */
export interface SunatConfig {
  /** SUNAT_CERT_PEM + SUNAT_KEY_PEM, or SUNAT_CERT_FILE + SUNAT_KEY_FILE: the operator's signing certificate. */
  signer?: VoucherSigner;
  /** SUNAT_SOL_USER (RUC + SOL user), SUNAT_SOL_PASSWORD, SUNAT_URL (billService; an OSE's too). */
  sol?: { user: string; password: string; url: string };
  /** SUNAT_SANDBOX=1: the stand-in checks and acknowledges vouchers instead of SUNAT (nothing declared). */
  sandbox: boolean;
}

/** A configuration the server must not start with; the message says how to fix it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '.data');
/** CORS_LOCALHOST=1 (development only, by name): the site and remotes on any local port. */
export const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;
const MIN_SECRET_LENGTH = 32;
/** A random secret of 32+ characters has far more distinct characters than this; "aaaa…" or "1212…" does not. */
const MIN_SECRET_DISTINCT = 10;
const PLACEHOLDER_SECRET = /change.?me|secret|password|example|placeholder|rumbo|test/i;

/** A development switch: on only with `NAME=1`; anything but 1 or 0 is a mistake worth stopping for. */
function switchOn(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name];
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new ConfigError(`${name} must be 1 or 0, got "${value}".`);
}

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
 * Payment providers: real with credentials; the sandbox (no real money) stands in for a provider
 * without them only when PAYMENTS_SANDBOX=1 asks for it by name, in development as in production
 * (a shop taking bookings that are never paid must not start by accident).
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

  const culqiKeys = credentialsOf(env, 'Culqi', ['CULQI_PUBLIC_KEY', 'CULQI_SECRET_KEY', 'CULQI_WEBHOOK_SECRET'], 'CULQI_API_URL');
  const culqi: CulqiCredentials | undefined = culqiKeys && {
    publicKey: culqiKeys.CULQI_PUBLIC_KEY!,
    secretKey: culqiKeys.CULQI_SECRET_KEY!,
    webhookSecret: culqiKeys.CULQI_WEBHOOK_SECRET!,
    apiUrl: providerUrl(env, 'CULQI_API_URL', CULQI_API_URL, production),
    secureUrl: providerUrl(env, 'CULQI_SECURE_URL', CULQI_SECURE_URL, production),
  };
  if (culqi && !culqi.webhookSecret.includes(':')) throw new ConfigError('CULQI_WEBHOOK_SECRET must be the webhook\'s Basic credentials as user:password (CulqiPanel → Eventos → Webhooks).');
  const culqiSandbox = switchOn(env, 'CULQI_SANDBOX');
  if (culqiSandbox && production) throw new ConfigError('CULQI_SANDBOX=1 lets the Culqi stand-in approve payments no one made: it is for development and CI, not production.');
  if (culqiSandbox && culqi) throw new ConfigError('CULQI_SANDBOX=1 and Culqi\'s keys are both set: choose the stand-in or Culqi.');

  const sandbox = switchOn(env, 'PAYMENTS_SANDBOX');
  const missing = [
    !safetypay && 'SafetyPay (SAFETYPAY_API_KEY, SAFETYPAY_SIGNATURE_KEY)',
    !pagoefectivo && 'PagoEfectivo (PAGOEFECTIVO_SERVICE_ID, PAGOEFECTIVO_ACCESS_KEY, PAGOEFECTIVO_SECRET_KEY)',
  ].filter(Boolean);
  if (missing.length > 0 && !sandbox) {
    throw new ConfigError(
      `no credentials for ${missing.join(' and ')}: ` +
        'set them, or let the payment sandbox (no real money) stand in with PAYMENTS_SANDBOX=1' +
        (production ? ' (in production only on purpose: a test or staging shop).' : ' (npm start at the root does this).'),
    );
  }
  return { safetypay, pagoefectivo, sandbox, ...(culqi ? { culqi } : {}), ...(culqiSandbox ? { culqiSandbox } : {}) };
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

function shutdownDelayOf(value: string | undefined): number {
  const delay = Number(value || 0);
  if (!Number.isInteger(delay) || delay < 0 || delay > 60_000) throw new ConfigError(`SHUTDOWN_DELAY_MS must be milliseconds between 0 and 60000, got "${value}".`);
  return delay;
}

/** Issue 44: one second by default (docs/decisions.md, "Search at peak"); at most 10 s, the staleness a customer is shown. */
export const SEARCH_CACHE_MS = 1_000;

/** A whole number (of milliseconds, or `unit`) from `min` to `max`, or `fallback` when unset. */
function millisecondsOf(name: string, value: string | undefined, fallback: number, min: number, max: number, unit = 'milliseconds'): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new ConfigError(`${name} must be ${unit} between ${min} and ${max}, got "${value}".`);
  return n;
}

function trustProxyOf(value: string | undefined): number | string[] | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (list.some((entry) => !/^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d+)?)$/.test(entry))) {
    throw new ConfigError(`TRUST_PROXY must be a hop count (1) or a comma list of addresses or CIDRs (10.0.0.0/8, loopback), got "${value}".`);
  }
  return list;
}

/** SUNAT's production billService (SEE - Del Contribuyente); an OSE gives its own URL. */
export const SUNAT_URL = 'https://e-factura.sunat.gob.pe/ol-ti-itcpfegem/billService';

function pemOf(env: NodeJS.ProcessEnv, pemName: string, fileName: string): string | undefined {
  if (env[pemName]) return env[pemName]!.replace(/\\n/g, '\n');
  const file = env[fileName];
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`${fileName} names a file that cannot be read (${(error as Error).message}).`);
  }
}

/**
 * Electronic vouchers: every sale issues one signed with the operator's certificate and sends it
 * to SUNAT (or an OSE) with the SOL credentials. Without them the shop must not sell, unless
 * SUNAT_SANDBOX=1 asks by name for the stand-in (it checks the XML and answers like SUNAT, but
 * nothing is declared); the stand-in signs with a throwaway certificate when none is given.
 */
function sunatOf(env: NodeJS.ProcessEnv, production: boolean): SunatConfig {
  const sandbox = switchOn(env, 'SUNAT_SANDBOX');
  const certPem = pemOf(env, 'SUNAT_CERT_PEM', 'SUNAT_CERT_FILE');
  const keyPem = pemOf(env, 'SUNAT_KEY_PEM', 'SUNAT_KEY_FILE');
  if (Boolean(certPem) !== Boolean(keyPem)) throw new ConfigError('SUNAT_CERT_PEM/SUNAT_CERT_FILE and SUNAT_KEY_PEM/SUNAT_KEY_FILE go together: the certificate and its private key sign the vouchers.');
  let signer: VoucherSigner | undefined;
  if (certPem && keyPem) {
    try {
      signer = signerOf(certPem, keyPem);
    } catch (error) {
      throw new ConfigError(`the SUNAT signing certificate or key is not usable: ${(error as Error).message}.`);
    }
  }
  const sol = credentialsOf(env, 'SUNAT', ['SUNAT_SOL_USER', 'SUNAT_SOL_PASSWORD'], 'SUNAT_URL');
  if (!sandbox && (!signer || !sol)) {
    throw new ConfigError(
      'no SUNAT credentials (SUNAT_CERT_PEM/SUNAT_CERT_FILE, SUNAT_KEY_PEM/SUNAT_KEY_FILE, SUNAT_SOL_USER, SUNAT_SOL_PASSWORD): ' +
        'every sale issues an electronic voucher; set them, or let the stand-in acknowledge vouchers with SUNAT_SANDBOX=1' +
        (production ? ' (in production only on purpose: a test or staging shop).' : ' (npm start at the root does this).'),
    );
  }
  return {
    sandbox,
    ...(signer ? { signer } : {}),
    ...(sol && !sandbox ? { sol: { user: sol.SUNAT_SOL_USER!, password: sol.SUNAT_SOL_PASSWORD!, url: providerUrl(env, 'SUNAT_URL', SUNAT_URL, production) } } : {}),
  };
}

/** VOUCHER_SERIES checked at start: a series SUNAT would refuse stops the server, not the first sale. */
function voucherSeriesOf(value: string | undefined): VoucherSeries {
  try {
    return parseVoucherSeries(value);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

function operatorsOf(value: string | undefined): OperatorCredential[] {
  try {
    return parseOperatorTokens(value);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';

  const port = Number(env.PORT ?? 3001);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number (0-65535), got "${env.PORT}".`);
  }

  const sessionSecret = env.SESSION_SECRET ?? '';
  const howToMake = 'it signs the session tokens and must be a random string of at least ' +
    `${MIN_SECRET_LENGTH} characters, e.g. SESSION_SECRET=$(openssl rand -hex 32).`;
  if (sessionSecret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`SESSION_SECRET is ${sessionSecret ? 'too short' : 'not set'}: ${howToMake}`);
  }
  if (production && (new Set(sessionSecret).size < MIN_SECRET_DISTINCT || PLACEHOLDER_SECRET.test(sessionSecret))) {
    throw new ConfigError(`SESSION_SECRET is weak (a placeholder or too few distinct characters): in production ${howToMake}`);
  }

  const corsOrigins: (string | RegExp)[] = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (switchOn(env, 'CORS_LOCALHOST')) {
    if (production) throw new ConfigError('CORS_LOCALHOST=1 lets any page on a local port call the API: it is for development, not production.');
    corsOrigins.push(LOCAL_ORIGIN);
  }
  if (production && corsOrigins.length === 0) {
    throw new ConfigError(
      'CORS_ORIGINS is not set: in production list the browser origins of the site and its remotes, ' +
        'e.g. CORS_ORIGINS=https://www.rumboandino.pe,https://cdn.rumboandino.pe (without them no browser can call the API).',
    );
  }
  const devMailbox = switchOn(env, 'DEV_MAILBOX');
  if (devMailbox && production) {
    throw new ConfigError('DEV_MAILBOX=1 lets anyone read every mail the store queues (codes, links, tickets) at /dev/outbox: it is for development, not production.');
  }
  const demoCustomer = switchOn(env, 'DEMO_CUSTOMER');
  if (demoCustomer && production) {
    throw new ConfigError('DEMO_CUSTOMER=1 seeds an account whose password is published in the README: it is for development, not production.');
  }
  const redisUrl = env.REDIS_URL || undefined;
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken && metricsToken.length < 16) throw new ConfigError('METRICS_TOKEN is too short: use a random string of at least 16 characters, e.g. $(openssl rand -hex 16).');
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}".`);
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL, got "${redisUrl}".`);

  return {
    port,
    host: env.HOST || '127.0.0.1',
    // DATA_DIR is the API's data folder; the embedded database lives in its `pglite` folder.
    database: env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL, ...(env.DATABASE_POOL_MAX ? { poolMax: millisecondsOf('DATABASE_POOL_MAX', env.DATABASE_POOL_MAX, 10, 1, 100, 'connections') } : {}) }
      : { dataDir: path.join(env.DATA_DIR || DEFAULT_DATA_DIR, 'pglite') },
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `"${OPERATOR.marca}" <no-responder@rumboandino.pe>`,
    sessionSecret,
    corsOrigins,
    devMailbox,
    apiDocs: switchOn(env, 'API_DOCS'),
    // A customer with a published password exists only where someone asked for it by name.
    demoCustomer,
    production,
    redisUrl,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    shutdownDelayMs: shutdownDelayOf(env.SHUTDOWN_DELAY_MS),
    redisPrefix: env.REDIS_PREFIX || 'rumbo-rl-',
    metricsToken,
    logLevel,
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
    operators: operatorsOf(env.OPERATOR_TOKENS),
    changePolicy: policyFromEnv(env),
    sunat: sunatOf(env, production),
    voucherSeries: voucherSeriesOf(env.VOUCHER_SERIES),
    wallets: wallets(env, [env.SITE_URL, ...corsOrigins].filter((origin): origin is string => typeof origin === 'string' && origin !== '')),
    vapid: vapid(env),
    whatsapp: whatsapp(env, production, apiOriginOf(env, port)),
    searchCacheMs: millisecondsOf('SEARCH_CACHE_MS', env.SEARCH_CACHE_MS, SEARCH_CACHE_MS, 0, 10_000),
    mailClaimMs: millisecondsOf('MAIL_CLAIM_MS', env.MAIL_CLAIM_MS, MAIL_CLAIM_MS, 1_000, 3_600_000),
  };
}

function whatsapp(env: NodeJS.ProcessEnv, production: boolean, apiOrigin: string): WhatsAppConfig | undefined {
  try {
    return whatsappOf(env, production, apiOrigin);
  } catch (error) {
    if (error instanceof WhatsAppConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

function vapid(env: NodeJS.ProcessEnv): VapidConfig | undefined {
  try {
    return vapidOf(env);
  } catch (error) {
    if (error instanceof PushConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

function wallets(env: NodeJS.ProcessEnv, siteOrigins: string[]): WalletsConfig {
  try {
    return walletsOf(env, [...new Set(siteOrigins.map((origin) => origin.replace(/\/+$/, '')))]);
  } catch (error) {
    if (error instanceof WalletConfigError) throw new ConfigError(error.message);
    throw error;
  }
}
