import { setClock } from '@rumbo/shared/clock';
import { addDays, limaToday, validationMessages as messages } from '@rumbo/shared/schemas';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { setupTestApp } from '../test/app';
import { ADULT } from '../test/purchase';
import { registerErrorHandling } from './error-handler';

/** Issue 15, item 8: odd input is a 400, never a 500; the error log never carries personal data. */
const api = setupTestApp({ writeRateLimit: { max: 10_000, timeWindow: 60_000 }, lookupRateLimit: { max: 10_000, timeWindow: 60_000 } });

const post = (url: string, payload: unknown) =>
  api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'accept-language': 'en-EN' }, payload: JSON.stringify(payload) });

const BIG = 2 ** 31;
const channel = { cterminal_origen: 1, cterminal_destino: 2, susuario: 'TVIRT', cusuario: 50005 };

describe('integers of 2^31 or more', () => {
  it.each([
    ['/rest/viaje/escalas', { cviaje: BIG }],
    ['/rest/maqueta', { cviaje: BIG, ...channel }],
    ['/rest/asiento/bloquear', { cviaje: 1, cviaje_asiento: BIG, nasiento: 1, gnivel_piso: 15, gcategoria_asiento: 160, gestado_asiento: 84, ...channel }],
    ['/rest/asiento/bloquear', { cviaje: BIG, cviaje_asiento: 1, nasiento: 1, gnivel_piso: 15, gcategoria_asiento: 160, gestado_asiento: 84, ...channel }],
    ['/rest/persona/buscar', { ctipo_documento: BIG, numero: '45678912' }],
    ['/rest/persona/obtener', { documento: { ctipo_documento: BIG, numero: '45678912' }, nacimiento: '1990-05-14' }],
    ['/rest/venta/postegarBoletos', { numero: 'ABCD2345-1', codigo: 'ABCD2345', clave_bloqueo: 'k'.repeat(32), clave_nueva: 'n'.repeat(32), cviaje_asiento: BIG }],
    ['/rest/carga/cotizar', { origen: 'LIM', destino: 'ICA', peso: BIG }],
  ])('%s answers 400', async (url, body) => {
    const res = await post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('a page id of 2^31 is a 404, not a 500', async () => {
    const res = await api.app.inject({ url: `/rest/informacion/${BIG}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('a NUL character in a text field', () => {
  it.each([
    ['/rest/persona/registrar', { ...ADULT, nombres: 'Ro\u0000sa' }],
    ['/rest/persona/buscar', { ctipo_documento: 19, numero: '4567\u00008912' }],
    ['/rest/invitado', { nombre: 'Ana\u0000', email: 'ana@example.pe' }],
    ['/rest/user/cuenta', { correo: 'a\u0000@example.pe' }],
    ['/rest/carga/seguimiento', { codigo: 'RA\u0000' }],
    ['/rest/juridica/registrar', { ruc: '20100047218', razon_social: 'X\u0000', contacto: 'Ana', correo: 'ana@example.pe', telefono: '987654321' }],
  ])('%s answers 400', async (url, body) => {
    const res = await post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String) });
  });
});

/**
 * Today, pinned for the date checks below: its sales window holds the end of a 30-day month, whatever
 * the machine's calendar says (from December to February the real window of 60 days holds none).
 */
const PINNED_TODAY = '2027-04-20T12:00:00-05:00';

/** A day of the sales window that is not on the calendar (the 31st of a short month, or 29-30 February). */
function missingDayInSalesWindow(): string {
  for (let days = 0; days <= 60; days++) {
    const day = addDays(limaToday(), days);
    const next = addDays(day, 1);
    if (next.slice(8) === '01' && Number(day.slice(8)) < 31) return `${day.slice(0, 8)}${Number(day.slice(8)) + 1}`;
  }
  throw new Error('no short month in the window');
}

describe('a date that does not exist (issue 32 item 7)', () => {
  const purchaseKey = '00000000-0000-4000-8000-000000000000';
  const restore = setClock(PINNED_TODAY);
  const missingDay = missingDayInSalesWindow();
  restore();
  let restoreClock: () => void;
  beforeAll(() => {
    restoreClock = setClock(PINNED_TODAY);
  });
  afterAll(() => restoreClock());

  it.each([
    ['/rest/viaje', { origen: 'LIM', destino: 'AQP', fecha: missingDay, cusuario: 50005, coficina_venta: 577 }, 'trip.fecha.invalid'],
    ['/rest/persona/registrar', { ...ADULT, nacimiento: '1990-02-30' }, 'sale.nacimiento.invalid'],
    ['/rest/persona/obtener', { documento: { ctipo_documento: 19, numero: '45678912' }, nacimiento: '1990-11-31' }, 'sale.nacimiento.invalid'],
    ['/rest/asiento/asociar', { clave_bloqueo: purchaseKey, cviaje_asiento: 1, pasajero: { ...ADULT, nacimiento: '2001-02-29' } }, 'sale.nacimiento.invalid'],
  ])('%s answers 400 in both languages', async (url, body, code) => {
    const english = await post(url, body);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({ code, message: messages['en-EN'][code as keyof (typeof messages)['en-EN']] });
    const spanish = await api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'accept-language': 'es-PE' }, payload: JSON.stringify(body) });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().message).toBe(messages['es-PE'][code as keyof (typeof messages)['es-PE']]);
  });

  it('a NUL character in the dev outbox filter is a 400, not a 500', async () => {
    const res = await api.app.inject({ url: '/dev/outbox.json?to=%00', headers: { 'accept-language': 'en-EN' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'request.invalid', field: 'to' });
    expect((await api.app.inject({ url: '/dev/outbox?to=a%00b' })).statusCode).toBe(400);
  });
});

describe('the error log', () => {
  it("never carries a failed query's parameters (names, documents, birth dates)", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'error', stream } });
    registerErrorHandling(app);
    app.post('/boom', async () => {
      const cause = Object.assign(new Error('duplicate key value violates unique constraint "persona_documento_uq"'), {
        code: '23505',
        detail: 'Key (ctipo_documento, numero)=(19, 45678912) already exists.',
      });
      throw Object.assign(new Error('Failed query: insert into "persona" values ($1, $2, $3)\nparams: 19,45678912,Rosa,1990-05-14'), { cause });
    });
    const res = await app.inject({ method: 'POST', url: '/boom?documento=45678912&nombre=Rosa', payload: { nombres: 'Rosa' } });
    await app.close();
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('23505');
    for (const personal of ['45678912', 'Rosa', '1990-05-14']) expect(log).not.toContain(personal);
  });
});
