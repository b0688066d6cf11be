import path from 'node:path';
import { FACEBOOK_GRAPH_URL, GOOGLE_ISSUERS, GOOGLE_JWKS_URL, type FacebookOptions, type GoogleOptions } from './accounts/providers';
import type { DatabaseOptions } from './db/client';
import { OPERATOR } from './operator';

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
  /** The site's origin for links in mails; unset: the caller's (allowed) Origin. */
  siteUrl?: string;
  google?: GoogleOptions;
  facebook?: FacebookOptions;
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
    siteUrl: env.SITE_URL || undefined,
    google: env.GOOGLE_CLIENT_ID
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          jwksUrl: env.GOOGLE_JWKS_URL || GOOGLE_JWKS_URL,
          issuers: env.GOOGLE_ISSUER ? [env.GOOGLE_ISSUER] : GOOGLE_ISSUERS,
        }
      : undefined,
    facebook: facebookOf(env),
  };
}
