import { createECDH } from 'node:crypto';
import webpush from 'web-push';

/**
 * Web push's configuration: the VAPID key pair (RFC 8292) the operator made once
 * (`npx web-push generate-vapid-keys`), the contact push services may write to, and the push
 * services' hosts the store sends to. Unset: web push is off and no button shows.
 */
export interface VapidConfig {
  /** The P-256 public key, base64url (65 bytes): what browsers subscribe with. */
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact of the operator (the JWT's `sub`). */
  subject: string;
  /**
   * The push services' hosts a subscription's endpoint may name (a host, or `.suffix` for any
   * below it): the store only ever posts to these, so a forged subscription cannot make it call
   * anything else. PUSH_SERVICE_HOSTS replaces the default (the browsers' own services).
   */
  serviceHosts: readonly string[];
}

export class PushConfigError extends Error {}

/** Chrome and Edge (FCM), Firefox (Mozilla autopush), Safari (Apple), old Edge (WNS). */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', '.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'] as const;

const NAMES = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

/** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT (all or none), PUSH_SERVICE_HOSTS (optional). */
export function vapidOf(env: NodeJS.ProcessEnv): VapidConfig | undefined {
  const set = NAMES.filter((name) => env[name]);
  if (set.length === 0) return undefined;
  if (set.length < NAMES.length) {
    throw new PushConfigError(`${NAMES.filter((name) => !env[name]).join(', ')} not set while ${set.join(', ')} are: web push needs all of ${NAMES.join(', ')} (or none: no button).`);
  }
  const publicKey = env.VAPID_PUBLIC_KEY!.trim();
  const privateKey = env.VAPID_PRIVATE_KEY!.trim();
  const subject = env.VAPID_SUBJECT!.trim();
  try {
    // web-push's own checks: a mailto:/https: subject, a 65-byte public and a 32-byte private key.
    webpush.getVapidHeaders('https://fcm.googleapis.com', subject, publicKey, privateKey, 'aes128gcm');
  } catch (error) {
    throw new PushConfigError(`VAPID_*: ${error instanceof Error ? error.message : String(error)} (make a pair with \`npx web-push generate-vapid-keys\`).`);
  }
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  if (ecdh.getPublicKey().toString('base64url') !== publicKey.replace(/=+$/, '')) {
    throw new PushConfigError('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY: give both keys of one pair.');
  }
  const hosts = env.PUSH_SERVICE_HOSTS?.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
  return { publicKey, privateKey, subject, serviceHosts: hosts && hosts.length > 0 ? hosts : DEFAULT_PUSH_SERVICE_HOSTS };
}

/** Whether an endpoint URL names one of the push services' hosts (`serviceHosts`). */
export function isPushService(config: Pick<VapidConfig, 'serviceHosts'>, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return config.serviceHosts.some((allowed) => (allowed.startsWith('.') ? host.endsWith(allowed) && host.length > allowed.length : host === allowed));
}
