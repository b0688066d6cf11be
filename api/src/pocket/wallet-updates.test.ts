import { limaWallClock } from '@rumbo/shared/schemas';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo, LookupFunction } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, exportJWK, jwtVerify } from 'jose';
import JSZip from 'jszip';
import forge from 'node-forge';
import { parseOperatorTokens } from '../operators/operators';
import { salesSteps } from '../test/sales';
import { payWithSafetyPay, post, setupSandboxApp, STORE } from '../test/purchase';
import { throwawayAppleCredentials, throwawayGoogleCredentials } from '../test/wallets';
import { pocketReservation } from './pocket-view';
import { pase_envio, pase_registro } from './pocket.tables';
import { createWalletSender } from './wallet-updates';

// Issue 36: a delay or a cancellation declared by the operator updates the passes customers
// saved: Apple's wallets through the PassKit web service and APNs, Google's through its API.

const TOKEN = 'f3a9c1d47e8b20c6a5d9e1f07b3c8a4d2e6f1b9c';
const OPERATOR = { authorization: `Bearer ${TOKEN}` };
const REASONS = { motivo_es: 'Derrumbe en la vía', motivo_en: 'Landslide on the road' };

const apple = throwawayAppleCredentials();
const { google, googleKeys } = throwawayGoogleCredentials([STORE]);
const api = setupSandboxApp(() => new Date(), { wallets: { apple, google }, siteUrl: STORE, operators: parseOperatorTokens(`ops-lima=${TOKEN}`) });
const { reserveOne } = salesSteps(api);
const log = { info: () => {}, warn: () => {}, error: () => {} };

// ------------------------------------------------------------------ stand-ins of Apple's and Google's services

/** A self-signed certificate for APNs' name: the stand-in's, which the sender is told to trust. */
function apnsCertificate() {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '03';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const name = [{ name: 'commonName', value: 'api.push.apple.com' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 2, value: 'api.push.apple.com' }] }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: forge.pki.privateKeyToPem(keys.privateKey) };
}

interface ApnsRequest {
  token: string;
  topic: string | undefined;
  body: string;
  /** The client certificate's subject CN: APNs knows the pass type by it. */
  client: string | undefined;
}

/**
 * APNs as Apple runs it for passes: HTTP/2 over TLS with the pass certificate as the client's,
 * `POST /3/device/{token}` with the pass type as `apns-topic`; 200, or 410 Unregistered for a
 * token in `dead`.
 */
