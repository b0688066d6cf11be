import { createECDH } from 'node:crypto';

/**
 * Issues 35 and 36: web push as the API is configured for it in production (VAPID_*), with a key
 * pair made here (what `npx web-push generate-vapid-keys` prints: a P-256 pair, base64url). The
 * push services' host is one that resolves nowhere: this machine reaches no real push service.
 */
export function throwawayVapid(): Record<string, string> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - ecdh.getPrivateKey().length), ecdh.getPrivateKey()]).toString('base64url'),
    VAPID_SUBJECT: 'mailto:avisos@rumboandino.pe',
    PUSH_SERVICE_HOSTS: 'push.e2e.invalid',
  };
}
