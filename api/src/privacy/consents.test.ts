import { CONSENT_TEXT_VERSION } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import { confirmSubscription, unsubscribe } from '../promotions/promotions.service';
import { suscripcion } from '../promotions/promotions.tables';
import { setupAccountFlows } from '../test/account-flows';
import { hasConsent } from './consents';

const flows = setupAccountFlows();
const { api, post, registered } = flows;

async function signedIn() {
  const p = await registered();
  const res = await post('/rest/login/verificar', { correo: p.correo, clave: p.clave });
  return { p, auth: { authorization: `Bearer ${res.json().data.token}` }, ccuenta: res.json().data.cliente.ccuenta as number };
}

const consents = (auth: Record<string, string>) => api.app.inject({ url: '/rest/user/consentimientos', headers: auth });
const change = (auth: Record<string, string>, body: Record<string, unknown>) => post('/rest/user/consentimientos', { version: CONSENT_TEXT_VERSION, ...body }, auth);

describe('consent per purpose and channel (issue 47)', () => {
  it('starts with nothing given: every channel of every purpose is an unticked opt-in', async () => {
    const { auth } = await signedIn();
    const res = await consents(auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const data = res.json().data;
    expect(data.version).toBe(CONSENT_TEXT_VERSION);
    expect(data.historial).toEqual([]);
    // promociones, alertas_precio and servicio (issue 48: a channel turned on for the trips' messages), by three channels.
    expect(data.estado).toHaveLength(9);
    expect(data.estado.every((row: { otorgado: boolean; fecha: null }) => row.otorgado === false && row.fecha === null)).toBe(true);
  });

  it('records a grant and a withdrawal as history rows with time, channel, purpose and text version; a repeated tap adds nothing', async () => {
    const { auth, ccuenta } = await signedIn();
    const granted = await change(auth, { canal: 'whatsapp', finalidad: 'promociones', otorgado: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data.estado).toContainEqual(expect.objectContaining({ canal: 'whatsapp', finalidad: 'promociones', otorgado: true }));
    expect(await hasConsent(api.db, ccuenta, 'whatsapp', 'promociones')).toBe(true);
    // Each channel and purpose is its own consent.
    expect(await hasConsent(api.db, ccuenta, 'correo', 'promociones')).toBe(false);
    expect(await hasConsent(api.db, ccuenta, 'whatsapp', 'alertas_precio')).toBe(false);

    expect((await change(auth, { canal: 'whatsapp', finalidad: 'promociones', otorgado: true })).statusCode).toBe(200);
    const withdrawn = await change(auth, { canal: 'whatsapp', finalidad: 'promociones', otorgado: false });
    expect(await hasConsent(api.db, ccuenta, 'whatsapp', 'promociones')).toBe(false);
    const { historial } = withdrawn.json().data;
    expect(historial).toHaveLength(2);
    expect(historial.map((row: { otorgado: boolean }) => row.otorgado)).toEqual([false, true]);
    expect(historial[1]).toMatchObject({ canal: 'whatsapp', finalidad: 'promociones', version: CONSENT_TEXT_VERSION, origen: 'cuenta' });
    expect(Number.isNaN(Date.parse(historial[1].fecha))).toBe(false);
  });

  it('refuses a stale text version, an unknown channel, and a caller without a session', async () => {
    const { auth } = await signedIn();
    const stale = await post('/rest/user/consentimientos', { canal: 'correo', finalidad: 'promociones', otorgado: true, version: 'viejo' }, auth);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'privacy.version.stale' });
    const english = await post('/rest/user/consentimientos', { canal: 'sms', finalidad: 'promociones', otorgado: true, version: CONSENT_TEXT_VERSION }, { ...auth, 'accept-language': 'en-EN' });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({ code: 'privacy.canal.invalid', message: 'Choose a valid channel' });
    expect((await consents({})).statusCode).toBe(401);
    expect((await change({}, { canal: 'correo', finalidad: 'promociones', otorgado: true })).statusCode).toBe(401);
    expect((await consents(auth)).json().data.historial).toEqual([]);
  });

  it('keeps the footer subscription and Mi cuenta consistent: its links record consent, a withdrawal in Mi cuenta ends it', async () => {
    const { p, auth, ccuenta } = await signedIn();
    const now = new Date();
    await api.db.insert(suscripcion).values({ correo: p.correo, estado: 'pendiente', idioma: 'es-PE', token_confirmacion: `c${ccuenta}-confirmar-token-xyz`, token_baja: `b${ccuenta}-baja-token-xyzab`, creado: now });
    await confirmSubscription(api.db, `c${ccuenta}-confirmar-token-xyz`, { site: 'http://site.test', language: 'es-PE', now });
    expect(await hasConsent(api.db, ccuenta, 'correo', 'promociones')).toBe(true);
    expect((await consents(auth)).json().data.historial[0]).toMatchObject({ origen: 'suscripcion', otorgado: true });

    await change(auth, { canal: 'correo', finalidad: 'promociones', otorgado: false });
    const [row] = await api.db.select().from(suscripcion).where(eq(suscripcion.correo, p.correo));
    expect(row?.estado).toBe('baja');

    await change(auth, { canal: 'correo', finalidad: 'promociones', otorgado: true });
    await unsubscribe(api.db, `b${ccuenta}-baja-token-xyzab`, now);
    expect(await hasConsent(api.db, ccuenta, 'correo', 'promociones')).toBe(false);
    expect((await consents(auth)).json().data.historial.map((r: { origen: string; otorgado: boolean }) => `${r.origen}:${r.otorgado}`)).toEqual([
      'suscripcion:false',
      'cuenta:true',
      'cuenta:false',
      'suscripcion:true',
    ]);
  });
});
