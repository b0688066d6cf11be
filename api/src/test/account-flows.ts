import type { FastifyInstance } from 'fastify';
import type { AccountRateLimits } from '../accounts/accounts.routes';
import { listOutbox } from '../mail/outbox';
import { setupTestApp } from './app';
import { startFakeFacebook, startFakeGoogle } from './fake-providers';

/** The site the account mails link to. */
export const SITE = 'http://site.test';
const GENEROUS = { max: 10_000, timeWindow: 60_000 };
/** Account rate limits no test reaches. */
export const NO_LIMITS: AccountRateLimits = { signIn: GENEROUS, requests: GENEROUS, signInPerEmail: GENEROUS, mailsPerEmail: GENEROUS };

let serial = 0;
/** A fresh e-mail and DNI per test, so tests do not see each other's accounts or limits. */
export function person() {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return {
    tipo_doc: '19',
    num_doc: `7${n}${String(Date.now()).slice(-3)}`,
    nombres: 'Rosa María',
    paterno: 'Quispe',
    materno: 'Mamani',
    sexo: 'F',
    correo: `rosa.${n}.${Date.now()}@example.pe`,
    telefono: '987654321',
    fnacimiento: '1990-05-17',
    clave: 'Andes2026',
    terminos: true,
  };
}

/** How many people `person` has made so far (ids that differ per test). */
export const personSerial = () => serial;

/** The e-mail text's first link's `param`. */
export const linkToken = (text: string, param: string) => {
  const url = /https?:\/\/\S+/.exec(text)?.[0];
  return url ? new URL(url).searchParams.get(param) : null;
};

/**
 * A test file of the account flows: the app with no account rate limits, fake Google and Facebook
 * servers, and a clock the tests move (back to now before each test) to let codes and links expire.
 */
export function setupAccountFlows() {
  let google: Awaited<ReturnType<typeof startFakeGoogle>> | undefined;
  let facebook: Awaited<ReturnType<typeof startFakeFacebook>> | undefined;
  let clock = new Date();

  const api = setupTestApp(async () => {
    google = await startFakeGoogle();
    facebook = await startFakeFacebook('fb-app-1', 'fb-secret-1');
    return {
      siteUrl: SITE,
      now: () => clock,
      accountRateLimits: NO_LIMITS,
      google: { clientId: google.clientId, jwksUrl: google.jwksUrl, issuers: [google.issuer] },
      facebook: { appId: 'fb-app-1', appSecret: 'fb-secret-1', graphUrl: facebook.graphUrl },
    };
  });

  beforeEach(() => {
    clock = new Date();
  });

  afterAll(async () => {
    await google?.close();
    await facebook?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, target: FastifyInstance = api.app) =>
    target.inject({ method: 'POST', url, payload: payload as object, headers });

  async function lastMail(to: string) {
    const [mail] = await listOutbox(api.db, { to, limit: 1 });
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  }

  /** Signs up and confirms through the mailed link; returns the person. */
  async function registered(overrides: Partial<ReturnType<typeof person>> = {}) {
    const p = { ...person(), ...overrides };
    expect((await post('/rest/usuario/registrar', p)).statusCode).toBe(202);
    const token = linkToken((await lastMail(p.correo)).text, 'confirmar');
    expect((await post('/rest/usuario/confirmar', { token })).statusCode).toBe(200);
    return p;
  }

  return {
    api,
    post,
    lastMail,
    registered,
    /** Moves the API's clock `ms` ahead. */
    advance: (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    },
    get google() {
      if (!google) throw new Error('the fake Google starts with the app');
      return google;
    },
    get facebook() {
      if (!facebook) throw new Error('the fake Facebook starts with the app');
      return facebook;
    },
  };
}
