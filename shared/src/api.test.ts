import { json } from './testing';
import { ApiClient, ApiError } from './api';
import { configure } from './config';

const respond = (status: number, body: unknown) => jest.fn(async () => json(status, body));

describe('ApiClient (spec §7)', () => {
  const api = new ApiClient({ token: () => 'stored-token', language: () => 'en-EN' });
  beforeAll(() => configure({ apiBaseUrl: 'http://api.test/base', product: 'rumbo', foundingYear: 1996 }));
  afterEach(() => {
    document.cookie = 'token=; Max-Age=0; path=/';
  });

  it('sends JSON with the stored bearer token and the language, and returns the data', async () => {
    let sent: unknown;
    const fetchMock = jest.fn(async (request: Request) => {
      sent = await request.clone().json();
      return json(200, { data: { ok: 1 } });
    });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await expect(api.post('/rest/x', { a: 1 })).resolves.toEqual({ ok: 1 });
    const request = (fetchMock.mock.calls[0] as unknown as [Request])[0];
    expect(request.url).toBe('http://api.test/base/rest/x');
    expect(request.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(request.headers.get('Accept-Language')).toBe('en-EN');
    expect(sent).toEqual({ a: 1 });
  });

  it("a call's own headers go beside the client's (the seat holds' device id)", async () => {
    const fetchMock = jest.fn(async () => json(200, { data: { ok: 1 } }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await api.post('/rest/x', { a: 1 }, { headers: { 'x-dispositivo': 'this-browser-0123456789' } });
    const request = (fetchMock.mock.calls[0] as unknown as [Request])[0];
    expect(request.headers.get('x-dispositivo')).toBe('this-browser-0123456789');
    expect(request.headers.get('Authorization')).toBe('Bearer stored-token');
  });

  it('prefers the token cookie, and GET carries no body', async () => {
    document.cookie = 'token=cookie-token; path=/';
    const fetchMock = respond(200, { data: [] });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await api.get('/rest/iata');
    const request = (fetchMock.mock.calls[0] as unknown as [Request])[0];
    expect(request.method).toBe('GET');
    expect(request.body).toBeNull();
    expect(request.headers.get('Authorization')).toBe('Bearer cookie-token');
  });

  it('a file answer (a PDF) comes back as a Blob, sent with the session like any call; an error answer is an ApiError', async () => {
    const fetchMock = jest.fn(async () => new Response('%PDF-1.7 tickets', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const file = await api.postBlob('/rest/venta/pdf', { codigo: 'ABCDEFGH' });
    expect(await file?.text()).toBe('%PDF-1.7 tickets');
    const request = (fetchMock.mock.calls[0] as unknown as [Request])[0];
    expect(request.headers.get('Authorization')).toBe('Bearer stored-token');
    globalThis.fetch = respond(409, { message: 'not paid', code: 'sale.reserva.pendiente' }) as unknown as typeof fetch;
    await expect(api.postBlob('/rest/venta/pdf', {})).rejects.toMatchObject({ status: 409, message: 'not paid' });
  });

  it.each([401, 403])('a %s yields no result', async (status) => {
    globalThis.fetch = respond(status, { message: 'no' }) as unknown as typeof fetch;
    await expect(api.post('/rest/x')).resolves.toBeUndefined();
  });

  it('a network failure yields no result', async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(api.get('/rest/x')).resolves.toBeUndefined();
  });

  it("a 400 is an ApiError with the server's message and field", async () => {
    globalThis.fetch = respond(400, { message: 'Complete su email', code: 'complaint.correo.required', field: 'correo' }) as unknown as typeof fetch;
    const error = await api.post('/rest/reclamacion/registro', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Complete su email', field: 'correo' });
  });
});
