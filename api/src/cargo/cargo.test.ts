import { postJson, setupTestApp } from '../test/app';
import { TRACKING_CODE } from '@rumbo/shared/schemas';
import { cargoPrice, maskName, newTrackingCode } from './cargo.service';
import { SHIPMENTS } from './cargo.seed';
import { encomienda } from './cargo.tables';
import { eq } from 'drizzle-orm';

const api = setupTestApp({ lookupRateLimit: { max: 1000, timeWindow: 60_000 } });

const post = (url: string, body: unknown, language?: string) => postJson(api.app, url, body, language);
const track = (body: unknown, language?: string) => post('/rest/carga/seguimiento', body, language);

describe('POST /rest/carga/seguimiento', () => {
  it('answers a delivered shipment with its five events in order, with agencies and times', async () => {
    const res = await track({ codigo: 'ra4821 3907' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.codigo).toBe('RA48213907');
    expect(data.estado).toBe('entregado');
    expect(data.origen).toEqual({ cagencia: 41, nombre: 'Terminal Javier Prado', ciudad: 'Lima' });
    expect(data.destino.ciudad).toBe('Arequipa');
    expect(data.eventos.map((e: { estado: string }) => e.estado)).toEqual(['recibido', 'en_transito', 'llegado', 'en_reparto', 'entregado']);
    expect(data.eventos[2].agencia.ciudad).toBe('Arequipa');
    const times = data.eventos.map((e: { fecha: string }) => Date.parse(e.fecha));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('masks the sender and receiver: only the first letter of each name shows', async () => {
    const { data } = (await track({ codigo: 'RA48213907' })).json();
    expect(data.remitente).toBe('M**** E**** Q***** H*****');
    expect(data.destinatario).toBe('J*** L*** M***** C******');
    const body = JSON.stringify(data);
    expect(body).not.toMatch(/Quispe|Mamani|45871236/);
    expect(data).not.toHaveProperty('documento_destinatario');
  });

  it('shows a shipment still in transit with the events so far', async () => {
    const { data } = (await track({ codigo: 'RA70564218' })).json();
    expect(data.estado).toBe('en_transito');
    expect(data.eventos).toHaveLength(2);
  });

  it('answers an unknown code with a 404 and a clear message in the caller language', async () => {
    const es = await track({ codigo: 'RA99999999' });
    expect(es.statusCode).toBe(404);
    expect(es.json()).toEqual({ code: 'cargo.codigo.notFound', message: expect.stringContaining('No encontramos un envío') });
    const en = await track({ codigo: 'RA99999999' }, 'en-EN');
    expect(en.json().message).toContain('We could not find a shipment');
  });

  it('refuses a malformed code with a 400 tied to the field', async () => {
    const res = await track({ codigo: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'cargo.codigo.format', field: 'codigo' });
    expect((await track({})).json()).toMatchObject({ code: 'cargo.codigo.required', field: 'codigo' });
  });

  it('asks for the document number when the shipment requires it, and checks it', async () => {
    expect((await track({ codigo: 'RA93150642' })).json()).toMatchObject({ code: 'cargo.documento.required', field: 'documento' });
    const wrong = await track({ codigo: 'RA93150642', documento: '11111111' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('cargo.documento.mismatch');
    const right = await track({ codigo: 'RA93150642', documento: '41234567' });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.estado).toBe('en_reparto');
  });
});

describe('POST /rest/carga/cotizar', () => {
  it('prices a parcel on the fastest direct route between two cities', async () => {
    const res = await post('/rest/carga/cotizar', { origen: 'LIM', destino: 'AQP', peso: '10' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ origen: 'LIM', destino: 'AQP', peso: 10, moneda: 'PEN' });
    expect(data.horas).toBeGreaterThan(10);
    expect(data.precio).toBe(cargoPrice(10, data.horas));
  });

  it('refuses cities without a route, the same city and weights out of range', async () => {
    expect((await post('/rest/carga/cotizar', { origen: 'TBP', destino: 'CUZ', peso: 5 })).json().code).toBe('cargo.noService');
    expect((await post('/rest/carga/cotizar', { origen: 'LIM', destino: 'LIM', peso: 5 })).json()).toMatchObject({ code: 'cargo.destino.same', field: 'destino' });
    expect((await post('/rest/carga/cotizar', { origen: 'LIM', destino: 'AQP', peso: 900 })).json()).toMatchObject({ code: 'cargo.peso.range', field: 'peso' });
  });
});

describe('pricing and masking', () => {
  it('charges at least the minimum and grows with weight and hours', () => {
    expect(cargoPrice(0.5, 4)).toBe(15);
    expect(cargoPrice(20, 16)).toBeGreaterThan(cargoPrice(10, 16));
    expect(cargoPrice(20, 20)).toBeGreaterThan(cargoPrice(20, 10));
  });

  it('masks every word of a name', () => {
    expect(maskName('  Ángel  Ñuñez ')).toBe('Á**** Ñ****');
  });
});

describe('tracking codes (issue 15)', () => {
  it('are random in the public format (two letters, eight digits), never a sequence one can walk', () => {
    // 100 codes: a false failure of the checks below is about 1 in 20,000 (two equal codes) and
    // 1 in 300,000 (a code next to the one before); 500 codes all pairwise apart failed 1 in 270.
    const codes = Array.from({ length: 100 }, () => newTrackingCode());
    expect(codes.every((code) => TRACKING_CODE.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    const numbers = codes.map((code) => Number(code.slice(2)));
    const steps = numbers.slice(1).map((n, i) => Math.abs(n - numbers[i]!));
    expect(steps.filter((step) => step <= 1)).toEqual([]);
  });

  it('draw their two letters at random too: 26² × 10⁸ codes in the same public format (issue 32 item 11)', () => {
    // 2,000 codes over 676 letter pairs: ~640 distinct pairs expected; fewer than 400 is beyond chance.
    const pairs = new Set(Array.from({ length: 2000 }, () => newTrackingCode().slice(0, 2)));
    expect(pairs.size).toBeGreaterThan(400);
  });

  it('a shipment whose code has other letters than RA is tracked as any other', async () => {
    const [seeded] = await api.db.select().from(encomienda).where(eq(encomienda.codigo, 'RA70564218'));
    const codigo = 'QZ' + String(Date.now()).slice(-8);
    await api.db.insert(encomienda).values({ ...seeded!, codigo });
    const res = await track({ codigo: codigo.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.codigo).toBe(codigo);
  });

  it('the seeded shipments do not sit next to each other either', () => {
    const numbers = SHIPMENTS.map((s) => Number(s.codigo.slice(2))).sort((a, b) => a - b);
    expect(numbers.slice(1).every((n, i) => n - numbers[i]! > 1000)).toBe(true);
  });
});
