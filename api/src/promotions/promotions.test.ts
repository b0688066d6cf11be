import { eq } from 'drizzle-orm';
import { listOutbox } from '../mail/outbox';
import { setupTestApp } from '../test/app';
import { suscripcion } from './promotions.tables';

const SITE = 'http://localhost:6000';

const api = setupTestApp({ corsOrigins: [SITE], writeRateLimit: { max: 1000, timeWindow: 60_000 } });

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

/** The token of the `kind` link in the newest mail to `to`. */
async function linkToken(to: string, kind: 'confirmar' | 'baja'): Promise<{ token: string; url: string }> {
  const [mail] = await listOutbox(api.db, { to, limit: 1 });
  const match = new RegExp(`(\\S+/promociones\\?${kind}=([\\w-]+))`).exec(mail!.text);
  if (!match) throw new Error(`no ${kind} link in: ${mail!.text}`);
  return { url: match[1]!, token: match[2]! };
}

describe('GET /rest/promocion/obtener', () => {
  it('lists the current promotions with coupon, validity and conditions, in the caller language', async () => {
    const es = (await api.app.inject({ method: 'GET', url: '/rest/promocion/obtener' })).json().data;
    expect(es.map((p: { cupon: string }) => p.cupon).sort()).toEqual(['AMIGOS10', 'CUSCO20', 'NORTE15']);
    const cusco = es.find((p: { cupon: string }) => p.cupon === 'CUSCO20');
    expect(cusco).toMatchObject({ descuento: 20, titulo: '20 % de descuento a Cusco', destino: { slug: 'cusco', codigo: 'CUZ' } });
    expect(cusco.desde <= cusco.hasta).toBe(true);
    expect(cusco.condiciones).toContain('VIP cama 180°');
    const en = (await api.app.inject({ method: 'GET', url: '/rest/promocion/obtener', headers: { 'accept-language': 'en-EN' } })).json().data;
    expect(en.find((p: { cupon: string }) => p.cupon === 'CUSCO20').titulo).toBe('20% off to Cusco');
  });

  it('leaves out a promotion that has ended', async () => {
    const all = (await api.app.inject({ method: 'GET', url: '/rest/promocion/obtener' })).json().data;
    expect(all.map((p: { cupon: string }) => p.cupon)).not.toContain('AREQUIPA12');
  });
});

describe('subscription to promotions (double opt-in)', () => {
  it('stays pending until the mailed link is followed, then confirms, then unsubscribes', async () => {
    const res = await post('/rest/componente/registrar', { correo: ' Lucia.Rojas@Example.PE ' }, { origin: SITE });
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toEqual({ correo: 'lucia.rojas@example.pe', estado: 'pendiente' });
    const [row] = await api.db.select().from(suscripcion).where(eq(suscripcion.correo, 'lucia.rojas@example.pe'));
    expect(row!.estado).toBe('pendiente');

    const confirm = await linkToken('lucia.rojas@example.pe', 'confirmar');
    expect(confirm.url.startsWith(`${SITE}/promociones?confirmar=`)).toBe(true);
    const confirmed = await post('/rest/componente/confirmar', { token: confirm.token });
    expect(confirmed.json().data).toEqual({ correo: 'lucia.rojas@example.pe', estado: 'confirmada' });
    // The link works twice (a mail client may open it first).
    expect((await post('/rest/componente/confirmar', { token: confirm.token })).statusCode).toBe(200);

    const unsubscribe = await linkToken('lucia.rojas@example.pe', 'baja');
    const left = await post('/rest/componente/baja', { token: unsubscribe.token });
    expect(left.json().data.estado).toBe('baja');
    const [after] = await api.db.select().from(suscripcion).where(eq(suscripcion.correo, 'lucia.rojas@example.pe'));
    expect(after!.estado).toBe('baja');
    // An unsubscribed address can no longer be confirmed with the old link.
    expect((await post('/rest/componente/confirmar', { token: confirm.token })).statusCode).toBe(400);
  });

  it('never points the mail at a site that is not ours', async () => {
    await post('/rest/componente/registrar', { correo: 'otro@example.pe' }, { origin: 'https://evil.example' });
    const { url } = await linkToken('otro@example.pe', 'confirmar');
    expect(url.startsWith('https://www.rumboandino.pe/promociones?confirmar=')).toBe(true);
  });

  it('refuses a bad e-mail and a bad token in the caller language', async () => {
    const bad = await post('/rest/componente/registrar', { correo: 'no-es-correo' }, { 'accept-language': 'en-EN' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'subscription.correo.format', field: 'correo', message: 'The email format is invalid' });
    const token = await post('/rest/componente/confirmar', { token: 'x'.repeat(32) });
    expect(token.statusCode).toBe(400);
    expect(token.json().code).toBe('subscription.token.invalid');
  });
});
