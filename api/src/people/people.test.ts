import { setupTestApp } from '../test/app';
import { ADULT as ROSA } from '../test/purchase';
import { persona } from './people.tables';

const api = setupTestApp({ writeRateLimit: { max: 1000, timeWindow: 60_000 } });

const post = (url: string, body: unknown, language = 'es-PE') =>
  api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'accept-language': language }, payload: JSON.stringify(body) });

describe('/rest/persona', () => {
  it('registers a passenger once per document; an anonymous second registration never overwrites it (issue 15)', async () => {
    const first = await post('/rest/persona/registrar', ROSA);
    expect(first.statusCode).toBe(201);
    const again = await post('/rest/persona/registrar', { ...ROSA, celular: '912345678' });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.cpersona).toBe(first.json().data.cpersona);
    const rows = await api.db.select().from(persona);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.celular).toBe(ROSA.celular);
  });

  it('whoever knows a DNI cannot replace the e-mail, mobile or birth date another customer stored (issue 15)', async () => {
    const owner = { ...ROSA, numero: '40506070', email: 'duena@example.pe', celular: '911111111', nacimiento: '1985-03-02' };
    expect((await post('/rest/persona/registrar', owner)).statusCode).toBe(201);
    const attacker = { ...owner, email: 'atacante@example.pe', celular: '922222222', nacimiento: '2000-01-01' };
    expect((await post('/rest/persona/registrar', attacker)).statusCode).toBe(201);
    // The attacker's birth date does not open the record, and nothing of theirs was stored.
    const withAttackers = await post('/rest/persona/obtener', { documento: { ctipo_documento: 19, numero: owner.numero }, nacimiento: attacker.nacimiento });
    expect(withAttackers.statusCode).toBe(404);
    const found = await post('/rest/persona/obtener', { documento: { ctipo_documento: 19, numero: owner.numero }, nacimiento: owner.nacimiento });
    expect(found.statusCode).toBe(200);
    // The look-up fills the identity part of the form; the contact data are not handed out.
    expect(found.json().data).toMatchObject({ nombres: owner.nombres, paterno: owner.paterno, nacimiento: owner.nacimiento });
    expect(found.json().data.email).toBeUndefined();
    expect(found.json().data.celular).toBeUndefined();
  });

  it('limits birth-date guessing per document, whatever the number of addresses (issue 15)', async () => {
    const numero = '40506071';
    expect((await post('/rest/persona/registrar', { ...ROSA, numero })).statusCode).toBe(201);
    const guess = (n: number) =>
      api.app.inject({
        method: 'POST',
        url: '/rest/persona/obtener',
        remoteAddress: `10.0.${Math.floor(n / 200)}.${(n % 200) + 1}`,
        headers: { 'content-type': 'application/json', 'accept-language': 'en-EN' },
        payload: JSON.stringify({ documento: { ctipo_documento: 19, numero }, nacimiento: `19${String(50 + n).padStart(2, '0')}-01-01` }),
      });
    const codes: number[] = [];
    for (let n = 0; n < 12; n += 1) codes.push((await guess(n)).statusCode);
    expect(codes.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(codes.slice(-1)).toEqual([429]);
    // Even the right birth date now waits.
    const right = await post('/rest/persona/obtener', { documento: { ctipo_documento: 19, numero }, nacimiento: ROSA.nacimiento });
    expect(right.statusCode).toBe(429);
  });

  it('answers a lookup with the given names only, never the rest of the record', async () => {
    const found = await post('/rest/persona/buscar', { ctipo_documento: 19, numero: '45678912' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ data: { encontrado: true, nombres: 'Rosa' } });
    const unknown = await post('/rest/persona/buscar', { ctipo_documento: 19, numero: '11111111' });
    expect(unknown.json()).toEqual({ data: { encontrado: false } });
  });

  it('refuses bad input with a 400 in the caller language', async () => {
    const es = await post('/rest/persona/registrar', { ...ROSA, numero: '123' });
    expect(es.statusCode).toBe(400);
    expect(es.json()).toMatchObject({ message: 'El DNI debe tener 8 dígitos', field: 'numero' });
    const en = await post('/rest/persona/buscar', { ctipo_documento: 20, numero: '1' }, 'en-EN');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ message: 'The foreign resident card (CE) must have 12 characters', field: 'numero' });
    const junk = await post('/rest/persona/buscar', 'nope');
    expect(junk.statusCode).toBe(400);
  });
});