async function startApns() {
  const tls = apnsCertificate();
  const requests: ApnsRequest[] = [];
  const dead = new Set<string>();
  const server: Http2SecureServer = createSecureServer({ ...tls, requestCert: true, rejectUnauthorized: true, ca: [apple.caPem] }, (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const token = /^\/3\/device\/([0-9a-f]+)$/.exec(request.url)?.[1] ?? '';
      const peer = (request.socket as TLSSocket).getPeerCertificate();
      requests.push({ token, topic: request.headers['apns-topic'] as string | undefined, body, client: peer.subject?.CN as string | undefined });
      if (dead.has(token)) {
        response.writeHead(410, { 'content-type': 'application/json' }).end(JSON.stringify({ reason: 'Unregistered', timestamp: Date.now() }));
      } else {
        response.writeHead(200, { 'apns-id': '00000000-0000-0000-0000-000000000001' }).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, requests, dead, port: (server.address() as AddressInfo).port, ca: tls.cert };
}

/**
 * Google's token endpoint and Wallet API: the token is given for an assertion signed by the
 * service account with the wallet scope; objects the customer saved (`saved`) can be patched and
 * given messages (a message id twice: 409); others are 404.
 */
async function startGoogle() {
  const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(googleKeys.publicKey)), alg: 'RS256' }] });
  const saved = new Map<string, Record<string, unknown>>();
  const messages = new Map<string, { id: string; header: string; body: string; messageType: string }[]>();
  const assertions: string[] = [];
  const server: Server = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', async () => {
      const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (request.url === '/token' && request.method === 'POST') {
        const assertion = new URLSearchParams(body).get('assertion') ?? '';
        try {
          const { payload } = await jwtVerify(assertion, jwks, { issuer: google.clientEmail, audience: 'https://oauth2.googleapis.com/token' });
          if (!String(payload.scope).split(' ').includes('https://www.googleapis.com/auth/wallet_object.issuer')) return json(400, { error: 'invalid_scope' });
          assertions.push(assertion);
          return json(200, { access_token: 'ya29.standin', expires_in: 3600, token_type: 'Bearer' });
        } catch {
          return json(400, { error: 'invalid_grant' });
        }
      }
      if (request.headers.authorization !== 'Bearer ya29.standin') return json(401, { error: { code: 401 } });
      const match = /^\/walletobjects\/v1\/transitObject\/([^/]+)(\/addMessage)?$/.exec(request.url ?? '');
      const id = match ? decodeURIComponent(match[1]!) : '';
      if (!match || !saved.has(id)) return json(404, { error: { code: 404, message: 'Resource not found' } });
      if (!match[2] && request.method === 'PATCH') {
        saved.set(id, { ...saved.get(id), ...JSON.parse(body) });
        return json(200, saved.get(id));
      }
      if (match[2] && request.method === 'POST') {
        const { message } = JSON.parse(body);
        const list = messages.get(id) ?? [];
        if (list.some((m) => m.id === message.id)) return json(409, { error: { code: 409 } });
        messages.set(id, [...list, message]);
        return json(200, { resource: saved.get(id) });
      }
      return json(405, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Google's addresses, sent to the stand-in (the production sender uses the real ones).
  const transport = {
    fetchImplementation: ((input: string | URL | Request, init?: RequestInit) =>
      fetch(String(input instanceof Request ? input.url : input).replace('https://oauth2.googleapis.com', origin).replace('https://walletobjects.googleapis.com', origin), init)) as typeof fetch,
  };
  return { server, saved, messages, assertions, transport };
}

let apns: Awaited<ReturnType<typeof startApns>>;
let googleService: Awaited<ReturnType<typeof startGoogle>>;
beforeAll(async () => {
  apns = await startApns();
  googleService = await startGoogle();
});
afterAll(async () => {
  await new Promise((resolve) => apns.server.close(resolve));
  await new Promise((resolve) => googleService.server.close(resolve));
});

/** Finds APNs' production gateway on this machine (where its stand-in listens). */
const toStandIn = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
  options?.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4)) as unknown as LookupFunction;

const sender = () =>
  createWalletSender({ db: api.db, pocket: { apple, google, siteUrl: STORE }, log, apns: { port: apns.port, ca: [apns.ca], lookup: toStandIn }, googleTransport: googleService.transport });

// ------------------------------------------------------------------ helpers

async function paidTicket(days: number) {
  const bought = await reserveOne({ days });
  await payWithSafetyPay(api, new Date(), bought.view.codigo, bought.clave, bought.view.total_centimos);
  const pocket = (await pocketReservation(api.db, bought.view.codigo))!;
  const links = (await post(api.app, '/rest/venta/bolsillo', { codigo: bought.view.codigo, clave_bloqueo: bought.clave })).json().data as { boletos: { numero: string; apple: string }[] };
  return { ...bought, leg: pocket.legs[0]!, numero: pocket.legs[0]!.boletos[0]!.numero, appleLink: new URL(links.boletos[0]!.apple) };
}

async function passJson(body: Buffer) {
  const zip = await JSZip.loadAsync(body);
  return JSON.parse(await zip.file('pass.json')!.async('string'));
}

const SERVICE = '/wallet/apple/v1';
const register = (device: string, serial: string, token: string, pushToken: string) =>
  api.app.inject({ method: 'POST', url: `${SERVICE}/devices/${device}/registrations/${apple.passTypeIdentifier}/${serial}`, headers: { authorization: `ApplePass ${token}` }, payload: { pushToken } });
const updatedSince = (device: string, tag?: string) =>
  api.app.inject({ url: `${SERVICE}/devices/${device}/registrations/${apple.passTypeIdentifier}${tag ? `?passesUpdatedSince=${tag}` : ''}` });
