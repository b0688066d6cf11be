import { readFileSync } from 'node:fs';
import type { ApplePassConfig } from './wallet-apple';
import type { GoogleWalletConfig } from './wallet-google';

/** The wallets the environment configures; each one unset leaves its button out. */
export interface WalletsConfig {
  apple?: ApplePassConfig;
  google?: GoogleWalletConfig;
}

/** Thrown with a message that says how to fix the environment (config.ts turns it into a ConfigError). */
export class WalletConfigError extends Error {}

/** A PEM (or JSON) value given inline (`\n` escapes allowed) or as the path of a file holding it. */
function inlineOrFile(name: string, value: string): string {
  const inline = value.trim();
  // A PEM in one environment line may have its line breaks written `\n`; JSON keeps its own escapes.
  if (inline.startsWith('-----BEGIN')) return inline.replace(/\\n/g, '\n');
  if (inline.startsWith('{')) return inline;
  try {
    return readFileSync(value, 'utf8');
  } catch {
    throw new WalletConfigError(`${name} must be the PEM (or JSON) itself or the path of a readable file holding it; "${value}" is neither.`);
  }
}

const APPLE = ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT', 'APPLE_PASS_KEY', 'APPLE_WWDR_CERT'] as const;
const GOOGLE = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT'] as const;

function allOrNone(env: NodeJS.ProcessEnv, names: readonly string[]): boolean {
  const set = names.filter((name) => env[name]);
  if (set.length === 0) return false;
  if (set.length < names.length) {
    throw new WalletConfigError(`${names.filter((name) => !env[name]).join(', ')} not set while ${set.join(', ')} are: a wallet needs all of ${names.join(', ')} (or none: no button).`);
  }
  return true;
}

/**
 * APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY (APPLE_PASS_KEY_PASSPHRASE
 * if it is encrypted) and APPLE_WWDR_CERT: the Apple Wallet pass; GOOGLE_WALLET_ISSUER_ID and
 * GOOGLE_WALLET_SERVICE_ACCOUNT (the service account's JSON key): the Google Wallet link. The
 * site's origins are where Google shows the "save" button.
 */
export function walletsOf(env: NodeJS.ProcessEnv, siteOrigins: string[]): WalletsConfig {
  const wallets: WalletsConfig = {};
  if (allOrNone(env, APPLE)) {
    const cert = inlineOrFile('APPLE_PASS_CERT', env.APPLE_PASS_CERT!);
    const key = inlineOrFile('APPLE_PASS_KEY', env.APPLE_PASS_KEY!);
    const wwdr = inlineOrFile('APPLE_WWDR_CERT', env.APPLE_WWDR_CERT!);
    if (!cert.includes('CERTIFICATE') || !wwdr.includes('CERTIFICATE')) throw new WalletConfigError('APPLE_PASS_CERT and APPLE_WWDR_CERT must be PEM certificates.');
    if (!key.includes('PRIVATE KEY')) throw new WalletConfigError('APPLE_PASS_KEY must be a PEM private key.');
    wallets.apple = {
      passTypeIdentifier: env.APPLE_PASS_TYPE_ID!,
      teamIdentifier: env.APPLE_TEAM_ID!,
      signerCert: cert,
      signerKey: key,
      wwdr,
      ...(env.APPLE_PASS_KEY_PASSPHRASE ? { signerKeyPassphrase: env.APPLE_PASS_KEY_PASSPHRASE } : {}),
    };
  }
  if (allOrNone(env, GOOGLE)) {
    let account: { client_email?: unknown; private_key?: unknown };
    try {
      account = JSON.parse(inlineOrFile('GOOGLE_WALLET_SERVICE_ACCOUNT', env.GOOGLE_WALLET_SERVICE_ACCOUNT!)) as typeof account;
    } catch (error) {
      if (error instanceof WalletConfigError) throw error;
      throw new WalletConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT must be the service account key (JSON) or the path of its file.');
    }
    if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string') {
      throw new WalletConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT has no client_email or private_key: use the JSON key file of a service account.');
    }
    if (!/^\d+$/.test(env.GOOGLE_WALLET_ISSUER_ID!)) throw new WalletConfigError('GOOGLE_WALLET_ISSUER_ID must be the numeric issuer id of the Google Pay & Wallet console.');
    wallets.google = { issuerId: env.GOOGLE_WALLET_ISSUER_ID!, clientEmail: account.client_email, privateKey: account.private_key, origins: siteOrigins };
  }
  return wallets;
}
