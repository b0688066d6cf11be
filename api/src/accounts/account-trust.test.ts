import { randomBytes, scrypt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { listOutbox } from '../mail/outbox';
import type { FastifyInstance } from 'fastify';
import { NO_LIMITS, SITE } from '../test/account-flows';
import { createTestApp, setupTestApp, TEST_SECRET } from '../test/app';
import { hashPassword, PRODUCTION_COST, useHashCostInTests } from './passwords';

// Counts the password hashes (item 7) while still hashing.
jest.mock('./passwords', () => {
  const actual = jest.requireActual('./passwords');
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});
import { cuenta } from './accounts.tables';
import { signSessionToken } from './tokens';

/** Issue 15: account takeover (items 1 and 2), seen as an attacker would try it. */
let clock = new Date();

const api = setupTestApp({ siteUrl: SITE, now: () => clock, accountRateLimits: NO_LIMITS });

beforeEach(() => {
  clock = new Date();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'POST', url, payload: payload as object, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let serial = 0;
function person(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const n = String(serial).padStart(3, '0');
  return {
    tipo_doc: '19',
    num_doc: `6${n}${String(Date.now()).slice(-4)}`,
    nombres: 'Rosa',
    paterno: 'Quispe',
    materno: 'Mamani',
    sexo: 'F',
    correo: `victima.${n}.${Date.now()}@example.pe`,
    telefono: '987654321',
    fnacimiento: '1990-05-17',
    clave: 'Andes2026',
    terminos: true,
    ...overrides,
  };
}

async function mails(to: string) {
  return listOutbox(api.db, { to, limit: 50 });
}
async function lastMail(to: string) {
  const [mail] = await mails(to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}
const linkToken = (text: string, param: string) => {
  const url = /https?:\/\/\S+/.exec(text)?.[0];
  return url ? new URL(url).searchParams.get(param) : null;
};
const codeOf = (subject: string) => /^(\d{6})/.exec(subject)?.[1] ?? '';

async function signInWithCode(correo: string) {
  expect((await post('/rest/otp/request', { email: correo, key: '4' })).statusCode).toBe(202);
  const res = await post('/rest/otp/validate', { email: correo, key: codeOf((await lastMail(correo)).subject), canal: 'WEB' });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
}

async function registered(p = person()) {
  expect((await post('/rest/usuario/registrar', p)).statusCode).toBe(202);
  const token = linkToken((await lastMail(p.correo)).text, 'confirmar');
  expect((await post('/rest/usuario/confirmar', { token })).statusCode).toBe(200);
  return p;
}

describe('item 1: a password set before the address is proven', () => {
  it("stops opening the account once the owner proves the address with a one-time code", async () => {
    const squatter = person({ clave: 'Squatter1' });
    expect((await post('/rest/usuario/registrar', squatter)).statusCode).toBe(202);
    // The owner of the address signs in with a code: that proves the address.
    await signInWithCode(squatter.correo);
    const res = await post('/rest/login/verificar', { correo: squatter.correo, clave: 'Squatter1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('account.login.invalid');
  });

  it("issue 32 item 5: a second sign-up of a pending address never replaces its password; the owner's link still confirms the owner's", async () => {
    const owner = person({ nombres: 'Rosa', clave: 'Owner2026x' });
    expect((await post('/rest/usuario/registrar', owner)).statusCode).toBe(202);
    const ownersLink = linkToken((await lastMail(owner.correo)).text, 'confirmar');
    const attacker = { ...person({ nombres: 'Mallory', clave: 'Attacker1' }), correo: owner.correo };
    expect((await post('/rest/usuario/registrar', attacker)).statusCode).toBe(202);
    // The address is told, without the attacker's greeting name and without a link that confirms anything.
    const notice = await lastMail(owner.correo);
    expect(notice.text).not.toContain('Mallory');
    expect(linkToken(notice.text, 'confirmar')).toBeNull();
    const [pending] = await api.db.select().from(cuenta).where(eq(cuenta.correo, owner.correo));
    expect(pending!.nombres).toBe('Rosa');
    expect((await post('/rest/usuario/confirmar', { token: ownersLink })).statusCode).toBe(200);
    expect((await post('/rest/login/verificar', { correo: owner.correo, clave: 'Owner2026x' })).statusCode).toBe(200);
    expect((await post('/rest/login/verificar', { correo: owner.correo, clave: 'Attacker1' })).json().code).toBe('account.login.invalid');
  });

  it('issue 32 item 5: a squatter who signed up first keeps no hold: the owner gets in with a one-time code, the password of the sign-up is gone', async () => {
    const squatter = person({ clave: 'Squatter1' });
    expect((await post('/rest/usuario/registrar', squatter)).statusCode).toBe(202);
    const owner = { ...person({ clave: 'Owner2026x' }), correo: squatter.correo };
    expect((await post('/rest/usuario/registrar', owner)).statusCode).toBe(202);
    expect((await post('/rest/login/verificar', { correo: owner.correo, clave: 'Owner2026x' })).json().code).toBe('account.login.invalid');
    const session = await signInWithCode(owner.correo);
    expect(session).toEqual(expect.any(String));
    expect((await post('/rest/login/verificar', { correo: owner.correo, clave: 'Squatter1' })).json().code).toBe('account.login.invalid');
  });

  it('issue 32 item 5: a confirmation link is bound to the sign-up it was mailed for', async () => {
    const first = person({ clave: 'First2026x' });
    expect((await post('/rest/usuario/registrar', first)).statusCode).toBe(202);
    const link = linkToken((await lastMail(first.correo)).text, 'confirmar');
    // Whatever replaces the pending sign-up's password (here, written straight to the table), the
    // link mailed for the first one no longer confirms the account.
    await api.db.update(cuenta).set({ clave_hash: await hashPassword('Other2026x') }).where(eq(cuenta.correo, first.correo));
    const res = await post('/rest/usuario/confirmar', { token: link });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('account.link.invalid');
    const [row] = await api.db.select().from(cuenta).where(eq(cuenta.correo, first.correo));
    expect(row!.correo_confirmado_en).toBeNull();
  });

  it('an unconfirmed sign-up keeps a document only while its link can be used', async () => {
    const squatter = person();
    expect((await post('/rest/usuario/registrar', squatter)).statusCode).toBe(202);
    const owner = person({ num_doc: squatter.num_doc });
    expect((await post('/rest/usuario/registrar', owner)).json().code).toBe('account.num_doc.taken');
    clock = new Date(Date.now() + 49 * 60 * 60 * 1000);
    expect((await post('/rest/usuario/verificar', { tipo_doc: '19', num_doc: squatter.num_doc })).json().data).toEqual({ disponible: true });
    expect((await post('/rest/usuario/registrar', owner)).statusCode).toBe(202);
    const token = linkToken((await lastMail(owner.correo)).text, 'confirmar');
    expect((await post('/rest/usuario/confirmar', { token })).statusCode).toBe(200);
    expect((await post('/rest/login/verificar', { correo: owner.correo, clave: owner.clave })).statusCode).toBe(200);
  });
});

describe('item 2: a stolen session does not become permanent', () => {
  it('a reset link goes only to the proven address, never to a CC address set with the session', async () => {
    const p = await registered();
    const token = await signInWithCode(p.correo);
    const attacker = `atacante.${serial}.${Date.now()}@example.pe`;
    const { correo: _c, clave: _k, terminos: _t, ...identity } = p;
    const saved = await post('/rest/user/editar', { ...identity, correo_cc: attacker }, bearer(token));
    expect(saved.statusCode).toBe(200);
    expect((await post('/rest/usuario/recuperar', { correo: p.correo })).statusCode).toBe(202);
    const toAttacker = await mails(attacker);
    expect(toAttacker.every((mail) => !/token=/.test(mail.text))).toBe(true);
    expect(linkToken((await lastMail(p.correo)).text, 'token')).toBeTruthy();
  });

  it('a new CC address is proven by a link mailed to it before it counts', async () => {
    const p = await registered();
    const token = await signInWithCode(p.correo);
    const cc = `copia.${serial}.${Date.now()}@example.pe`;
    const { correo: _c, clave: _k, terminos: _t, ...identity } = p;
    expect((await post('/rest/user/editar', { ...identity, correo_cc: cc }, bearer(token))).statusCode).toBe(200);
    const profile = await api.app.inject({ method: 'GET', url: '/rest/user/perfil', headers: bearer(token) });
    expect(profile.json().data).toMatchObject({ correo_cc: cc, correo_cc_confirmado: false });
    const proof = linkToken((await lastMail(cc)).text, 'confirmar_cc');
    expect(proof).toBeTruthy();
    expect(proof && (await lastMail(cc)).text).toContain(`${SITE}/cuenta/registro?confirmar_cc=`);
    // The sign-in address is told of the change (a stolen session that sets one does not go unseen).
    expect((await lastMail(p.correo)).subject).toBe('Cambió el email en copia de su cuenta de Rumbo Andino');
    const confirmed = await post('/rest/user/cc/confirmar', { token: proof });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ data: { correo_cc: cc } });
    const after = await api.app.inject({ method: 'GET', url: '/rest/user/perfil', headers: bearer(token) });
    expect(after.json().data).toMatchObject({ correo_cc: cc, correo_cc_confirmado: true });
    expect((await post('/rest/user/cc/confirmar', { token: proof })).json().code).toBe('account.link.invalid');
    // Even proven, the CC address never receives a reset link.
    await post('/rest/usuario/recuperar', { correo: p.correo });
    expect((await mails(cc)).every((mail) => !/token=/.test(mail.text))).toBe(true);
  });

  it('a password reset ends every session of the account on the server', async () => {
    const p = await registered();
    const stolen = await signInWithCode(p.correo);
    expect((await api.app.inject({ method: 'GET', url: '/rest/user/perfil', headers: bearer(stolen) })).statusCode).toBe(200);
    await post('/rest/usuario/recuperar', { correo: p.correo });
    const reset = linkToken((await lastMail(p.correo)).text, 'token');
    expect((await post('/rest/usuario/password', { token: reset, clave: 'NuevaClave9' })).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: '/rest/user/perfil', headers: bearer(stolen) })).statusCode).toBe(401);
  });

  it('log out ends this session on the server; the other sessions stay', async () => {
    const p = await registered();
    const one = await signInWithCode(p.correo);
    const two = (await post('/rest/login/verificar', { correo: p.correo, clave: p.clave })).json().data.token as string;
    const out = await post('/rest/user/logout', {}, bearer(one));
    expect(out.statusCode).toBe(204);
    expect((await post('/rest/user/editar', {}, bearer(one))).statusCode).toBe(401);
    expect((await post('/rest/user/editar', {}, bearer(two))).statusCode).toBe(200);
  });

  it('log out of every device ends all the sessions of the account', async () => {
    const p = await registered();
    const one = await signInWithCode(p.correo);
    const two = (await post('/rest/login/verificar', { correo: p.correo, clave: p.clave })).json().data.token as string;
    expect((await post('/rest/user/logout/todas', {}, bearer(one))).statusCode).toBe(204);
    expect((await post('/rest/user/editar', {}, bearer(one))).statusCode).toBe(401);
    expect((await post('/rest/user/editar', {}, bearer(two))).statusCode).toBe(401);
  });

  it('a token the server never issued (right secret, no session record) opens nothing', async () => {
    const p = await registered();
    const [row] = await api.db.select({ ccuenta: cuenta.ccuenta }).from(cuenta).where(eq(cuenta.correo, p.correo));
    const forged = await signSessionToken(row!.ccuenta, 3600, TEST_SECRET);
    expect((await post('/rest/user/editar', {}, bearer(forged))).statusCode).toBe(401);
  });
});

describe('item 6: no per-address lockout', () => {
  const limitedApp = () => createTestApp(api.db, { siteUrl: SITE, now: () => clock });
  const from = (app: FastifyInstance, address: string) => (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: address });

  it("an attacker's wrong passwords do not lock the owner out: limits are per address and client together", async () => {
    const app = await limitedApp();
    try {
      const p = await registered();
      const attacker = from(app, '203.0.113.50');
      const owner = from(app, '198.51.100.20');
      const codes: number[] = [];
      for (let i = 0; i < 12; i += 1) codes.push((await attacker('/rest/login/verificar', { correo: p.correo, clave: `Wrong${i}pass` })).statusCode);
      expect(codes.at(-1)).toBe(429);
      // Later (the backoff of the failures has passed), the owner's right password still works.
      clock = new Date(Date.now() + 5 * 60_000);
      expect((await owner('/rest/login/verificar', { correo: p.correo, clave: p.clave })).statusCode).toBe(200);
      // The one-time code works at any time.
      expect((await owner('/rest/otp/request', { email: p.correo, key: '4' })).statusCode).toBe(202);
      const code = codeOf((await lastMail(p.correo)).subject);
      expect((await owner('/rest/otp/validate', { email: p.correo, key: code, canal: 'WEB' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('failures from many addresses slow the guessing down: an address that failed waits out the backoff of the account (kept in the database)', async () => {
    const app = await limitedApp();
    try {
      const p = await registered();
      for (let i = 0; i < 8; i += 1) await from(app, `203.0.113.${100 + i}`)('/rest/login/verificar', { correo: p.correo, clave: `Wrong${i}pass` });
      const again = await from(app, '203.0.113.101')('/rest/login/verificar', { correo: p.correo, clave: 'Wrong9pass' });
      expect(again.statusCode).toBe(429);
      expect(again.json().code).toBe('request.tooMany');
      // Even its right password waits while the backoff lasts: that address has guessed wrong.
      expect((await from(app, '203.0.113.102')('/rest/login/verificar', { correo: p.correo, clave: p.clave })).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('issue 32 item 6: a slow drip of wrong passwords from changing addresses never refuses the right password from an address that has not failed', async () => {
    const app = await limitedApp();
    try {
      const p = await registered();
      const start = clock.getTime();
      const refusedOwner: number[] = [];
      // One wrong password a second from a new address each time, for 50 s; every 10 s the owner,
      // from an address of its own that never failed, signs in with the right password.
      for (let second = 0; second < 50; second += 1) {
        clock = new Date(start + second * 1000);
        await from(app, `203.0.113.${second + 1}`)('/rest/login/verificar', { correo: p.correo, clave: `Wrong${second}pass` });
        if (second % 10 === 9 && second < 40) {
          const owner = await from(app, `198.51.100.${second}`)('/rest/login/verificar', { correo: p.correo, clave: p.clave });
          if (owner.statusCode !== 200) refusedOwner.push(second);
        }
      }
      expect(refusedOwner).toEqual([]);
      // The attacker's addresses are still slowed: one that failed, trying again at once, waits.
      expect((await from(app, '203.0.113.50')('/rest/login/verificar', { correo: p.correo, clave: 'Again50pass' })).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('item 7: enumeration', () => {
  it('sign-up takes the same work for a known address as for a new one (the password is hashed either way)', async () => {
    const p = await registered();
    const hashes = jest.mocked(hashPassword);
    hashes.mockClear();
    expect((await post('/rest/usuario/registrar', { ...person(), correo: p.correo })).statusCode).toBe(202);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it('/rest/invitado tells whether an address has an account only within a small budget per client', async () => {
    const app = await createTestApp(api.db, { siteUrl: SITE, now: () => clock });
    try {
      const client = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: '203.0.113.77' });
      const answers: boolean[] = [];
      for (let i = 0; i < 12; i += 1) answers.push((await client('/rest/invitado', { nombre: 'Ana', email: 'demo@rumboandino.pe' })).json().data.tiene_cuenta);
      expect(answers.slice(0, 5).every(Boolean)).toBe(true);
      // Past the budget the answer reads the same as for an address with no account.
      expect(answers.at(-1)).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('item 11: password hashing', () => {
  // At the cost the server hashes with (the test setup's is cheaper).
  let restore: () => void;
  beforeAll(() => {
    restore = useHashCostInTests(PRODUCTION_COST);
  });
  afterAll(() => restore());

  it('hashes with scrypt at N = 2^17, r = 8 (OWASP minimum) at least', async () => {
    const [scheme, n, r] = (await hashPassword('Andes2026')).split('$');
    expect(scheme).toBe('scrypt');
    expect(Number(n)).toBeGreaterThanOrEqual(2 ** 17);
    expect(Number(r)).toBe(8);
  });

  it('rehashes an older, cheaper hash on the next successful sign-in', async () => {
    const p = await registered();
    const old = await new Promise<string>((resolve, reject) => {
      const salt = randomBytes(16);
      scrypt(p.clave.normalize('NFC'), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, key) =>
        error ? reject(error) : resolve(['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')),
      );
    });
    await api.db.update(cuenta).set({ clave_hash: old }).where(eq(cuenta.correo, p.correo));
    expect((await post('/rest/login/verificar', { correo: p.correo, clave: p.clave })).statusCode).toBe(200);
    const [row] = await api.db.select({ clave_hash: cuenta.clave_hash }).from(cuenta).where(eq(cuenta.correo, p.correo));
    expect(row!.clave_hash).not.toBe(old);
    expect(Number(row!.clave_hash!.split('$')[1])).toBeGreaterThanOrEqual(2 ** 17);
    // The new hash still signs in.
    expect((await post('/rest/login/verificar', { correo: p.correo, clave: p.clave })).statusCode).toBe(200);
  });
});
