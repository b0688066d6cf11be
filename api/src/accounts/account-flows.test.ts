import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listOutbox } from '../mail/outbox';
import { createTestApp, setupTestApp } from '../test/app';
import { startFakeFacebook, startFakeGoogle } from '../test/fake-providers';
import { ACCOUNT_RATE_LIMITS, type AccountRateLimits } from './accounts.routes';
import { DEMO_PASSWORD } from './accounts.seed';
import { addPoints, getPoints, pointsSum } from '../points/points.service';
import { cuenta, cuentaEnlace, otpCodigo } from './accounts.tables';
import { verifySessionToken } from './tokens';
import { TEST_SECRET } from '../test/app';

const SITE = 'http://site.test';
const GENEROUS = { max: 10_000, timeWindow: 60_000 };
const NO_LIMITS: AccountRateLimits = { signIn: GENEROUS, requests: GENEROUS, signInPerEmail: GENEROUS, mailsPerEmail: GENEROUS };

let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let facebook: Awaited<ReturnType<typeof startFakeFacebook>>;
/** The API's clock; tests move it to let codes and links expire. */
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
  await google.close();
  await facebook.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, target = api.app) =>
  target.inject({ method: 'POST', url, payload: payload as object, headers });

let serial = 0;
/** A fresh e-mail and DNI per test, so tests do not see each other's accounts or limits. */
function person() {
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

async function lastMail(to: string) {
  const [mail] = await listOutbox(api.db, { to, limit: 1 });
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

const linkToken = (text: string, param: string) => {
  const url = /https?:\/\/\S+/.exec(text)?.[0];
  return url ? new URL(url).searchParams.get(param) : null;
};

/** Signs up and confirms through the mailed link; returns the person. */
async function registered(overrides: Partial<ReturnType<typeof person>> = {}) {
  const p = { ...person(), ...overrides };
  expect((await post('/rest/usuario/registrar', p)).statusCode).toBe(202);
  const token = linkToken((await lastMail(p.correo)).text, 'confirmar');
  expect((await post('/rest/usuario/confirmar', { token })).statusCode).toBe(200);
  return p;
}

describe('sign-up and e-mail confirmation', () => {
  it('creates an unconfirmed account, mails a link that confirms it once, then the password signs in', async () => {
    const p = person();
    const res = await post('/rest/usuario/registrar', p);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { enviado: true } });

    const mail = await lastMail(p.correo);
    expect(mail.subject).toBe('Confirme su email en Rumbo Andino');
    const token = linkToken(mail.text, 'confirmar');
    expect(mail.text).toContain(`${SITE}/cuenta/registro?confirmar=`);

    const before = await post('/rest/login/verificar', { correo: p.correo, clave: p.clave });
    expect(before.statusCode).toBe(400);
    expect(before.json().code).toBe('account.login.unconfirmed');

    // Trying to sign in unconfirmed mails a fresh link, which replaces the first one.
    const fresh = linkToken((await lastMail(p.correo)).text, 'confirmar');
    expect(fresh).not.toBe(token);
    expect((await post('/rest/usuario/confirmar', { token })).json().code).toBe('account.link.invalid');

    const confirmed = await post('/rest/usuario/confirmar', { token: fresh });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ data: { correo: p.correo } });
    const again = await post('/rest/usuario/confirmar', { token: fresh });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('account.link.invalid');
    expect((await post('/rest/login/verificar', { correo: p.correo, clave: p.clave })).statusCode).toBe(200);
  });

  it('signs in with the right password: a session token with exp, and the customer', async () => {
    const p = await registered();
    const res = await post('/rest/login/verificar', { correo: p.correo.toUpperCase(), clave: p.clave });
    expect(res.statusCode).toBe(200);
    const { token, cliente } = res.json().data;
    expect(cliente).toMatchObject({ correo: p.correo, nombres: 'Rosa María', tipo_doc: 19, num_doc: p.num_doc, fnacimiento: '1990-05-17' });
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(7200);
    expect(await verifySessionToken(token, TEST_SECRET)).toBe(cliente.ccuenta);
  });

  it('stores the password as a scrypt hash, never as typed', async () => {
    const p = await registered();
    const [row] = await api.db.select({ clave_hash: cuenta.clave_hash }).from(cuenta).where(eq(cuenta.correo, p.correo));
    expect(row!.clave_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(row!.clave_hash).not.toContain(p.clave);
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const p = await registered();
    const wrong = await post('/rest/login/verificar', { correo: p.correo, clave: 'Andes2027' });
    const unknown = await post('/rest/login/verificar', { correo: `nadie.${Date.now()}@example.pe`, clave: 'Andes2027' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ message: 'El email o la contraseña no son correctos', code: 'account.login.invalid', field: 'clave' });
  });

  it('signing up with an e-mail that has an account answers the same and mails the owner a notice', async () => {
    const p = await registered();
    const res = await post('/rest/usuario/registrar', { ...person(), correo: p.correo }, { 'accept-language': 'en-EN' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { enviado: true } });
    expect((await lastMail(p.correo)).subject).toBe('You already have a Rumbo Andino account');
  });

  it('refuses a document that already has an account; /rest/usuario/verificar tells it too', async () => {
    const p = await registered();
    const taken = await post('/rest/usuario/registrar', { ...person(), num_doc: p.num_doc });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: 'account.num_doc.taken', field: 'num_doc' });
    expect((await post('/rest/usuario/verificar', { tipo_doc: '19', num_doc: p.num_doc })).json()).toEqual({ data: { disponible: false } });
    expect((await post('/rest/usuario/verificar', { tipo_doc: '19', num_doc: '10000001' })).json()).toEqual({ data: { disponible: true } });
  });

  it.each([
    [{ clave: 'corta1' }, 'account.clave.weak', 'clave'],
    [{ clave: 'solamenteletras' }, 'account.clave.weak', 'clave'],
    [{ num_doc: '1234567' }, 'account.num_doc.dni', 'num_doc'],
    [{ tipo_doc: '20', num_doc: '12345678' }, 'account.num_doc.ce', 'num_doc'],
    [{ terminos: false }, 'account.terminos.required', 'terminos'],
    [{ fnacimiento: `${new Date().getFullYear() - 10}-01-01` }, 'account.fnacimiento.adult', 'fnacimiento'],
    [{ correo: 'rosa@' }, 'account.correo.format', 'correo'],
  ])('refuses a sign-up with %o: %s', async (change, code, field) => {
    const res = await post('/rest/usuario/registrar', { ...person(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, field });
  });

  it('answers bad bodies with a 400 in English when asked, never a 500', async () => {
    for (const body of [null, [], 'text', { correo: { $gt: '' } }, { num_doc: 12345678 }]) {
      const res = await post('/rest/usuario/registrar', body, { 'accept-language': 'en-EN', 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
    }
    const res = await post('/rest/usuario/registrar', {}, { 'accept-language': 'en-EN' });
    expect(res.json()).toEqual({ message: 'Select the document type', code: 'account.tipo_doc.required', field: 'tipo_doc' });
  });
});

describe('POST /rest/user/cuenta', () => {
  it('tells whether an account exists and how it signs in', async () => {
    const p = await registered();
    expect((await post('/rest/user/cuenta', { correo: p.correo })).json()).toEqual({ data: { existe: true, metodos: ['clave', 'codigo'] } });
    expect((await post('/rest/user/cuenta', { correo: `nadie.${Date.now()}@example.pe` })).json()).toEqual({ data: { existe: false, metodos: [] } });
  });
});

describe('one-time codes', () => {
  async function requestCode(email: string, language = 'es-PE') {
    const res = await post('/rest/otp/request', { email, key: '4' }, { 'accept-language': language });
    expect(res.statusCode).toBe(202);
    const mail = await lastMail(email);
    return { mail, code: /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '' };
  }

  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails a 6-digit code in the asker\'s language that signs in once', async () => {
    const p = await registered();
    const { mail, code } = await requestCode(p.correo, 'en-EN');
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`${code} is your Rumbo Andino access code`);

    const res = await post('/rest/otp/validate', { email: p.correo, key: code, canal: 'WEB' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cliente.correo).toBe(p.correo);
    expect(await verifySessionToken(res.json().data.token, TEST_SECRET)).toBe(res.json().data.cliente.ccuenta);

    expect((await post('/rest/otp/validate', { email: p.correo, key: code, canal: 'WEB' })).statusCode).toBe(400);
  });

  it('stores only a keyed hash of the code', async () => {
    const p = await registered();
    const { code } = await requestCode(p.correo);
    const rows = await api.db.select().from(otpCodigo);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.hash).not.toContain(code);
  });

  it('stops a brute force: after 5 wrong tries even the right code is refused', async () => {
    const p = await registered();
    const { code } = await requestCode(p.correo);
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/rest/otp/validate', { email: p.correo, key: wrongCode(code), canal: 'WEB' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'El código no es válido o ya venció. Revise su correo o solicite uno nuevo.',
        code: 'account.otp.invalid',
        field: 'key',
      });
    }
    expect((await post('/rest/otp/validate', { email: p.correo, key: code, canal: 'WEB' })).statusCode).toBe(400);
    // A new code starts again.
    const fresh = await requestCode(p.correo);
    expect((await post('/rest/otp/validate', { email: p.correo, key: fresh.code, canal: 'WEB' })).statusCode).toBe(200);
  });

  it('accepts the right code after 4 wrong tries', async () => {
    const p = await registered();
    const { code } = await requestCode(p.correo);
    for (let i = 0; i < 4; i += 1) await post('/rest/otp/validate', { email: p.correo, key: wrongCode(code), canal: 'WEB' });
    expect((await post('/rest/otp/validate', { email: p.correo, key: code, canal: 'WEB' })).statusCode).toBe(200);
  });

  it('refuses a code after 10 minutes', async () => {
    const p = await registered();
    const { code } = await requestCode(p.correo);
    clock = new Date(clock.getTime() + 10 * 60 * 1000 + 1000);
    const res = await post('/rest/otp/validate', { email: p.correo, key: code, canal: 'WEB' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('account.otp.invalid');
  });

  it('answers an address without an account the same, and mails it an invitation instead of a code', async () => {
    const email = `nadie.${Date.now()}@example.pe`;
    const res = await post('/rest/otp/request', { email, key: '4' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { enviado: true } });
    const mail = await lastMail(email);
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    expect(mail.text).toContain(`${SITE}/cuenta/registro`);
    expect((await post('/rest/otp/validate', { email, key: '123456', canal: 'WEB' })).json().code).toBe('account.otp.invalid');
  });

  it('checks the spec\'s fixed key and channel', async () => {
    expect((await post('/rest/otp/request', { email: 'a@example.pe', key: '5' })).statusCode).toBe(400);
    expect((await post('/rest/otp/validate', { email: 'a@example.pe', key: '123456', canal: 'APP' })).statusCode).toBe(400);
    expect((await post('/rest/otp/validate', { email: 'a@example.pe', key: '12345', canal: 'WEB' })).json().code).toBe('account.codigo.format');
  });

  it('a code proves the address of an unconfirmed account, and ends the password set before the proof (issue 15)', async () => {
    const p = person();
    await post('/rest/usuario/registrar', p);
    const { code } = await requestCode(p.correo);
    expect((await post('/rest/otp/validate', { email: p.correo, key: code, canal: 'WEB' })).statusCode).toBe(200);
    expect((await post('/rest/login/verificar', { correo: p.correo, clave: p.clave })).json().code).toBe('account.login.invalid');
  });
});

