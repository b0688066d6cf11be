import { json } from './testing';
import { ApiClient } from './api';
import { configure } from './config';
import { earlyBody, startEarlyRequest, storedClientHeaders, takeEarlyResponse, type EarlyRequest } from './early-request';
import { STORAGE_KEYS, encodeBase64Json, languageKey } from './storage';

const SEARCH: EarlyRequest = {
  method: 'POST',
  path: '/rest/viaje',
  body: { origen: { query: 'origen', upper: true }, destino: { query: 'destino', upper: true }, fecha: { query: 'fecha' }, cusuario: 50005 },
  unless: ['tramo'],
};
const QUERY = '?origen=lim&destino=AQP&fecha=2026-12-01&pasajeros=2';
const HEADERS = { 'Accept-Language': 'es-PE' };

afterEach(() => {
  window.__earlyRequests = undefined;
  localStorage.clear();
});

describe('a page\'s first request from its HTML (issue 17 item 5)', () => {
  it('builds the body from the query and the constants, and none when a field is missing or the page asks something else', () => {
    expect(earlyBody(SEARCH, QUERY)).toEqual({ origen: 'LIM', destino: 'AQP', fecha: '2026-12-01', cusuario: 50005 });
    expect(earlyBody(SEARCH, '?origen=LIM&destino=AQP')).toBeUndefined();
    expect(earlyBody(SEARCH, `${QUERY}&tramo=vuelta`)).toBeUndefined();
  });

  it('is not sent for what the remote would refuse to ask: a wrong code, a day outside the window, the same city twice', () => {
    const checked: EarlyRequest = {
      ...SEARCH,
      body: { origen: { query: 'origen', upper: true, pattern: '^[A-Z]{3}$' }, destino: { query: 'destino', upper: true, pattern: '^[A-Z]{3}$' }, fecha: { query: 'fecha', days: 60 } },
      distinct: ['origen', 'destino'],
    };
    const now = new Date('2026-11-24T15:00:00Z');
    expect(earlyBody(checked, '?origen=lim&destino=AQP&fecha=2026-11-24', now)).toEqual({ origen: 'LIM', destino: 'AQP', fecha: '2026-11-24' });
    expect(earlyBody(checked, '?origen=lim&destino=AQP&fecha=2027-01-23', now)).toEqual({ origen: 'LIM', destino: 'AQP', fecha: '2027-01-23' });
    expect(earlyBody(checked, '?origen=lima&destino=AQP&fecha=2026-11-25', now)).toBeUndefined();
    expect(earlyBody(checked, '?origen=LIM&destino=AQP&fecha=2026-11-23', now)).toBeUndefined();
    expect(earlyBody(checked, '?origen=LIM&destino=AQP&fecha=2027-01-24', now)).toBeUndefined();
    expect(earlyBody(checked, '?origen=LIM&destino=AQP&fecha=mañana', now)).toBeUndefined();
    expect(earlyBody(checked, '?origen=LIM&destino=lim&fecha=2026-11-25', now)).toBeUndefined();
  });

  it('takes values from the purchase kept in session storage: the chosen leg\'s trip; none once reserved', () => {
    const seatMap: EarlyRequest = {
      method: 'POST',
      path: '/rest/maqueta',
      body: { cviaje: { stored: 'CRESERVA', path: ['$tramo', 'cviaje'] }, susuario: 'TVIRT' },
      unlessStored: { stored: 'CRESERVA', path: ['codigo'] },
    };
    expect(earlyBody(seatMap, '')).toBeUndefined();
    sessionStorage.setItem('CRESERVA', JSON.stringify({ tramo: 'vuelta', ida: { cviaje: 1 }, vuelta: { cviaje: 2 } }));
    expect(earlyBody(seatMap, '')).toEqual({ cviaje: 2, susuario: 'TVIRT' });
    sessionStorage.setItem('CRESERVA', JSON.stringify({ tramo: 'ida', ida: { cviaje: 1 }, codigo: 'R1' }));
    expect(earlyBody(seatMap, '')).toBeUndefined();
    sessionStorage.setItem('CRESERVA', '{broken');
    expect(earlyBody(seatMap, '')).toBeUndefined();
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
    startEarlyRequest(SEARCH, { apiBaseUrl: 'http://api.test/', address: QUERY, headers: HEADERS });
    const body = { cusuario: 50005, fecha: '2026-12-01', origen: 'LIM', destino: 'AQP' };
    expect(takeEarlyResponse('POST', '/rest/viaje', { ...body, fecha: '2026-12-02' }, HEADERS)).toBeUndefined();
    expect(takeEarlyResponse('POST', '/rest/viaje', body, HEADERS)).toBeInstanceOf(Promise);
    expect(takeEarlyResponse('POST', '/rest/viaje', body, HEADERS)).toBeUndefined();
    startEarlyRequest(SEARCH, { apiBaseUrl: 'http://api.test', address: QUERY, headers: HEADERS });
    expect(takeEarlyResponse('POST', '/rest/viaje', body, { ...HEADERS, Authorization: 'Bearer other' })).toBeUndefined();
  });

  describe('the /rest client', () => {
    const api = new ApiClient({ token: () => undefined, language: () => 'es-PE' });
    beforeAll(() => configure({ apiBaseUrl: 'http://api.test', product: 'rumbo', foundingYear: 1996 }));
    const body = { origen: 'LIM', destino: 'AQP', fecha: '2026-12-01', cusuario: 50005 };

    it('takes the answer the page asked for instead of asking again', async () => {
      const fetchMock = jest.fn(async () => json(200, { data: ['early'] }));
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      startEarlyRequest(SEARCH, { apiBaseUrl: 'http://api.test', address: QUERY, headers: HEADERS });
      await expect(api.post('/rest/viaje', body)).resolves.toEqual(['early']);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('http://api.test/rest/viaje');
      expect(JSON.parse(String(init.body))).toEqual(body);
      // The next search is the client's own.
      await expect(api.post('/rest/viaje', body)).resolves.toEqual(['early']);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect((fetchMock.mock.calls[1] as unknown as [Request])[0]).toBeInstanceOf(Request);
    });

    it('takes a GET the page asked for; one that needs a session is not asked without one', async () => {
      const profile: EarlyRequest = { method: 'GET', path: '/rest/user/perfil', body: {}, signedIn: true };
      const fetchMock = jest.fn(async () => json(200, { data: { nombres: 'Ana' } }));
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      startEarlyRequest(profile, { apiBaseUrl: 'http://api.test', address: '/micuenta', headers: HEADERS });
      expect(fetchMock).not.toHaveBeenCalled();
      const signedIn = { ...HEADERS, Authorization: 'Bearer tok' };
      startEarlyRequest(profile, { apiBaseUrl: 'http://api.test/', address: '/micuenta', headers: signedIn });
      expect(fetchMock).toHaveBeenCalledWith('http://api.test/rest/user/perfil', { method: 'GET', headers: signedIn });
      const client = new ApiClient({ token: () => 'tok', language: () => 'es-PE' });
      await expect(client.get('/rest/user/perfil')).resolves.toEqual({ nombres: 'Ana' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // A GET with a query: the same query.
      startEarlyRequest({ method: 'GET', path: '/rest/x', body: { n: 1 } }, { apiBaseUrl: 'http://api.test', address: '/', headers: signedIn });
      expect(fetchMock).toHaveBeenLastCalledWith('http://api.test/rest/x?n=1', { method: 'GET', headers: signedIn });
      expect(takeEarlyResponse('GET', '/rest/x', { n: '1' }, signedIn)).toBeInstanceOf(Promise);
    });

    it('asks itself when the page\'s request failed', async () => {
      const answers = [json(503, { message: 'busy' }), json(200, { data: ['own'] })];
      const fetchMock = jest.fn(async () => answers.shift()!);
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      startEarlyRequest(SEARCH, { apiBaseUrl: 'http://api.test', address: QUERY, headers: HEADERS });
      await expect(api.post('/rest/viaje', body)).resolves.toEqual(['own']);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it("takes the page's refusal as the answer, as its own would be: not asked twice", async () => {
      const fetchMock = jest.fn(async () => json(404, { message: 'No existe', code: 'sale.reservation.notFound' }));
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      startEarlyRequest(SEARCH, { apiBaseUrl: 'http://api.test', address: QUERY, headers: HEADERS });
      await expect(api.post('/rest/viaje', body)).rejects.toMatchObject({ name: 'ApiError', status: 404, code: 'sale.reservation.notFound' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // A session the server ended: no result, as the client's own 401.
      fetchMock.mockImplementation(async () => json(401, { message: 'session' }));
      startEarlyRequest(SEARCH, { apiBaseUrl: 'http://api.test', address: QUERY, headers: HEADERS });
      await expect(api.post('/rest/viaje', body)).resolves.toBeUndefined();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });
});
