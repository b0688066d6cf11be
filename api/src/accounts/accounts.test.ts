import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { TEST_SECRET, setupTestApp } from '../test/app';
import { DEMO_CUSTOMER } from './accounts.seed';
import { cuenta } from './accounts.tables';
import { openSession } from './sessions';
import { signSessionToken, verifySessionToken } from './tokens';

const api = setupTestApp();
let demoId: number;

beforeAll(async () => {
  const [demo] = await api.db.select({ ccuenta: cuenta.ccuenta }).from(cuenta).where(eq(cuenta.correo, 'demo@rumboandino.pe'));
  demoId = demo!.ccuenta;
});

const userData = (headers: Record<string, string> = {}, payload?: string) =>
  api.app.inject({ method: 'POST', url: '/rest/user/editar', headers, ...(payload === undefined ? {} : { payload }) });

const UNAUTHORIZED_ES = { message: 'Su sesión no es válida. Vuelva a iniciar sesión.', code: 'request.unauthorized' };

describe('POST /rest/user/editar', () => {
  it('answers the customer of a valid bearer token, with the spec fields only', async () => {
    const token = await openSession(api.db, demoId, 3600, TEST_SECRET);
    const res = await userData({ authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      data: { ccuenta: demoId, ...DEMO_CUSTOMER },
    });
  });

  it('accepts the token from the "token" cookie', async () => {
    const token = await openSession(api.db, demoId, 3600, TEST_SECRET);
    const res = await userData({ cookie: `token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.ccuenta).toBe(demoId);
  });

  it('accepts an empty JSON body, as browser clients send it', async () => {
    const token = await openSession(api.db, demoId, 3600, TEST_SECRET);
    const res = await userData({ authorization: `Bearer ${token}`, 'content-type': 'application/json' }, '');
    expect(res.statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const token = await openSession(api.db, demoId, -60, TEST_SECRET);
    const res = await userData({ authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED_ES);
  });

  it('refuses a token signed with another secret', async () => {
    const token = await openSession(api.db, demoId, 3600, 'another-secret-that-is-long-enough-to-sign');
    expect((await userData({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const token = await openSession(api.db, demoId, 3600, TEST_SECRET);
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: '2', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
    expect((await userData({ authorization: `Bearer ${header}.${payload}.${signature}` })).statusCode).toBe(401);
  });

  it('refuses an unsigned ("alg": "none") token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: String(demoId), exp: 4102444800 })).toString('base64url');
    expect((await userData({ authorization: `Bearer ${header}.${payload}.` })).statusCode).toBe(401);
  });

  it('refuses a token without an expiry', async () => {
    const token = await new SignJWT()
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(demoId))
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect((await userData({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it.each([
    ['no token', {}],
    ['garbage', { authorization: 'Bearer abc.def.ghi' }],
    ['not a JWT at all', { authorization: 'Bearer 🙂' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an empty cookie', { cookie: 'token=' }],
  ])('refuses %s', async (_name, headers: Record<string, string>) => {
    const res = await userData(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED_ES);
  });

  it("refuses a valid token of an account that does not exist, in the caller's language", async () => {
    const token = await signSessionToken(999_999, 3600, TEST_SECRET);
    const res = await userData({ authorization: `Bearer ${token}`, 'accept-language': 'en-EN' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your session is not valid. Please sign in again.', code: 'request.unauthorized' });
  });
});

describe('session tokens', () => {
  it('carry the account as `sub` and an `exp` claim', async () => {
    const token = await signSessionToken(42, 7200, TEST_SECRET);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.sub).toBe('42');
    expect(payload.exp - payload.iat).toBe(7200);
    expect(await verifySessionToken(token, TEST_SECRET)).toBe(42);
  });

  it('sign with SESSION_SECRET by default', async () => {
    const previous = process.env.SESSION_SECRET;
    process.env.SESSION_SECRET = TEST_SECRET;
    try {
      expect(await verifySessionToken(await signSessionToken(7, 60), TEST_SECRET)).toBe(7);
    } finally {
      process.env.SESSION_SECRET = previous;
    }
  });

  it('reject a subject that is not an account id', async () => {
    const token = await new SignJWT()
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect(await verifySessionToken(token, TEST_SECRET)).toBeNull();
  });
});
