import { createECDH, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, Agent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import * as ece from 'http_ece';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import forge from 'node-forge';
import webpush from 'web-push';
import type { ReservationView, SeatCell, Trip } from '@rumbo/shared/schemas';
import { cuenta } from '../accounts/accounts.tables';
import { openSession } from '../accounts/sessions';
import { parseOperatorTokens } from '../operators/operators';
import { pocketReservation } from '../pocket/pocket-view';
import { pocketOf } from '../pocket/pocket.service';
import { sendDueReminders } from '../pocket/reminders';
import { createTestApp, TEST_SECRET } from '../test/app';
import { BUYER, byPrice, findTrip, freeSeats, holdNewPassenger, payWithSafetyPay, post, setupSandboxApp, STORE } from '../test/purchase';
import { DEFAULT_PUSH_SERVICE_HOSTS, isPushService, vapidOf, type VapidConfig } from './push.config';
import { createPushSender } from './push.sender';
import { push_envio, push_suscripcion, push_vinculo } from './push.tables';

// A database, an app and a purchase per test: slow on a loaded machine.
jest.setTimeout(120_000);

// ------------------------------------------------------------------ a push service of our own

/** A self-signed certificate for 127.0.0.1: the push service's TLS, trusted by the sender's agent only. */
function selfSigned() {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const name = [{ name: 'commonName', value: '127.0.0.1' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]);
  cert.sign(privateKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: forge.pki.privateKeyToPem(privateKey) };
}

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * Plays a browser's push service (RFC 8030): takes web-push's real request, records it and answers
 * 201, or what `answers` says for a path (410 gone, 500 once…).
 */
const tls = selfSigned();
const received: Received[] = [];
const answers = new Map<string, number[]>();
let service: Server;
let serviceOrigin = '';
beforeAll(async () => {
  service = createServer({ cert: tls.cert, key: tls.key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const queued = answers.get(path);
      const status = queued && queued.length > 0 ? queued.shift()! : 201;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceOrigin = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));
const agent = new Agent({ ca: tls.cert });

/** A browser's subscription: its own P-256 key pair and auth secret, an endpoint on our service. */
function browser(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    path: `/push/${name}`,
    get json() {
      return { endpoint: `${serviceOrigin}/push/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
  };
}

/** What the browser reads: the request decrypted with its private key and auth secret (RFC 8291). */
function decrypt(b: ReturnType<typeof browser>, request: Received): { title: string; body: string; url: string; tag: string } {
  expect(request.headers['content-encoding']).toBe('aes128gcm');
  const plain = ece.decrypt(request.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth.toString('base64url') });
  return JSON.parse(plain.toString('utf8'));
}

// ------------------------------------------------------------------ the app

const keys = webpush.generateVAPIDKeys();
const vapid: VapidConfig = { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: 'mailto:avisos@rumboandino.pe', serviceHosts: ['127.0.0.1'] };
const TOKEN = 'f3a9c1d47e8b20c6a5d9e1f07b3c8a4d2e6f1b9c';
const clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now, { vapid, operators: parseOperatorTokens(`ops-lima=${TOKEN}`), siteUrl: STORE });
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sender = () => createPushSender({ db: api.db, vapid, log, agent });

/** A paid purchase of one ticket on `trip`, bought in `language`. */
async function paidTicket(trip: Trip, seat: SeatCell, language = 'es-PE', headers: Record<string, string> = {}) {
  const clave = await holdNewPassenger(api.app, trip, seat);
  const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true }, { 'accept-language': language, ...headers });
  expect(res.statusCode).toBe(201);
  const view = res.json().data as ReservationView;
  await payWithSafetyPay(api, now(), view.codigo, clave, view.total_centimos);
  return { codigo: view.codigo, clave };
}

const subscribe = (body: object, headers: Record<string, string> = {}) => post(api.app, '/rest/avisos/suscripcion', body, headers);
const outboxOf = async (csuscripcion: number) => api.db.select().from(push_envio).where(eq(push_envio.csuscripcion, csuscripcion));
const subscriptionOf = async (endpoint: string) => (await api.db.select().from(push_suscripcion).where(eq(push_suscripcion.endpoint, endpoint)))[0];

describe('configuration', () => {
  const pair = webpush.generateVAPIDKeys();
  const env = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'mailto:avisos@rumboandino.pe' };

  it('is off without VAPID_*, refuses a partial or mismatched set, and sends only to push services', () => {
    expect(vapidOf({})).toBeUndefined();
    expect(() => vapidOf({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PRIVATE_KEY, VAPID_SUBJECT not set/);
    expect(() => vapidOf({ ...env, VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey })).toThrow(/not the public key of VAPID_PRIVATE_KEY/);
    expect(() => vapidOf({ ...env, VAPID_SUBJECT: 'avisos@rumboandino.pe' })).toThrow(/VAPID_\*/);
    const config = vapidOf(env)!;
    expect(config.serviceHosts).toEqual(DEFAULT_PUSH_SERVICE_HOSTS);
    expect(isPushService(config, 'https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(isPushService(config, 'https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    expect(isPushService(config, 'https://web.push.apple.com/QGx')).toBe(true);
    expect(isPushService(config, 'https://push.apple.com.evil.example/x')).toBe(false);
    expect(isPushService(config, 'http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(isPushService(config, 'https://169.254.169.254/latest')).toBe(false);
    expect(vapidOf({ ...env, PUSH_SERVICE_HOSTS: 'push.example.pe, .push.example.net' })!.serviceHosts).toEqual(['push.example.pe', '.push.example.net']);
  });
});

describe('subscribing', () => {
  it('gives the public key, and binds a subscription to a purchase the browser proves, refusing what is not proven', async () => {
    const key = await api.app.inject({ url: '/rest/avisos/clave' });
    expect(key.json().data).toEqual({ clave: keys.publicKey });
    const trip = await findTrip(api.app, 'LIM', 'ICA', 22);
    const { codigo, clave } = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!);
    const b = browser('guest-proof');

    const none = await subscribe({ suscripcion: b.json }, { 'accept-language': 'en-EN' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'push.titular.required', message: expect.stringMatching(/Sign in or open the page of your purchase/) });
    expect((await subscribe({ suscripcion: b.json, codigo, clave_bloqueo: 'Z'.repeat(clave.length) })).statusCode).toBeGreaterThanOrEqual(400);
    const elsewhere = await subscribe({ suscripcion: { ...b.json, endpoint: 'https://169.254.169.254/push/x' }, codigo, clave_bloqueo: clave });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe('push.suscripcion.invalid');
    const badKeys = await subscribe({ suscripcion: { ...b.json, keys: { p256dh: 'x', auth: 'y' } }, codigo, clave_bloqueo: clave });
    expect(badKeys.statusCode).toBe(400);
    expect(await subscriptionOf(b.json.endpoint)).toBeUndefined();

    const ok = await subscribe({ suscripcion: b.json, codigo, clave_bloqueo: clave });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ cuenta: false, compra: true });
    // Again (a second tap): still one subscription, one binding.
    expect((await subscribe({ suscripcion: b.json, codigo, clave_bloqueo: clave })).statusCode).toBe(200);
    const saved = (await subscriptionOf(b.json.endpoint))!;
    expect(await api.db.select().from(push_vinculo).where(eq(push_vinculo.csuscripcion, saved.csuscripcion))).toHaveLength(1);

    // Forgotten by its endpoint (what the browser holds).
    const gone = await post(api.app, '/rest/avisos/suscripcion/baja', { endpoint: b.json.endpoint });
    expect(gone.statusCode).toBe(204);
    expect(await subscriptionOf(b.json.endpoint)).toBeUndefined();
  });
});

describe('without VAPID keys', () => {
  it('reads a null key (no button) and answers 404 to a subscription', async () => {
    const bare = await createTestApp(api.db, { corsOrigins: [STORE] });
    try {
      expect((await bare.inject({ url: '/rest/avisos/clave' })).json().data).toEqual({ clave: null });
      const res = await post(bare, '/rest/avisos/suscripcion', { suscripcion: browser('bare').json, codigo: 'ABCDEFGH', clave_bloqueo: 'x'.repeat(32) });
      expect(res.statusCode).toBe(404);
      expect(await subscriptionOf(browser('bare').json.endpoint)).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});

describe('sending', () => {
  const HOUR = 3_600_000;

  it("sends a reminder's push once from two instances, encrypted for the browser, in the purchase's language", async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 3);
    const { codigo, clave } = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!, 'en-EN');
    const b = browser('reminder');
    expect((await subscribe({ suscripcion: b.json, codigo, clave_bloqueo: clave })).statusCode).toBe(200);
    const reservation = (await pocketReservation(api.db, codigo))!;
    const leg = reservation.legs[0]!;
    const pocket = pocketOf({ secret: TEST_SECRET, apiOrigin: 'http://api-1', siteUrl: STORE });
    expect(await sendDueReminders(api.db, pocket, new Date(leg.salida.getTime() - 23 * HOUR))).toBe(1);

    // Two instances drain at once (and again): the push service gets one request.
    const before = received.length;
    const [one, two] = await Promise.all([sender().drainPushOutbox(), sender().drainPushOutbox()]);
    expect(one.sent + two.sent).toBe(1);
    expect((await sender().drainPushOutbox()).sent).toBe(0);
    const requests = received.slice(before).filter((r) => r.path === b.path);
    expect(requests).toHaveLength(1);
    const request = requests[0]!;

    // VAPID (RFC 8292): our public key, a JWT signed with its private key for the service's origin.
    const authorization = String(request.headers.authorization);
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)!;
    expect(k).toBe(keys.publicKey);
    expect(decodeProtectedHeader(jwt!).alg).toBe('ES256');
    const publicKey = Buffer.from(keys.publicKey, 'base64url');
    const jwk = { kty: 'EC', crv: 'P-256', x: publicKey.subarray(1, 33).toString('base64url'), y: publicKey.subarray(33).toString('base64url') };
    await jwtVerify(jwt!, await importJWK(jwk, 'ES256'));
    expect(decodeJwt(jwt!)).toMatchObject({ aud: serviceOrigin, sub: 'mailto:avisos@rumboandino.pe' });
    expect(Number(request.headers.ttl)).toBeGreaterThan(3600);

    const shown = decrypt(b, request);
    expect(shown.title).toBe(`You travel tomorrow: ${leg.origen} → ${leg.destino}`);
    expect(shown.body).toContain(`Be at ${leg.terminal_origen} by`);
    expect(shown.body).toContain('identity document');
    expect(shown.url).toBe(`/pasajes/recuperar?codigo=${codigo}`);
    const saved = (await subscriptionOf(b.json.endpoint))!;
    expect((await outboxOf(saved.csuscripcion))[0]!.sent_at).not.toBeNull();
  });

  it("sends a cancellation's push with the ticket's choice link, retries a failure, and forgets a subscription the service calls gone (410)", async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 23);
    const seats = byPrice(await freeSeats(api.app, trip));
    const first = await paidTicket(trip, seats[0]!, 'es-PE');
    const second = await paidTicket(trip, seats[1]!, 'es-PE');
    const kept = browser('cancel-kept');
    const lost = browser('cancel-lost');
    expect((await subscribe({ suscripcion: kept.json, codigo: first.codigo, clave_bloqueo: first.clave })).statusCode).toBe(200);
    expect((await subscribe({ suscripcion: lost.json, codigo: second.codigo, clave_bloqueo: second.clave })).statusCode).toBe(200);
    answers.set(kept.path, [500]);
    answers.set(lost.path, [410]);

    const declared = await post(api.app, '/rest/operador/incidencia', { cviaje: trip.cviaje, tipo: 'cancelacion', motivo_es: 'Huelga de transportistas', motivo_en: 'Transport strike' }, { authorization: `Bearer ${TOKEN}` });
    expect(declared.statusCode).toBe(200);
    const before = received.length;
    const firstRun = await sender().drainPushOutbox();
    expect(firstRun).toEqual({ sent: 0, gone: 1, failed: 1 });
    // 410: the subscription, its binding and its queued messages are gone.
    expect(await subscriptionOf(lost.json.endpoint)).toBeUndefined();
    // 500: kept, retried after the back-off (not before).
    const keptRow = (await subscriptionOf(kept.json.endpoint))!;
    const [row] = await outboxOf(keptRow.csuscripcion);
    expect(row).toMatchObject({ attempts: 1, sent_at: null, last_error: expect.stringMatching(/^500/) });
    expect((await sender().drainPushOutbox()).sent).toBe(0);
    expect((await sender().drainPushOutbox(new Date(Date.now() + 60_000))).sent).toBe(1);

    const requests = received.slice(before).filter((r) => r.path === kept.path);
    expect(requests).toHaveLength(2);
    const shown = decrypt(kept, requests[1]!);
    expect(shown.title).toMatch(/^Su viaje .+ → .+ fue cancelado$/);
    expect(shown.body).toContain('Motivo: Huelga de transportistas.');
    expect(shown.body).toContain('reprogramar o la devolución');
    expect(shown.url).toMatch(/^\/pasajes\/incidencia\/[^?]+\?t=/);
    // The same path the mail links (a path: the worker opens it on the site's own origin).
    expect(decodeURIComponent(shown.url)).toContain(first.codigo);
  });

  it("tells a signed-in customer's subscription about their purchases (a delay, one push per purchase, the tickets' link)", async () => {
    const demo = (await api.db.select().from(cuenta).where(eq(cuenta.correo, 'demo@rumboandino.pe')))[0]!;
    const session = { authorization: `Bearer ${await openSession(api.db, demo.ccuenta, 3600, TEST_SECRET)}` };
    const b = browser('account');
    const res = await subscribe({ suscripcion: b.json }, session);
    expect(res.json().data).toEqual({ cuenta: true, compra: false });
    const trip = await findTrip(api.app, 'LIM', 'ICA', 24);
    const { codigo } = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!, 'en-EN', session);
    const declared = await post(api.app, '/rest/operador/incidencia', { cviaje: trip.cviaje, tipo: 'retraso', minutos: 40, motivo_es: 'Tráfico', motivo_en: 'Traffic' }, { authorization: `Bearer ${TOKEN}` });
    expect(declared.statusCode).toBe(200);
    const before = received.length;
    expect((await sender().drainPushOutbox()).sent).toBe(1);
    const [request] = received.slice(before).filter((r) => r.path === b.path);
    const shown = decrypt(b, request!);
    expect(shown.title).toMatch(/^Your trip .+ → .+ leaves late$/);
    expect(shown.body).toContain('40 minutes late. Reason: Traffic.');
    expect(shown.url).toBe(`/pasajes/recuperar?codigo=${codigo}`);
  });
});
