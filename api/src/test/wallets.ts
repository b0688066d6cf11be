import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import type { ApplePassConfig } from '../pocket/wallet-apple';
import type { GoogleWalletConfig } from '../pocket/wallet-google';

// Throwaway wallet credentials for tests: what Apple's developer account and Google's console give, made here.

/** A self-signed "WWDR" authority and a pass certificate it issued: what Apple's developer account gives, made here. */
export function throwawayAppleCredentials(): ApplePassConfig & { caPem: string } {
  const pki = forge.pki;
  const caKeys = pki.rsa.generateKeyPair(2048);
  const ca = pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = '01';
  ca.validity.notBefore = new Date(Date.now() - 86_400_000);
  ca.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const caName = [{ name: 'commonName', value: 'Test WWDR' }];
  ca.setSubject(caName);
  ca.setIssuer(caName);
  ca.setExtensions([{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, digitalSignature: true }]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());
  const keys = pki.rsa.generateKeyPair(2048);
  const cert = pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '02';
  cert.validity.notBefore = ca.validity.notBefore;
  cert.validity.notAfter = ca.validity.notAfter;
  cert.setSubject([{ name: 'commonName', value: 'Pass Type ID: pass.pe.rumboandino.test' }]);
  cert.setIssuer(caName);
  // Apple's marks: a pass type id certificate (1.2.840.113635.100.6.1.16) that may push through
  // APNs' production gateway (1.2.840.113635.100.6.3.2), which @parse/node-apn checks.
  const marker = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.NULL, false, '')).getBytes();
  cert.setExtensions([
    { id: '1.2.840.113635.100.6.1.16', value: marker },
    { id: '1.2.840.113635.100.6.3.2', value: marker },
  ]);
  cert.sign(caKeys.privateKey, forge.md.sha256.create());
  const caPem = pki.certificateToPem(ca);
  return {
    passTypeIdentifier: 'pass.pe.rumboandino.test',
    teamIdentifier: 'TEAM123456',
    signerCert: pki.certificateToPem(cert),
    signerKey: pki.privateKeyToPem(keys.privateKey),
    wwdr: caPem,
    caPem,
  };
}


/** A Google Wallet issuer and a service account's key pair (the public half verifies what it signs). */
export function throwawayGoogleCredentials(origins: string[]) {
  const googleKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const google: GoogleWalletConfig = {
    issuerId: '3388000000022000000',
    clientEmail: 'wallet@rumbo-test.iam.gserviceaccount.com',
    privateKey: googleKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    origins,
  };
  return { google, googleKeys };
}
