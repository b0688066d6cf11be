import { eq } from 'drizzle-orm';
import { createTestApp, TEST_SECRET } from '../test/app';
import { linkToken, person, setupAccountFlows, SITE } from '../test/account-flows';
import { DEMO_PASSWORD } from './accounts.seed';
import { cuenta, cuentaEnlace } from './accounts.tables';
import { verifySessionToken } from './tokens';

const flows = setupAccountFlows();
const { api, post, lastMail, registered } = flows;

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
    // The cost is account-trust.test.ts's (item 11): here, the format.
    expect(row!.clave_hash).toMatch(/^scrypt\$\d+\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
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
    flows.advance(60 * 60 * 1000 + 1000);
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