describe('password reset', () => {
  async function resetToken(correo: string) {
    expect((await post('/rest/usuario/recuperar', { correo })).statusCode).toBe(202);
    return linkToken((await lastMail(correo)).text, 'token')!;
  }

  it('mails a link that sets a new password once', async () => {
    const p = await registered();
    const token = await resetToken(p.correo);
    expect((await lastMail(p.correo)).text).toContain(`${SITE}/cuenta/recuperar?token=`);
    expect((await post('/rest/usuario/validar', { token })).json()).toEqual({ data: { correo: p.correo } });

    const set = await post('/rest/usuario/password', { token, clave: 'Condor2027' });
    expect(set.statusCode).toBe(200);
    expect((await post('/rest/login/verificar', { correo: p.correo, clave: 'Condor2027' })).statusCode).toBe(200);
    expect((await post('/rest/login/verificar', { correo: p.correo, clave: p.clave })).statusCode).toBe(400);

    const reuse = await post('/rest/usuario/password', { token, clave: 'Puma20288' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('account.link.invalid');
    expect((await post('/rest/usuario/validar', { token })).statusCode).toBe(400);
  });

  it('expires after an hour', async () => {
    const p = await registered();
    const token = await resetToken(p.correo);
    clock = new Date(clock.getTime() + 60 * 60 * 1000 + 1000);
    expect((await post('/rest/usuario/validar', { token })).statusCode).toBe(400);
    expect((await post('/rest/usuario/password', { token, clave: 'Condor2027' })).json().code).toBe('account.link.invalid');
  });

  it('a newer link replaces the older one', async () => {
    const p = await registered();
    const first = await resetToken(p.correo);
    const second = await resetToken(p.correo);
    expect((await post('/rest/usuario/password', { token: first, clave: 'Condor2027' })).statusCode).toBe(400);
    expect((await post('/rest/usuario/password', { token: second, clave: 'Condor2027' })).statusCode).toBe(200);
  });

  it('stores only a hash of the link token', async () => {
    const p = await registered();
    const token = await resetToken(p.correo);
    const rows = await api.db.select({ hash: cuentaEnlace.hash }).from(cuentaEnlace);
    expect(rows.some((row) => row.hash === token)).toBe(false);
  });

  it('answers an address without an account the same', async () => {
    const res = await post('/rest/usuario/recuperar', { correo: `nadie.${Date.now()}@example.pe` });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { enviado: true } });
  });

  it('refuses a weak new password and a made-up token', async () => {
    const p = await registered();
    const token = await resetToken(p.correo);
    expect((await post('/rest/usuario/password', { token, clave: 'abc' })).json().code).toBe('account.clave.weak');
    expect((await post('/rest/usuario/password', { token: 'inventado', clave: 'Condor2027' })).json().code).toBe('account.link.invalid');
  });
});

