import { createPrivateKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';
import { OPERATOR } from '../operator';
import { SIGNATURE_ID } from './ubl';

// XMLDSig enveloped signature of a UBL document, as SUNAT asks (R.S. 097-2012/SUNAT, Anexo 6
// "firma digital"; the UBL 2.1 guides): one ds:Signature in the first ext:UBLExtension's
// ExtensionContent, a Reference to the whole document (URI "") with the enveloped-signature
// transform, and the signer's X.509 certificate in its KeyInfo. RSA-SHA256 and SHA-256 digests
// (W3C XMLDSig 1.1 / RFC 6931 URIs), which SUNAT and the OSEs accept.

const SIGNATURE_ALGORITHM = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const DIGEST_ALGORITHM = 'http://www.w3.org/2001/04/xmlenc#sha256';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

/** The operator's signing certificate and its private key (PEM). */
export interface VoucherSigner {
  certPem: string;
  keyPem: string;
  /** Who the certificate names (for logs): its subject. */
  subject: string;
}

/** The signer from PEM texts; throws when the key is not the certificate's. */
export function signerOf(certPem: string, keyPem: string): VoucherSigner {
  const cert = new X509Certificate(certPem);
  const key = createPrivateKey(keyPem);
  if (!cert.checkPrivateKey(key)) throw new Error('the private key does not belong to the certificate');
  return { certPem: cert.toString(), keyPem: key.export({ format: 'pem', type: 'pkcs8' }).toString(), subject: cert.subject.replace(/\n/g, ', ') };
}

/**
 * A throwaway self-signed certificate for the operator's RUC: what the SUNAT stand-in and the
 * tests sign with. Never a certificate SUNAT would take for real vouchers.
 */
export function throwawaySigner(commonName = `${OPERATOR.razon_social} (prueba)`): VoucherSigner {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3_600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3_600_000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: OPERATOR.razon_social },
    { shortName: 'OU', value: OPERATOR.ruc },
    { name: 'countryName', value: 'PE' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forgeKey, forge.md.sha256.create());
  return signerOf(forge.pki.certificateToPem(cert), keyPem);
}

const certBody = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');

export interface SignedDocument {
  xml: string;
  /** The reference's ds:DigestValue (base64): the hash SUNAT asks for on the printed copy. */
  hash: string;
}

/** Signs a UBL document built by ubl.ts (its empty ext:ExtensionContent receives the signature). */
export function signUbl(xml: string, signer: VoucherSigner): SignedDocument {
  const sig = new SignedXml({
    privateKey: signer.keyPem,
    publicCert: signer.certPem,
    signatureAlgorithm: SIGNATURE_ALGORITHM,
    canonicalizationAlgorithm: C14N,
    getKeyInfoContent: () => `<ds:X509Data><ds:X509Certificate>${certBody(signer.certPem)}</ds:X509Certificate></ds:X509Data>`,
  });
  sig.addReference({ xpath: '/*', uri: '', isEmptyUri: true, transforms: [ENVELOPED], digestAlgorithm: DIGEST_ALGORITHM });
  sig.computeSignature(xml, {
    prefix: 'ds',
    attrs: { Id: SIGNATURE_ID },
    location: { reference: "//*[local-name(.)='ExtensionContent']", action: 'append' },
    existingPrefixes: { ds: 'http://www.w3.org/2000/09/xmldsig#' },
  });
  const signed = sig.getSignedXml();
  return { xml: signed, hash: digestOf(signed) };
}

/** The ds:DigestValue of a signed document. */
export function digestOf(xml: string): string {
  const match = /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/.exec(xml);
  if (!match) throw new Error('the document has no ds:DigestValue');
  return match[1]!;
}

/**
 * Checks a signed document's enveloped signature against the certificate it carries: the
 * reference's digest and the signature value. Answers the certificate, or throws saying why not.
 */
export function verifyUbl(xml: string): X509Certificate {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const signatures = doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature');
  if (signatures.length !== 1) throw new Error(`expected one ds:Signature, found ${signatures.length}`);
  const node = signatures[0]!;
  const certText = SignedXml.getCertFromKeyInfo(node.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'KeyInfo')[0] ?? null);
  if (!certText) throw new Error('the signature carries no X.509 certificate');
  const cert = new X509Certificate(certText);
  const verifier = new SignedXml({ publicCert: cert.toString(), getCertFromKeyInfo: () => null });
  verifier.loadSignature(node as unknown as Parameters<SignedXml['loadSignature']>[0]);
  let valid = false;
  try {
    valid = verifier.checkSignature(xml);
  } catch (error) {
    throw new Error(`the signature does not verify (${(error as Error).message.slice(0, 120)})`);
  }
  if (!valid) throw new Error('the signature does not verify');
  // The reference must cover the whole document (URI ""), not some part of it.
  if (!/<ds:Reference URI="">/.test(xml)) throw new Error('the signature does not cover the whole document');
  return cert;
}
