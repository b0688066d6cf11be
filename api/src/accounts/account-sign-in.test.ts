import { createTestApp, TEST_SECRET } from '../test/app';
import { person, personSerial, setupAccountFlows, SITE } from '../test/account-flows';
import { eq } from 'drizzle-orm';
import { cuenta, otpCodigo } from './accounts.tables';
import { verifySessionToken } from './tokens';

const flows = setupAccountFlows();
const { api, post, lastMail, registered } = flows;

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
    flows.advance(10 * 60 * 1000 + 1000);
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
    const first = await post('/rest/login/token', { credential: await flows.google.idToken(claims('g-100', email)) });
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

    const again = await post('/rest/login/token', { credential: await flows.google.idToken(claims('g-100', email)) });
    expect(again.json().data.cliente.correo).toBe(email);
    expect(await verifySessionToken(again.json().data.token, TEST_SECRET)).toBe(completed.json().data.cliente.ccuenta);
  });

  it('links to the existing account of the same verified e-mail', async () => {
    const p = await registered();
    const res = await post('/rest/login/token', { credential: await flows.google.idToken(claims('g-200', p.correo)) });
    expect(res.json().data.cliente.correo).toBe(p.correo);
    expect((await post('/rest/user/cuenta', { correo: p.correo })).json().data.metodos).toEqual(['clave', 'codigo', 'google']);
  });

  it("binds the first Google sub: another Google identity with the account's e-mail neither signs in nor replaces it (issue 32 item 11)", async () => {
    const p = await registered();
    const first = await post('/rest/login/token', { credential: await flows.google.idToken(claims('g-first-1', p.correo)) });
    expect(first.json().data.cliente.correo).toBe(p.correo);
    const other = await post('/rest/login/token', { credential: await flows.google.idToken(claims('g-other-2', p.correo)) }, { 'accept-language': 'en-EN' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      code: 'account.social.otherIdentity',
      message: 'This e-mail is already linked to another account of this provider. Sign in with that one, or with your password or a code.',
    });
    const spanish = await post('/rest/login/token', { credential: await flows.google.idToken(claims('g-other-2', p.correo)) });
    expect(spanish.json().message).toBe('Este email ya está vinculado a otra cuenta de este proveedor. Ingrese con esa, o con su contraseña o un código.');
    // The first identity still signs in, the account's sub unchanged.
    const again = await post('/rest/login/token', { credential: await flows.google.idToken(claims('g-first-1', p.correo)) });
    expect(again.json().data.cliente.correo).toBe(p.correo);
    const [row] = await api.db.select({ google_sub: cuenta.google_sub }).from(cuenta).where(eq(cuenta.correo, p.correo));
    expect(row?.google_sub).toBe('g-first-1');
  });

  it.each([
    ['a wrong audience', async () => flows.google.idToken(claims('g-300', 'x@gmail.test'), { audience: 'someone-else.apps.googleusercontent.com' })],
    ['another issuer', async () => flows.google.idToken(claims('g-300', 'x@gmail.test'), { issuer: 'https://evil.test' })],
    ['an expired token', async () => flows.google.idToken(claims('g-300', 'x@gmail.test'), { expiresIn: -60 })],
    ['a forged signature', async () => flows.google.forge(claims('g-300', 'x@gmail.test'))],
    ['an unverified e-mail', async () => flows.google.idToken(claims('g-300', 'x@gmail.test', { email_verified: false }))],
    ['garbage', async () => 'not.a.token'],
    // Issue 15: with several audiences, the authorized party must be this site.
    [
      'several audiences whose authorized party is another client',
      async () => flows.google.idToken(claims('g-300', 'x@gmail.test', { azp: 'someone-else.apps.googleusercontent.com' }), { audience: ['someone-else.apps.googleusercontent.com', flows.google.clientId] }),
    ],
    ['several audiences and no authorized party', async () => flows.google.idToken(claims('g-300', 'x@gmail.test'), { audience: ['someone-else.apps.googleusercontent.com', flows.google.clientId] })],
    ['an authorized party that is another client', async () => flows.google.idToken(claims('g-300', 'x@gmail.test', { azp: 'someone-else.apps.googleusercontent.com' }))],
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
    const token = flows.facebook.issue(`fb-ok-${personSerial()}`, { appId: 'fb-app-1', userId: `f-${personSerial()}`, expiresAt: inAnHour(), email: p.correo, firstName: 'Rosa' });
    const res = await post('/rest/usuario/registrar/fb', { accessToken: token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cliente.correo).toBe(p.correo);
  });

  it('a first sign-in asks for the missing identity', async () => {
    const email = `luis.${Date.now()}@fb.test`;
    const token = flows.facebook.issue('fb-new', { appId: 'fb-app-1', userId: 'f-new', expiresAt: inAnHour(), email, firstName: 'Luis', lastName: 'Paz' });
    const res = await post('/rest/usuario/registrar/fb', { accessToken: token });
    expect(res.json().data.perfil).toEqual({ correo: email, nombres: 'Luis', paterno: 'Paz' });
  });

  it.each([
    ['issued to another app', { appId: 'other-app', userId: 'f-1', expiresAt: 0 }],
    ['expired', { appId: 'fb-app-1', userId: 'f-1', expiresAt: 1_000 }],
    ['revoked', { appId: 'fb-app-1', userId: 'f-1', expiresAt: 0, valid: false }],
  ])('refuses a token %s', async (name, token) => {
    const res = await post('/rest/usuario/registrar/fb', { accessToken: flows.facebook.issue(name, { ...token, expiresAt: token.expiresAt || inAnHour(), email: 'x@fb.test' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('account.social.invalid');
  });

  it('refuses a token the Graph API does not know (forged)', async () => {
    const res = await post('/rest/usuario/registrar/fb', { accessToken: 'EAAforged' });
    expect(res.json().code).toBe('account.social.invalid');
  });

  it('refuses when the app secret is wrong (debug_token refuses the app)', async () => {
    const wrong = await createTestApp(api.db, { siteUrl: SITE, facebook: { appId: 'fb-app-1', appSecret: 'wrong', graphUrl: flows.facebook.graphUrl } });
    const token = flows.facebook.issue('fb-any', { appId: 'fb-app-1', userId: 'f-2', expiresAt: inAnHour(), email: 'y@fb.test' });
    expect((await post('/rest/usuario/registrar/fb', { accessToken: token }, {}, wrong)).json().code).toBe('account.social.invalid');
    await wrong.close();
  });
});
