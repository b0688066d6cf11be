import { CONSENT_TEXT_VERSION } from '@rumbo/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { cuenta, sesion } from '../accounts/accounts.tables';
import { reclamacion } from '../complaints/complaints.tables';
import { suscripcion } from '../promotions/promotions.tables';
import { reserva } from '../sales/sales.tables';
import { setupAccountFlows } from '../test/account-flows';
import { filedComplaint, paidTicket } from '../test/privacy';
import { CLOSED_DOMAIN, eraseAccount } from './close-account';
import { hasConsent } from './consents';
import { consentimiento } from './privacy.tables';

const flows = setupAccountFlows();
const { api, post, registered } = flows;

async function signIn(correo: string, clave: string) {
  const res = await post('/rest/login/verificar', { correo, clave });
  return { res, auth: { authorization: `Bearer ${res.json().data?.token}` }, ccuenta: res.json().data?.cliente?.ccuenta as number };
}

async function customer() {
  const p = await registered();
  return { p, ...(await signIn(p.correo, p.clave)) };
}

const profile = (auth: Record<string, string>) => api.app.inject({ url: '/rest/user/perfil', headers: auth });
const close = (auth: Record<string, string>, clave: string) => post('/rest/user/cerrar', { clave }, auth);
const grant = (auth: Record<string, string>, canal: string) => post('/rest/user/consentimientos', { canal, finalidad: 'promociones', otorgado: true, version: CONSENT_TEXT_VERSION }, auth);