const fetchPass = (serial: string, token: string, since?: string) =>
  api.app.inject({ url: `${SERVICE}/passes/${apple.passTypeIdentifier}/${serial}`, headers: { authorization: `ApplePass ${token}`, ...(since ? { 'if-modified-since': since } : {}) } });
const declare = (body: object) => post(api.app, '/rest/operador/incidencia', { ...REASONS, ...body }, OPERATOR);

// ------------------------------------------------------------------ tests

describe('Apple Wallet: the PassKit web service and APNs', () => {
  it('registers a device for a pass; a delay declared later pushes it once, and the pass it fetches shows the new departure; a cancellation voids it', async () => {
    const { leg, numero, appleLink } = await paidTicket(6);
    const served = await api.app.inject({ url: `${appleLink.pathname}${appleLink.search}` });
    const pass = await passJson(served.rawPayload);
    expect(pass.webServiceURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/wallet\/apple$/);
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    const token = pass.authenticationToken as string;
    const pushToken = 'a1'.repeat(32);

    // A wrong token, another ticket's token, a malformed push token: refused as Apple expects.
    expect((await register('device-1', numero, 'x'.repeat(22), pushToken)).statusCode).toBe(401);
    expect((await register('device-1', numero, token, 'not-hex')).statusCode).toBe(400);
    expect((await register('device-1', numero, token, pushToken)).statusCode).toBe(201);
    expect((await register('device-1', numero, token, pushToken)).statusCode).toBe(200);

    const first = await updatedSince('device-1');
    expect(first.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = first.json() as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toEqual([numero]);
    expect((await updatedSince('device-1', lastUpdated)).statusCode).toBe(204);
    const unchanged = await fetchPass(numero, token, new Date().toUTCString());
    expect(unchanged.statusCode).toBe(304);

    // The operator declares a 45-minute delay: one empty push to the device, by the pass certificate, however many senders run.
    expect((await declare({ cviaje: leg.cviaje, tipo: 'retraso', minutos: 45 })).statusCode).toBe(200);
    const [a, b] = [sender(), sender()];
    try {
      const counts = await Promise.all([a.drainWalletOutbox(), b.drainWalletOutbox()]);
      expect(counts.reduce((n, c) => n + c.sent, 0)).toBeGreaterThanOrEqual(1);
      const pushes = apns.requests.filter((r) => r.token === pushToken);
      expect(pushes).toEqual([{ token: pushToken, topic: apple.passTypeIdentifier, body: '{"aps":{}}', client: 'Pass Type ID: pass.pe.rumboandino.test' }]);
      expect(await a.drainWalletOutbox()).toEqual({ sent: 0, gone: 0, failed: 0 });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }

    // The wallet asks what changed, then fetches the pass: the departure 45 minutes later, the notice, the lock-screen message.
    const changed = await updatedSince('device-1', lastUpdated);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().serialNumbers).toEqual([numero]);
    expect(Number(changed.json().lastUpdated)).toBeGreaterThan(Number(lastUpdated));
    const updated = await fetchPass(numero, token, unchanged.headers['last-modified'] as string | undefined ?? new Date(0).toUTCString());
    expect(updated.statusCode).toBe(200);
    const moved = await passJson(updated.rawPayload);
    const departure = moved.boardingPass.headerFields.find((f: { key: string }) => f.key === 'salida');
    expect(departure.value).toBe(`${limaWallClock(new Date(leg.salida.getTime() + 45 * 60_000))}-05:00`);
    expect(departure.changeMessage).toContain('%@');
    expect(moved.boardingPass.backFields[0]).toMatchObject({ key: 'aviso', changeMessage: '%@' });
    expect(moved.boardingPass.backFields[0].value).toContain('45 min');
    expect(moved.voided).toBeUndefined();

    // Cancelled: pushed again, and the pass is void.
    expect((await declare({ cviaje: leg.cviaje, tipo: 'cancelacion' })).statusCode).toBe(200);
    const c = sender();
    try {
      await c.drainWalletOutbox();
    } finally {
      await c.stop();
    }
    expect(apns.requests.filter((r) => r.token === pushToken)).toHaveLength(2);
    const voided = await passJson((await fetchPass(numero, token)).rawPayload);
    expect(voided.voided).toBe(true);

    // Unregistered: no more pushes for it.
    const gone = await api.app.inject({ method: 'DELETE', url: `${SERVICE}/devices/device-1/registrations/${apple.passTypeIdentifier}/${numero}`, headers: { authorization: `ApplePass ${token}` } });
    expect(gone.statusCode).toBe(200);
    expect((await updatedSince('device-1')).statusCode).toBe(204);
  });

  it('forgets a device whose push token APNs says is no longer valid (410 Unregistered)', async () => {
    const { leg, numero, appleLink } = await paidTicket(7);
    const pass = await passJson((await api.app.inject({ url: `${appleLink.pathname}${appleLink.search}` })).rawPayload);
    const pushToken = 'b2'.repeat(32);
    apns.dead.add(pushToken);
    expect((await register('device-2', numero, pass.authenticationToken, pushToken)).statusCode).toBe(201);
    expect((await declare({ cviaje: leg.cviaje, tipo: 'retraso', minutos: 30 })).statusCode).toBe(200);
    const s = sender();
    try {
      // Two gone: the device APNs no longer knows, and the ticket's Google pass, never saved.
      expect(await s.drainWalletOutbox()).toEqual({ sent: 0, gone: 2, failed: 0 });
    } finally {
      await s.stop();
    }
    expect(await api.db.select().from(pase_registro).where(eq(pase_registro.push_token, pushToken))).toEqual([]);
  });
});

