import { json } from './testing';
import { ApiClient } from './api';
import { configure } from './config';
import { earlyBody, startEarlyRequest, storedClientHeaders, takeEarlyResponse, type EarlyRequest } from './early-request';
import { STORAGE_KEYS, encodeBase64Json, languageKey } from './storage';

/** A request with a value of the page's path and a constant. */
const LOOKUP: EarlyRequest = {
  method: 'POST',
  path: '/rest/venta/consulta',
  route: '/pasajes/reserva/:codigo',
  body: { codigo: { param: 'codigo', upper: true, pattern: '^[A-HJ-NP-Z2-9]{8}$' }, canal: 'WEB' },
};
const ADDRESS = '/pasajes/reserva/abcdefgh';
const HEADERS = { 'Accept-Language': 'es-PE' };

afterEach(() => {
  window.__earlyRequests = undefined;
  localStorage.clear();
});

describe("a page's first request that needs the browser's own data, from its HTML", () => {
  it("builds the body from the page's path and the constants; none for another path or what the remote would refuse to ask", () => {
    expect(earlyBody(LOOKUP, ADDRESS)).toEqual({ codigo: 'ABCDEFGH', canal: 'WEB' });
    expect(earlyBody(LOOKUP, `${ADDRESS}?x=1`)).toEqual({ codigo: 'ABCDEFGH', canal: 'WEB' });
    expect(earlyBody(LOOKUP, '/pasajes/reserva')).toBeUndefined();
    expect(earlyBody(LOOKUP, '/pasajes/otra/ABCDEFGH')).toBeUndefined();
    expect(earlyBody(LOOKUP, '/pasajes/reserva/ABCDEFG0')).toBeUndefined();
  });

  it('takes values from the purchase kept in session storage, only when it is the one asked for', () => {
    const trip: EarlyRequest = {
      method: 'POST',
      path: '/rest/venta/consulta',
      route: '/pasajes/reserva/:codigo',
      body: { codigo: { param: 'codigo' }, cviaje: { stored: 'CRESERVA', path: ['ida', 'cviaje'], when: { path: ['codigo'], is: '@codigo' } } },
    };
    expect(earlyBody(trip, '/pasajes/reserva/R1')).toBeUndefined();
    sessionStorage.setItem('CRESERVA', JSON.stringify({ codigo: 'R1', ida: { cviaje: 7 } }));
    expect(earlyBody(trip, '/pasajes/reserva/R1')).toEqual({ codigo: 'R1', cviaje: 7 });
    expect(earlyBody(trip, '/pasajes/reserva/R2')).toBeUndefined();
    sessionStorage.setItem('CRESERVA', '{broken');
    expect(earlyBody(trip, '/pasajes/reserva/R1')).toBeUndefined();
    sessionStorage.clear();
  });

  it("takes a value from the page's path and a purchase key by that code: the current purchase's, else an earlier one's", () => {
    const lookup: EarlyRequest = {
      method: 'POST',
      path: '/rest/venta/consulta',
      route: '/pasajes/reserva/:codigo',
      body: {
        codigo: { param: 'codigo', upper: true, pattern: '^[A-HJ-NP-Z2-9]{8}$' },
        clave_bloqueo: {
          first: [
            { stored: 'CRESERVA', path: ['clave_bloqueo'], when: { path: ['codigo'], is: '@codigo' }, pattern: '^[A-Za-z0-9_-]{16,128}$' },
            { stored: 'CRESERVA_ANTERIORES', path: ['@codigo'], pattern: '^[A-Za-z0-9_-]{16,128}$' },
          ],
        },
      },
    };
    const key = 'k'.repeat(20);
    // Not a purchase of this browser: no request (the page says so).
    expect(earlyBody(lookup, '/pasajes/reserva/ABCDEFGH')).toBeUndefined();
    sessionStorage.setItem('CRESERVA', JSON.stringify({ tramo: 'ida', codigo: 'ABCDEFGH', clave_bloqueo: key }));
    expect(earlyBody(lookup, '/pasajes/reserva/abcdefgh')).toEqual({ codigo: 'ABCDEFGH', clave_bloqueo: key });
    expect(earlyBody(lookup, '/pasajes/reserva/ABCDEFGH/')).toEqual({ codigo: 'ABCDEFGH', clave_bloqueo: key });
    // Another code: an earlier purchase's key, if this tab has one.
    expect(earlyBody(lookup, '/pasajes/reserva/HGFEDCBA')).toBeUndefined();
    sessionStorage.setItem('CRESERVA_ANTERIORES', JSON.stringify({ HGFEDCBA: `${key}2`, BADKEYXX: 'short' }));
    expect(earlyBody(lookup, '/pasajes/reserva/HGFEDCBA')).toEqual({ codigo: 'HGFEDCBA', clave_bloqueo: `${key}2` });
    // What the page would not ask: a code outside the alphabet, a key that is not one, another path.
    expect(earlyBody(lookup, '/pasajes/reserva/ABCDEFG0')).toBeUndefined();
    expect(earlyBody(lookup, '/pasajes/reserva/BADKEYXX')).toBeUndefined();
    expect(earlyBody(lookup, '/pasajes/reserva/ABCDEFGH/x')).toBeUndefined();
    expect(earlyBody(lookup, '/pasajes/reserva/%E0%A4%A')).toBeUndefined();
    sessionStorage.clear();
  });

  it('sends what the client sends: the stored session\'s token (unless expired) and the chosen language', () => {
    expect(storedClientHeaders('rumbo')).toEqual({ 'Accept-Language': 'es-PE' });
    localStorage.setItem(languageKey('rumbo'), 'en-EN');
    localStorage.setItem(STORAGE_KEYS.auth, encodeBase64Json({ token: 'tok', expiresAt: 2_000 }));
    expect(storedClientHeaders('rumbo', 1_000)).toEqual({ Authorization: 'Bearer tok', 'Accept-Language': 'en-EN' });
    expect(storedClientHeaders('rumbo', 3_000)).toEqual({ 'Accept-Language': 'en-EN' });
  });

  it('is taken once, only for the same request with the same headers', () => {
    globalThis.fetch = jest.fn(async () => json(200, { data: [] })) as unknown as typeof fetch;
    startEarlyRequest(LOOKUP, { apiBaseUrl: 'http://api.test/', address: ADDRESS, headers: HEADERS });
    const body = { canal: 'WEB', codigo: 'ABCDEFGH' };
    expect(takeEarlyResponse('POST', '/rest/venta/consulta', { ...body, codigo: 'HGFEDCBA' }, HEADERS)).toBeUndefined();
    expect(takeEarlyResponse('POST', '/rest/venta/consulta', body, HEADERS)).toBeInstanceOf(Promise);
    expect(takeEarlyResponse('POST', '/rest/venta/consulta', body, HEADERS)).toBeUndefined();
    startEarlyRequest(LOOKUP, { apiBaseUrl: 'http://api.test', address: ADDRESS, headers: HEADERS });
    expect(takeEarlyResponse('POST', '/rest/venta/consulta', body, { ...HEADERS, Authorization: 'Bearer other' })).toBeUndefined();
  });

  describe('the /rest client', () => {
    const api = new ApiClient({ token: () => undefined, language: () => 'es-PE' });
    beforeAll(() => configure({ apiBaseUrl: 'http://api.test', product: 'rumbo', foundingYear: 1996 }));
    const body = { codigo: 'ABCDEFGH', canal: 'WEB' };

    it('takes the answer the page asked for instead of asking again', async () => {
      const fetchMock = jest.fn(async () => json(200, { data: ['early'] }));
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      startEarlyRequest(LOOKUP, { apiBaseUrl: 'http://api.test', address: ADDRESS, headers: HEADERS });
      await expect(api.post('/rest/venta/consulta', body)).resolves.toEqual(['early']);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('http://api.test/rest/venta/consulta');
      expect(JSON.parse(String(init.body))).toEqual(body);
      // The next one is the client's own.
      await expect(api.post('/rest/venta/consulta', body)).resolves.toEqual(['early']);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect((fetchMock.mock.calls[1] as unknown as [Request])[0]).toBeInstanceOf(Request);
    });

    it('asks itself when the page\'s request failed', async () => {
      const answers = [json(503, { message: 'busy' }), json(200, { data: ['own'] })];
      const fetchMock = jest.fn(async () => answers.shift()!);
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      startEarlyRequest(LOOKUP, { apiBaseUrl: 'http://api.test', address: ADDRESS, headers: HEADERS });
      await expect(api.post('/rest/venta/consulta', body)).resolves.toEqual(['own']);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it("takes the page's refusal as the answer, as its own would be: not asked twice", async () => {
      const fetchMock = jest.fn(async () => json(404, { message: 'No existe', code: 'sale.reservation.notFound' }));
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      startEarlyRequest(LOOKUP, { apiBaseUrl: 'http://api.test', address: ADDRESS, headers: HEADERS });
      await expect(api.post('/rest/venta/consulta', body)).rejects.toMatchObject({ name: 'ApiError', status: 404, code: 'sale.reservation.notFound' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // A session the server ended: no result, as the client's own 401.
      fetchMock.mockImplementation(async () => json(401, { message: 'session' }));
      startEarlyRequest(LOOKUP, { apiBaseUrl: 'http://api.test', address: ADDRESS, headers: HEADERS });
      await expect(api.post('/rest/venta/consulta', body)).resolves.toBeUndefined();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });
});