describe('POST /rest/user/cerrar (issue 47)', () => {
  it('erases the profile, ends every session, keeps the sale, the complaint and the consent history as proof', async () => {
    const { p, auth, ccuenta } = await customer();
    const other = await signIn(p.correo, p.clave);
    await grant(auth, 'correo');
    await grant(auth, 'whatsapp');
    await api.db.insert(suscripcion).values({ correo: p.correo, estado: 'confirmada', idioma: 'es-PE', token_confirmacion: `close-c-${ccuenta}-xxxxxxxxxxxx`, token_baja: `close-b-${ccuenta}-xxxxxxxxxxxx`, creado: new Date() });
    const sale = await paidTicket(api.db, { ccuenta, buyer: { nombre: 'Rosa Quispe', email: p.correo }, passenger: { ctipo_documento: 19, numero: p.num_doc, nombres: p.nombres, paterno: p.paterno, materno: p.materno, email: p.correo }, numero: `CL${ccuenta}-1` });
    const sheet = await filedComplaint(api.db, p.correo, p.nombres);

    const res = await close(auth, p.clave);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { cerrada: true } });

    // Every session ended, this one and the other device's.
    expect((await profile(auth)).statusCode).toBe(401);
    expect((await profile(other.auth)).statusCode).toBe(401);
    expect(await api.db.select().from(sesion).where(eq(sesion.ccuenta, ccuenta))).toEqual([]);

    // The profile's personal fields are gone; the row stays for what points to it.
    const [row] = await api.db.select().from(cuenta).where(eq(cuenta.ccuenta, ccuenta));
    expect(row).toMatchObject({ nombres: '', paterno: '', materno: '', telefono: '', clave_hash: null, google_sub: null });
    expect(row!.correo.endsWith(`@${CLOSED_DOMAIN}`)).toBe(true);
    expect(row!.num_doc).not.toBe(p.num_doc);
    expect(row!.cerrada_en).not.toBeNull();

    // Consents: every one withdrawn, the history kept as proof.
    expect(await hasConsent(api.db, ccuenta, 'correo', 'promociones')).toBe(false);
    expect(await hasConsent(api.db, ccuenta, 'whatsapp', 'promociones')).toBe(false);
    const history = await api.db.select().from(consentimiento).where(eq(consentimiento.ccuenta, ccuenta));
    expect(history.map((h) => `${h.origen}:${h.canal}:${h.otorgado}`).sort()).toEqual(['cierre:correo:false', 'cierre:whatsapp:false', 'cuenta:correo:true', 'cuenta:whatsapp:true']);
    expect((await api.db.select().from(suscripcion).where(eq(suscripcion.correo, p.correo)))[0]?.estado).toBe('baja');

    // The sale (tax law) and the complaint (complaints-book rules) are kept.
    expect((await api.db.select().from(reserva).where(eq(reserva.creserva, sale.creserva)))[0]).toMatchObject({ estado: 'pagada', ccuenta });
    expect(await api.db.select().from(reclamacion).where(eq(reclamacion.numero, sheet))).toHaveLength(1);
  });

  it('refuses the old credentials and frees the e-mail and document for a new sign-up', async () => {
    const { p, auth, ccuenta } = await customer();
    expect((await close(auth, p.clave)).statusCode).toBe(200);
    const again = await post('/rest/login/verificar', { correo: p.correo, clave: p.clave });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'account.login.invalid' });
    expect((await post('/rest/user/cuenta', { correo: p.correo })).json().data).toEqual({ existe: false, metodos: [] });
    await registered({ correo: p.correo, num_doc: p.num_doc, clave: 'Nuevo2027x' });
    const fresh = await signIn(p.correo, 'Nuevo2027x');
    expect(fresh.res.statusCode).toBe(200);
    expect(fresh.ccuenta).not.toBe(ccuenta);
    expect((await api.app.inject({ url: '/rest/user/consentimientos', headers: fresh.auth })).json().data.historial).toEqual([]);
  });

  it('is idempotent: a second call finds no session, and closing again changes nothing', async () => {
    const { p, auth, ccuenta } = await customer();
    await grant(auth, 'push');
    expect((await close(auth, p.clave)).statusCode).toBe(200);
    const before = { account: await api.db.select().from(cuenta).where(eq(cuenta.ccuenta, ccuenta)), consents: await api.db.select().from(consentimiento).where(eq(consentimiento.ccuenta, ccuenta)) };
    expect((await close(auth, p.clave)).statusCode).toBe(401);
    await eraseAccount(api.db, ccuenta, new Date());
    expect(await api.db.select().from(cuenta).where(eq(cuenta.ccuenta, ccuenta))).toEqual(before.account);
    expect(await api.db.select().from(consentimiento).where(eq(consentimiento.ccuenta, ccuenta))).toEqual(before.consents);
  });

  it('refuses a wrong or missing password and an account without one, and closes nothing', async () => {
    const { p, auth, ccuenta } = await customer();
    const wrong = await close(auth, 'Otra2026x');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'privacy.clave.wrong', field: 'clave' });
    const empty = await post('/rest/user/cerrar', { clave: '' }, { ...auth, 'accept-language': 'en-EN' });
    expect(empty.json()).toMatchObject({ code: 'privacy.clave.required', message: 'Enter your password to confirm' });
    expect((await post('/rest/user/cerrar', { clave: p.clave })).statusCode).toBe(401);

    await api.db.update(cuenta).set({ clave_hash: null }).where(eq(cuenta.ccuenta, ccuenta));
    expect((await close(auth, p.clave)).json()).toMatchObject({ code: 'privacy.clave.none' });
    expect((await profile(auth)).statusCode).toBe(200);
  });

  it('changes nothing when it fails halfway (one transaction)', async () => {
    const { p, auth, ccuenta } = await customer();
    await grant(auth, 'correo');
    // The last write of the erasure fails for this account only.
    await api.db.execute(sql.raw(`create or replace function privacy_test_fail() returns trigger language plpgsql as $$ begin raise exception 'crash halfway'; end $$`));
    await api.db.execute(sql.raw(`
      create trigger privacy_test_fail_${ccuenta} before update on cuenta for each row
      when (new.ccuenta = ${ccuenta} and new.cerrada_en is not null) execute function privacy_test_fail();`));
    try {
      expect((await close(auth, p.clave)).statusCode).toBe(500);
    } finally {
      await api.db.execute(sql.raw(`drop trigger privacy_test_fail_${ccuenta} on cuenta`));
    }
    expect((await profile(auth)).statusCode).toBe(200);
    expect(await hasConsent(api.db, ccuenta, 'correo', 'promociones')).toBe(true);
    expect((await api.db.select().from(cuenta).where(eq(cuenta.ccuenta, ccuenta)))[0]).toMatchObject({ correo: p.correo, cerrada_en: null });

    expect((await close(auth, p.clave)).statusCode).toBe(200);
    expect((await profile(auth)).statusCode).toBe(401);
  });

  describe('with a code mailed to the account (accounts without a password, or by choice)', () => {
    const askCode = (auth: Record<string, string>) => post('/rest/user/cerrar/codigo', undefined, auth);
    const closeWith = (auth: Record<string, string>, codigo: string) => post('/rest/user/cerrar/verificar', { codigo }, auth);
    const mailedCode = async (correo: string) => /(\d{6})/.exec((await flows.lastMail(correo)).subject)![1]!;

    it('mails the code in the account\'s language, closes with it, ends every session, refuses a new sign-in and frees the e-mail', async () => {
      const { p, auth, ccuenta } = await customer();
      const other = await signIn(p.correo, p.clave);
      // A Google-only account has no password: the code is its way.
      await api.db.update(cuenta).set({ clave_hash: null, idioma: 'en-EN' }).where(eq(cuenta.ccuenta, ccuenta));
      const sent = await askCode(auth);
      expect(sent.statusCode).toBe(202);
      expect(sent.json()).toEqual({ data: { enviado: true } });
      const mail = await flows.lastMail(p.correo);
      expect(mail.subject).toMatch(/^\d{6} is your code to close your Rumbo Andino account$/);
      const code = await mailedCode(p.correo);

      // A wrong code closes nothing (and counts a try).
      const wrong = await closeWith(auth, code === '000000' ? '111111' : '000000');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'privacy.codigo.invalid', field: 'codigo' });
      expect((await profile(auth)).statusCode).toBe(200);

      const done = await closeWith(auth, code);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ data: { cerrada: true } });
      expect((await profile(auth)).statusCode).toBe(401);
      expect((await profile(other.auth)).statusCode).toBe(401);
      expect(await api.db.select().from(sesion).where(eq(sesion.ccuenta, ccuenta))).toEqual([]);
      expect((await api.db.select().from(cuenta).where(eq(cuenta.ccuenta, ccuenta)))[0]!.correo.endsWith(`@${CLOSED_DOMAIN}`)).toBe(true);

      // The old credentials open nothing; the address is free for a new account.
      expect((await post('/rest/login/verificar', { correo: p.correo, clave: p.clave })).json()).toMatchObject({ code: 'account.login.invalid' });
      expect((await post('/rest/user/cuenta', { correo: p.correo })).json().data).toEqual({ existe: false, metodos: [] });
      await registered({ correo: p.correo, num_doc: p.num_doc, clave: 'Otra2027xy' });
      expect((await signIn(p.correo, 'Otra2027xy')).ccuenta).not.toBe(ccuenta);
    });

    it('a code lives 10 minutes and 5 wrong tries, is replaced by a new one, and is never a sign-in code', async () => {
      const { p, auth } = await customer();
      expect((await askCode(auth)).statusCode).toBe(202);
      const first = await mailedCode(p.correo);
      expect((await askCode(auth)).statusCode).toBe(202);
      const second = await mailedCode(p.correo);
      if (first !== second) expect((await closeWith(auth, first)).statusCode).toBe(400);
      // A sign-in code of the account does not close it.
      await post('/rest/otp/request', { email: p.correo, key: '4' });
      const signInCode = /(\d{6})/.exec((await flows.lastMail(p.correo)).subject)![1]!;
      if (signInCode !== second) expect((await closeWith(auth, signInCode)).statusCode).toBe(400);
      // Expired after 10 minutes.
      flows.advance(10 * 60_000 + 1);
      expect((await closeWith(auth, second)).statusCode).toBe(400);
      flows.advance(-(10 * 60_000 + 1));

      expect((await askCode(auth)).statusCode).toBe(202);
      const third = await mailedCode(p.correo);
      const bad = third === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) expect((await closeWith(auth, bad)).statusCode).toBe(400);
      // Used up: even the right code is refused now.
      expect((await closeWith(auth, third)).statusCode).toBe(400);
      expect((await profile(auth)).statusCode).toBe(200);
      // A malformed code is the schema's refusal.
      expect((await closeWith(auth, '12ab')).json()).toMatchObject({ code: 'privacy.codigo.required' });
    });
  });
});