describe('Google Wallet: the saved object is patched and notified', () => {
  it('patches a saved pass with the new departure and its notice and adds a notifying message once; a pass never saved is left alone', async () => {
    const saved = await paidTicket(8);
    const never = await paidTicket(8);
    expect(never.leg.cviaje).toBe(saved.leg.cviaje);
    const savedId = `${google.issuerId}.${saved.numero}`;
    // The customer saved this one (Google created the object from the save link's JWT).
    googleService.saved.set(savedId, { id: savedId, state: 'ACTIVE' });

    expect((await declare({ cviaje: saved.leg.cviaje, tipo: 'retraso', minutos: 90 })).statusCode).toBe(200);
    const s = sender();
    try {
      expect(await s.drainWalletOutbox()).toEqual({ sent: 1, gone: 1, failed: 0 });
      expect(await s.drainWalletOutbox()).toEqual({ sent: 0, gone: 0, failed: 0 });
    } finally {
      await s.stop();
    }
    expect(googleService.assertions.length).toBeGreaterThanOrEqual(1);
    const object = googleService.saved.get(savedId) as { state: string; ticketLeg: { departureDateTime: string }; textModulesData: { id: string; body: string }[] };
    expect(object.state).toBe('ACTIVE');
    expect(object.ticketLeg.departureDateTime).toBe(limaWallClock(new Date(saved.leg.salida.getTime() + 90 * 60_000)));
    expect(object.textModulesData.find((m) => m.id === 'aviso')!.body).toContain('90 min');
    const messages = googleService.messages.get(savedId)!;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ messageType: 'TEXT_AND_NOTIFY' });
    expect(messages[0]!.header).toMatch(/retras/i);

    // Cancelled: the pass goes inactive.
    expect((await declare({ cviaje: saved.leg.cviaje, tipo: 'cancelacion' })).statusCode).toBe(200);
    const again = sender();
    try {
      await again.drainWalletOutbox();
    } finally {
      await again.stop();
    }
    expect((googleService.saved.get(savedId) as { state: string }).state).toBe('INACTIVE');
    expect(googleService.messages.get(savedId)).toHaveLength(2);
    const rows = await api.db.select().from(pase_envio).where(eq(pase_envio.numero, never.numero));
    expect(rows.every((row) => row.sent_at !== null && row.last_error === 'gone')).toBe(true);
  });
});
