import { json } from './testing';
import { ApiClient } from './api';
import { configure } from './config';
import { SessionStore, expiryOf, firstNameOf } from './session.store';
import { OFFLINE_TICKETS_CACHE, STORAGE_KEYS, decodeBase64Json, encodeBase64Json } from './storage';

const jwtWith = (payload: object) =>
  ['e30', btoa(JSON.stringify(payload)).replace(/=+$/, ''), 'signature'].join('.');

const userData = {
  ccuenta: 7, tipo_doc: 19, num_doc: '45678912', nombres: 'josé luis', paterno: 'Quispe', materno: 'Mamani',
  sexo: 'M', correo: 'jose@example.pe', telefono: '987654321', fnacimiento: '1990-05-17',
};

const answer = (status: number, body: unknown) => jest.fn(async () => json(status, body));

describe('SessionStore (spec §3–§4)', () => {
  let store: SessionStore;
  beforeEach(() => {
    localStorage.clear();
    configure({ apiBaseUrl: 'http://api.test', product: 'rumbo', foundingYear: 1996 });
    const api = new ApiClient({ token: () => store.token, language: () => 'es-PE' });
    store = new SessionStore(localStorage, () => api);
  });
  afterEach(() => store.signOut());

  it('takes the expiry from the token exp × 1000, else now + 2 hours', () => {
    expect(expiryOf(jwtWith({ exp: 2_000_000_000 }))).toBe(2_000_000_000_000);
    expect(expiryOf('not-a-jwt', 1_000)).toBe(1_000 + 7_200_000);
    expect(expiryOf(jwtWith({ sub: '1' }), 5)).toBe(5 + 7_200_000);
  });

  it('stores the session as base64 JSON under auth_storage, accents included', () => {
    const token = jwtWith({ exp: Math.floor(Date.now() / 1000) + 600 });
    store.signIn(token, null);
    const stored = decodeBase64Json<{ token: string; expiresAt: number }>(localStorage.getItem(STORAGE_KEYS.auth));
    expect(stored).toMatchObject({ token, customer: null });
    expect(encodeBase64Json({ name: 'maría' })).toBe(btoa(String.fromCharCode(...new TextEncoder().encode('{"name":"maría"}'))));
  });

  it('removes an expired stored session on load', () => {
    localStorage.setItem(STORAGE_KEYS.auth, encodeBase64Json({ token: 't', customer: null, expiresAt: Date.now() - 1 }));
    store.load();
    expect(store.isSignedIn).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.auth)).toBeNull();
  });

  it('removes an unreadable stored session on load', () => {
    localStorage.setItem(STORAGE_KEYS.auth, '%%%not base64%%%');
    store.load();
    expect(store.isSignedIn).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.auth)).toBeNull();
  });

  it('keeps a valid stored session on load', () => {
    localStorage.setItem(STORAGE_KEYS.auth, encodeBase64Json({ token: 't', customer: { name: 'ana' }, expiresAt: Date.now() + 60_000 }));
    store.load();
    expect(store.isSignedIn).toBe(true);
    expect(store.firstName).toBe('Ana');
  });

  it('reads a stored customer with missing or odd fields as a whole customer (every field a text)', () => {
    localStorage.setItem(STORAGE_KEYS.auth, encodeBase64Json({ token: 't', customer: { name: 'ana', gender: 7, phone: null }, expiresAt: Date.now() + 60_000 }));
    store.load();
    expect(store.customer).toEqual({
      id: '',
      documentType: '',
      documentNumber: '',
      name: 'ana',
      firstLastName: '',
      secondLastName: '',
      gender: '7',
      email: '',
      phone: '',
      birthDate: '',
    });
    localStorage.setItem(STORAGE_KEYS.auth, encodeBase64Json({ token: 't', customer: 'ana', expiresAt: Date.now() + 60_000 }));
    store.load();
    expect(store.isSignedIn).toBe(true);
    expect(store.customer).toBeNull();
  });

  it('loads the user data with the bearer token and maps the spec fields', async () => {
    const fetchMock = answer(200, { data: userData });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    store.signIn(jwtWith({ exp: Math.floor(Date.now() / 1000) + 600 }));
    const customer = await store.loadUser();
    expect(customer).toEqual({
      id: '7', documentType: '19', documentNumber: '45678912', name: 'josé luis', firstLastName: 'Quispe',
      secondLastName: 'Mamani', gender: 'M', email: 'jose@example.pe', phone: '987654321', birthDate: '1990-05-17',
    });
    expect(store.firstName).toBe('José');
    const request = (fetchMock.mock.calls[0] as unknown as [Request])[0];
    expect(request.url).toBe('http://api.test/rest/user/editar');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${store.token}`);
  });

  it.each([
    ['a 401', answer(401, { message: 'no' })],
    ['a network failure', jest.fn(async () => { throw new TypeError('Failed to fetch'); })],
    ['a 500', answer(500, { message: 'boom' })],
  ])('clears the session and logs "Auth load failed" on %s', async (_case, fetchMock) => {
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    store.signIn(jwtWith({ exp: Math.floor(Date.now() / 1000) + 600 }));
    expect(await store.loadUser()).toBeNull();
    expect(log).toHaveBeenCalledWith('Auth load failed');
    expect(store.isSignedIn).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.auth)).toBeNull();
    log.mockRestore();
  });

  it.each([
    ['this session', {}, 'http://api.test/rest/user/logout'],
    ['every device', { everywhere: true }, 'http://api.test/rest/user/logout/todas'],
  ])('logs out of %s on the server with the bearer token, then clears the session (issue 15)', async (_case, options, url) => {
    const fetchMock = jest.fn(async () => new Response(null, { status: 204 }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const token = jwtWith({ exp: Math.floor(Date.now() / 1000) + 600 });
    store.signIn(token);
    await store.logOut(options);
    const request = (fetchMock.mock.calls[0] as unknown as [Request])[0];
    expect(request.url).toBe(url);
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(store.isSignedIn).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.auth)).toBeNull();
  });

  it('clears the session even when the server cannot be reached to log out', async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    store.signIn(jwtWith({ exp: Math.floor(Date.now() / 1000) + 600 }));
    await store.logOut();
    expect(store.isSignedIn).toBe(false);
  });

  describe('offline (issue 36)', () => {
    const setOnline = (online: boolean) => Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
    afterEach(() => setOnline(true));

    it('does not fetch the user data while the browser is offline, keeps the session, and fetches it once back online', async () => {
      const fetchMock = answer(200, { data: userData });
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      store.signIn(jwtWith({ exp: Math.floor(Date.now() / 1000) + 600 }), null);
      setOnline(false);
      const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      await store.loadUser();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(store.isSignedIn).toBe(true);
      expect(log).not.toHaveBeenCalled();
      setOnline(true);
      window.dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(store.customer?.email).toBe('jose@example.pe');
      log.mockRestore();
    });

    it('still clears the session when a fetch that was made fails (spec §4)', async () => {
      globalThis.fetch = jest.fn(async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch;
      const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      store.signIn(jwtWith({ exp: Math.floor(Date.now() / 1000) + 600 }));
      expect(await store.loadUser()).toBeNull();
      expect(store.isSignedIn).toBe(false);
      log.mockRestore();
    });

    it("signing out deletes the kept tickets' cache", () => {
      const remove = jest.fn(async () => true);
      Object.defineProperty(globalThis, 'caches', { configurable: true, value: { delete: remove } });
      try {
        store.signIn(jwtWith({ exp: Math.floor(Date.now() / 1000) + 600 }));
        store.signOut();
        expect(remove).toHaveBeenCalledWith(OFFLINE_TICKETS_CACHE);
      } finally {
        delete (globalThis as { caches?: unknown }).caches;
      }
    });
  });

  it('capitalises the first word of the name only', () => {
    expect(firstNameOf('  MARÍA elena ')).toBe('María');
    expect(firstNameOf('')).toBe('');
  });
});