describe('Google sign-in', () => {
  const claims = (sub: string, email: string, extra: Record<string, unknown> = {}) => ({
    sub,
    email,
    email_verified: true,
    given_name: 'Ana',
    family_name: 'Flores',
    ...extra,
  });

  it('a first sign-in asks once for the missing identity, then signs in; the next one signs in directly', async () => {
    const email = `ana.${Date.now()}@gmail.test`;
    const first = await post('/rest/login/token', { credential: await google.idToken(claims('g-100', email)) });
    expect(first.statusCode).toBe(200);
    const { registro, perfil } = first.json().data;
    expect(perfil).toEqual({ correo: email, nombres: 'Ana', paterno: 'Flores' });
    expect(await verifySessionToken(registro, TEST_SECRET)).toBeNull();

    const p = person();
    const completed = await post('/rest/login/registrar', {
      registro,
      tipo_doc: '19',
      num_doc: p.num_doc,
      nombres: 'Ana',
      paterno: 'Flores',
      materno: 'Ríos',
      sexo: 'F',
      telefono: '912345678',
      fnacimiento: '1995-02-10',
      terminos: true,
    });
    expect(completed.statusCode).toBe(201);
    expect(completed.json().data.cliente).toMatchObject({ correo: email, num_doc: p.num_doc });

    const again = await post('/rest/login/token', { credential: await google.idToken(claims('g-100', email)) });
    expect(again.json().data.cliente.correo).toBe(email);
    expect(await verifySessionToken(again.json().data.token, TEST_SECRET)).toBe(completed.json().data.cliente.ccuenta);
  });

  it('links to the existing account of the same verified e-mail', async () => {
    const p = await registered();
    const res = await post('/rest/login/token', { credential: await google.idToken(claims('g-200', p.correo)) });
    expect(res.json().data.cliente.correo).toBe(p.correo);
    expect((await post('/rest/user/cuenta', { correo: p.correo })).json().data.metodos).toEqual(['clave', 'codigo', 'google']);
  });

  it.each([
    ['a wrong audience', async () => google.idToken(claims('g-300', 'x@gmail.test'), { audience: 'someone-else.apps.googleusercontent.com' })],
    ['another issuer', async () => google.idToken(claims('g-300', 'x@gmail.test'), { issuer: 'https://evil.test' })],
    ['an expired token', async () => google.idToken(claims('g-300', 'x@gmail.test'), { expiresIn: -60 })],
    ['a forged signature', async () => google.forge(claims('g-300', 'x@gmail.test'))],
    ['an unverified e-mail', async () => google.idToken(claims('g-300', 'x@gmail.test', { email_verified: false }))],
    ['garbage', async () => 'not.a.token'],
    // Issue 15: with several audiences, the authorized party must be this site.
    [
      'several audiences whose authorized party is another client',
      async () => google.idToken(claims('g-300', 'x@gmail.test', { azp: 'someone-else.apps.googleusercontent.com' }), { audience: ['someone-else.apps.googleusercontent.com', google.clientId] }),
    ],
    ['several audiences and no authorized party', async () => google.idToken(claims('g-300', 'x@gmail.test'), { audience: ['someone-else.apps.googleusercontent.com', google.clientId] })],
    ['an authorized party that is another client', async () => google.idToken(claims('g-300', 'x@gmail.test', { azp: 'someone-else.apps.googleusercontent.com' }))],
  ])('refuses %s', async (_name, credential) => {
    const res = await post('/rest/login/token', { credential: await credential() });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('account.social.invalid');
  });

  it('refuses a forged or expired pending sign-up', async () => {
    const res = await post('/rest/login/registrar', { ...person(), registro: 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('account.registro.invalid');
  });

  it('is not offered without a client id', async () => {
    const bare = await createTestApp(api.db, { siteUrl: SITE });
    const res = await post('/rest/login/token', { credential: 'x' }, {}, bare);
    expect(res.json().code).toBe('account.social.unavailable');
    await bare.close();
  });
});

describe('Facebook sign-in', () => {
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

  it('verifies the token with the app credentials and signs in the account of its e-mail', async () => {
    const p = await registered();
    const token = facebook.issue(`fb-ok-${serial}`, { appId: 'fb-app-1', userId: `f-${serial}`, expiresAt: inAnHour(), email: p.correo, firstName: 'Rosa' });
    const res = await post('/rest/usuario/registrar/fb', { accessToken: token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cliente.correo).toBe(p.correo);
  });

  it('a first sign-in asks for the missing identity', async () => {
    const email = `luis.${Date.now()}@fb.test`;
    const token = facebook.issue('fb-new', { appId: 'fb-app-1', userId: 'f-new', expiresAt: inAnHour(), email, firstName: 'Luis', lastName: 'Paz' });
    const res = await post('/rest/usuario/registrar/fb', { accessToken: token });
    expect(res.json().data.perfil).toEqual({ correo: email, nombres: 'Luis', paterno: 'Paz' });
  });

  it.each([
    ['issued to another app', { appId: 'other-app', userId: 'f-1', expiresAt: 0 }],
    ['expired', { appId: 'fb-app-1', userId: 'f-1', expiresAt: 1_000 }],
    ['revoked', { appId: 'fb-app-1', userId: 'f-1', expiresAt: 0, valid: false }],
  ])('refuses a token %s', async (name, token) => {
    const res = await post('/rest/usuario/registrar/fb', { accessToken: facebook.issue(name, { ...token, expiresAt: token.expiresAt || inAnHour(), email: 'x@fb.test' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('account.social.invalid');
  });

  it('refuses a token the Graph API does not know (forged)', async () => {
    const res = await post('/rest/usuario/registrar/fb', { accessToken: 'EAAforged' });
    expect(res.json().code).toBe('account.social.invalid');
  });

  it('refuses when the app secret is wrong (debug_token refuses the app)', async () => {
    const wrong = await createTestApp(api.db, { siteUrl: SITE, facebook: { appId: 'fb-app-1', appSecret: 'wrong', graphUrl: facebook.graphUrl } });
    const token = facebook.issue('fb-any', { appId: 'fb-app-1', userId: 'f-2', expiresAt: inAnHour(), email: 'y@fb.test' });
    expect((await post('/rest/usuario/registrar/fb', { accessToken: token }, {}, wrong)).json().code).toBe('account.social.invalid');
    await wrong.close();
  });
});

describe('profile, trips and points', () => {
  async function signedIn() {
    const p = await registered();
    const res = await post('/rest/login/verificar', { correo: p.correo, clave: p.clave });
    return { p, auth: { authorization: `Bearer ${res.json().data.token}` }, ccuenta: res.json().data.cliente.ccuenta as number };
  }

  it('saves the profile with /rest/user/editar and reads it back with the CC e-mail', async () => {
    const { auth } = await signedIn();
    const res = await post(
      '/rest/user/editar',
      { tipo_doc: '21', num_doc: '123456789012345', nombres: 'Rosa', paterno: 'Quispe', materno: 'Luna', sexo: 'F', telefono: '999888777', fnacimiento: '1991-06-01', correo_cc: 'Copia@Example.pe' },
      auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ tipo_doc: 21, num_doc: '123456789012345', materno: 'Luna', telefono: '999888777' });
    const profile = await api.app.inject({ url: '/rest/user/perfil', headers: auth });
    expect(profile.json().data).toMatchObject({ correo_cc: 'copia@example.pe', nombres: 'Rosa' });
  });

  it('refuses an invalid profile field by field, and without a session', async () => {
    const { auth } = await signedIn();
    const res = await post('/rest/user/editar', { tipo_doc: '19', num_doc: '123', nombres: 'Rosa' }, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'account.num_doc.dni', field: 'num_doc' });
    expect((await post('/rest/user/editar', { nombres: 'x' })).statusCode).toBe(401);
  });

  it('lists no tickets for a customer who bought none, and none without a session', async () => {
    const { auth } = await signedIn();
    const res = await api.app.inject({ url: '/rest/user/viajes', headers: auth });
    expect(res.json()).toEqual({ data: { proximos: [], pasados: [] } });
    expect((await api.app.inject({ url: '/rest/user/viajes' })).statusCode).toBe(401);
  });

  it('a new customer has no points; the ledger sums up and never goes below zero', async () => {
    const { auth, ccuenta } = await signedIn();
    expect((await api.app.inject({ url: '/rest/user/puntos', headers: auth })).json()).toEqual({ data: { saldo: 0, retenidos: 0, disponibles: 0, movimientos: [] } });

    await addPoints(api.db, { ccuenta, puntos: 150, concepto: 'viaje', detalle: 'Lima → Cusco' });
    await expect(addPoints(api.db, { ccuenta, puntos: -200, concepto: 'canje' })).rejects.toMatchObject({ code: 'account.puntos.insufficient' });
    await addPoints(api.db, { ccuenta, puntos: -100, concepto: 'canje' });

    const points = (await api.app.inject({ url: '/rest/user/puntos', headers: auth })).json().data;
    expect(points.saldo).toBe(50);
    expect(points.movimientos.map((m: { puntos: number }) => m.puntos)).toEqual([-100, 150]);
    expect(await pointsSum(api.db, ccuenta)).toBe(50);
  });

  it('the demo customer has a history whose balance is its sum', async () => {
    const res = await post('/rest/login/verificar', { correo: 'demo@rumboandino.pe', clave: DEMO_PASSWORD });
    const ccuenta = res.json().data.cliente.ccuenta;
    const points = await getPoints(api.db, ccuenta, new Date());
    expect(points.movimientos.length).toBeGreaterThan(0);
    expect(points.saldo).toBe(await pointsSum(api.db, ccuenta));
  });
});

describe('rate limits', () => {
  let limited: FastifyInstance;

  beforeAll(async () => {
    limited = await createTestApp(api.db, {
      siteUrl: SITE,
      accountRateLimits: { ...ACCOUNT_RATE_LIMITS, signIn: { max: 6, timeWindow: 60_000 }, signInPerEmail: { max: 3, timeWindow: 60_000 }, mailsPerEmail: { max: 2, timeWindow: 60_000 } },
    });
  });

  afterAll(() => limited.close());

  it('limits password sign-ins per e-mail with a translated 429', async () => {
    const correo = `limite.${Date.now()}@example.pe`;
    for (let i = 0; i < 3; i += 1) expect((await post('/rest/login/verificar', { correo, clave: 'x' }, {}, limited)).statusCode).toBe(400);
    const es = await post('/rest/login/verificar', { correo, clave: 'x' }, {}, limited);
    expect(es.statusCode).toBe(429);
    expect(es.json()).toEqual({ message: 'Demasiadas solicitudes. Inténtelo de nuevo en unos minutos.', code: 'request.tooMany' });
    expect(es.headers['retry-after']).toBeDefined();
    const en = await post('/rest/login/verificar', { correo, clave: 'x' }, { 'accept-language': 'en-EN' }, limited);
    expect(en.json().message).toBe('Too many requests. Please try again in a few minutes.');
  });

  it('limits sign-ins per address across e-mails', async () => {
    // Six per window from one address; the previous test used five of them.
    const other = () => ({ correo: `otro.${Math.random()}@example.pe`, clave: 'x' });
    expect((await post('/rest/login/verificar', other(), {}, limited)).statusCode).toBe(400);
    expect((await post('/rest/login/verificar', other(), {}, limited)).statusCode).toBe(429);
  });

  it('limits code and reset mails per e-mail', async () => {
    const email = `codigos.${Date.now()}@example.pe`;
    expect((await post('/rest/otp/request', { email, key: '4' }, {}, limited)).statusCode).toBe(202);
    expect((await post('/rest/otp/request', { email, key: '4' }, {}, limited)).statusCode).toBe(202);
    expect((await post('/rest/otp/request', { email, key: '4' }, {}, limited)).statusCode).toBe(429);
    expect((await post('/rest/usuario/recuperar', { correo: email }, {}, limited)).statusCode).toBe(202);
    expect((await post('/rest/usuario/recuperar', { correo: email }, {}, limited)).statusCode).toBe(202);
    expect((await post('/rest/usuario/recuperar', { correo: email }, {}, limited)).statusCode).toBe(429);
  });
});

describe('links in mails', () => {
  it('use the caller\'s Origin only when it is an allowed one', async () => {
    const open = await createTestApp(api.db, { corsOrigins: ['http://localhost:5300'] });
    const email = `origen.${Date.now()}@example.pe`;
    expect((await post('/rest/usuario/recuperar', { correo: email }, { origin: 'http://localhost:5300' }, open)).statusCode).toBe(202);
    expect((await lastMail(email)).text).toContain('http://localhost:5300/cuenta/registro');
    expect((await post('/rest/usuario/recuperar', { correo: email }, { origin: 'https://evil.test' }, open)).statusCode).toBe(400);
    // Calls that mail no link work without a known site.
    expect((await post('/rest/login/verificar', { correo: 'demo@rumboandino.pe', clave: DEMO_PASSWORD }, {}, open)).statusCode).toBe(200);
    await open.close();
  });
});
