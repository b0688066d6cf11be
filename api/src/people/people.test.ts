import { setupTestApp } from '../test/app';
import { ADULT as ROSA } from '../test/purchase';
import { persona } from './people.tables';

const api = setupTestApp({ writeRateLimit: { max: 1000, timeWindow: 60_000 } });

const post = (url: string, body: unknown, language = 'es-PE') =>
  api.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'accept-language': language }, payload: JSON.stringify(body) });

describe('/rest/persona', () => {
  it('registers a passenger once per document and updates it on a second registration', async () => {
    const first = await post('/rest/persona/registrar', ROSA);
    expect(first.statusCode).toBe(201);
    const again = await post('/rest/persona/registrar', { ...ROSA, celular: '912345678' });
    expect(again.json().data.cpersona).toBe(first.json().data.cpersona);
    const rows = await api.db.select().from(persona);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.celular).toBe('912345678');
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
