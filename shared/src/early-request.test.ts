import { json } from './testing';
import { ApiClient } from './api';
import { configure } from './config';
import { runtimeConfig, startEarlyRequest, storedClientHeaders, takeEarlyResponse, type EarlyRequest } from './early-request';
import { STORAGE_KEYS, encodeBase64Json, languageKey } from './storage';

/** A request as a page's client part builds it (mf-booking's `reservationRequest`). */
const LOOKUP: EarlyRequest = { method: 'POST', path: '/rest/venta/consulta', body: { codigo: 'ABCDEFGH', canal: 'WEB' } };
const HEADERS = { 'Accept-Language': 'es-PE' };

afterEach(() => {
  window.__earlyRequests = undefined;
  localStorage.clear();
});

describe("a page's first request that needs the browser's own data, started before its code", () => {
  it('asks for the runtime config once, for whoever needs it before the code', async () => {
    const fetchMock = jest.fn(async () => json(200, { apiBaseUrl: 'http://api.test', product: 'rumbo' }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const [first, second] = [runtimeConfig(), runtimeConfig()];
    await expect(first).resolves.toEqual({ apiBaseUrl: 'http://api.test', product: 'rumbo' });
    expect(second).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    window.__runtimeConfig = undefined;
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
    startEarlyRequest(LOOKUP, { apiBaseUrl: 'http://api.test/', headers: HEADERS });
    const body = { canal: 'WEB', codigo: 'ABCDEFGH' };
    expect(takeEarlyResponse('POST', '/rest/venta/consulta', { ...body, codigo: 'HGFEDCBA' }, HEADERS)).toBeUndefined();
    expect(takeEarlyResponse('POST', '/rest/venta/consulta', body, HEADERS)).toBeInstanceOf(Promise);
    expect(takeEarlyResponse('POST', '/rest/venta/consulta', body, HEADERS)).toBeUndefined();
    startEarlyRequest(LOOKUP, { apiBaseUrl: 'http://api.test', headers: HEADERS });
    expect(takeEarlyResponse('POST', '/rest/venta/consulta', body, { ...HEADERS, Authorization: 'Bearer other' })).toBeUndefined();
  });

  describe('the /rest client', () => {
    const api = new ApiClient({ token: () => undefined, language: () => 'es-PE' });
    beforeAll(() => configure({ apiBaseUrl: 'http://api.test', product: 'rumbo', foundingYear: 1996 }));
    const body = { codigo: 'ABCDEFGH', canal: 'WEB' };

    it('takes the answer the page asked for instead of asking again', async () => {
      const fetchMock = jest.fn(async () => json(200, { data: ['early'] }));
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      startEarlyRequest(LOOKUP, { apiBaseUrl: 'http://api.test', headers: HEADERS });
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
      startEarlyRequest(LOOKUP, { apiBaseUrl: 'http://api.test', headers: HEADERS });
      await expect(api.post('/rest/venta/consulta', body)).resolves.toEqual(['own']);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it("takes the page's refusal as the answer, as its own would be: not asked twice", async () => {
      const fetchMock = jest.fn(async () => json(404, { message: 'No existe', code: 'sale.reservation.notFound' }));
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      startEarlyRequest(LOOKUP, { apiBaseUrl: 'http://api.test', headers: HEADERS });
      await expect(api.post('/rest/venta/consulta', body)).rejects.toMatchObject({ name: 'ApiError', status: 404, code: 'sale.reservation.notFound' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // A session the server ended: no result, as the client's own 401.
      fetchMock.mockImplementation(async () => json(401, { message: 'session' }));
      startEarlyRequest(LOOKUP, { apiBaseUrl: 'http://api.test', headers: HEADERS });
      await expect(api.post('/rest/venta/consulta', body)).resolves.toBeUndefined();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });
});
