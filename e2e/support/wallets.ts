import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Issue 36: the wallets as the API is configured for them in production, with throwaway
 * credentials made here (this machine has no Apple or Google account): a self-signed "WWDR"
 * authority and a pass certificate it issued (openssl), and a service account key for Google
 * Wallet. Made once per work folder; the API reads them as files (APPLE_PASS_CERT=path, …).
 */
export function throwawayWallets(workDir: string): Record<string, string> {
  const dir = path.join(workDir, 'wallets');
  const file = (name: string) => path.join(dir, name);
  if (!existsSync(file('service-account.json'))) {
    mkdirSync(dir, { recursive: true });
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'wwdr.pem', '-days', '30', '-subj', '/CN=E2E WWDR');
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'pass.key', '-out', 'pass.csr', '-subj', '/CN=Pass Type ID: pass.pe.rumboandino.e2e');
    openssl('x509', '-req', '-in', 'pass.csr', '-CA', 'wwdr.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'pass.pem', '-days', '30');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(
      file('service-account.json'),
      JSON.stringify({ type: 'service_account', client_email: 'wallet@rumbo-e2e.iam.gserviceaccount.com', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }),
    );
  }
  return {
    APPLE_PASS_TYPE_ID: 'pass.pe.rumboandino.e2e',
    APPLE_TEAM_ID: 'E2ETEAM123',
    APPLE_PASS_CERT: file('pass.pem'),
    APPLE_PASS_KEY: file('pass.key'),
    APPLE_WWDR_CERT: file('wwdr.pem'),
    GOOGLE_WALLET_ISSUER_ID: '3388000000022000001',
    GOOGLE_WALLET_SERVICE_ACCOUNT: file('service-account.json'),
  };
}
