/**
 * @jest-environment node
 */
import { clearTimers } from 'mobx-react-lite';

/** The shell's renderer as the site server calls it, in Node (its build's global CSS given as webpack does). */
Object.assign(globalThis, { __CHAKRA_GLOBAL_CSS__: '' });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('./renderer') as typeof import('./renderer');

const PROFILE = { ccuenta: 7, tipo_doc: 19, num_doc: '45678912', nombres: 'rosa maría', paterno: 'Quispe', materno: 'Mamani', sexo: 'F', correo: 'rosa@example.pe', telefono: '987654321', fnacimiento: '1990-05-17', correo_cc: null, correo_cc_confirmado: false };
const CONFIG = { product: 'rumbo', apiBaseUrl: 'http://api.test/' } as Parameters<typeof render>[0]['config'];

afterEach(() => jest.restoreAllMocks());
afterAll(() => clearTimers());

test("answers the signed-in reader's profile on their own page, for the area's render (asked once per page)", async () => {
  const asked: string[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    asked.push(new URL(String(url)).pathname);
    return new Response(JSON.stringify({ data: PROFILE }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const result = await render({ path: '/micuenta/saldo', query: {}, language: 'es-PE', config: CONFIG, session: { token: 'token-de-rosa' } });
  expect(asked).toEqual(['/rest/user/perfil']);
  expect(result.status).toBe(200);
  expect(result.remote).toBe('mf_account');
  expect(result.user).toEqual(PROFILE);
  // A reader without a session: no profile, none asked.
  const anonymous = await render({ path: '/', query: {}, language: 'es-PE', config: CONFIG });
  expect(anonymous.user).toBeUndefined();
  expect(asked).toHaveLength(1);
});

test("says which pages are the reader's own (their area rendered for them) and which every reader shares", async () => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ data: PROFILE }), { status: 200, headers: { 'content-type': 'application/json' } }));
  const signedIn = (path: string) => render({ path, query: {}, language: 'es-PE', config: CONFIG, session: { token: 'token-de-rosa' } });
  expect((await signedIn('/micuenta')).personal).toBe(true);
  expect((await signedIn('/micuenta/viajes')).personal).toBe(true);
  expect((await signedIn('/')).personal).toBe(false);
  expect((await signedIn('/libro_reclamaciones')).personal).toBe(false);
  expect((await signedIn('/pasajes')).personal).toBe(false);
});

test('renders the same header and footer for every reader: no profile asked for a page every reader shares, no name in any header', async () => {
  const asked: string[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    asked.push(new URL(String(url)).pathname);
    return new Response(JSON.stringify({ data: PROFILE }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const anonymous = await render({ path: '/', query: {}, language: 'es-PE', config: CONFIG });
  const signedIn = await render({ path: '/', query: {}, language: 'es-PE', config: CONFIG, session: { token: 'token-de-rosa' }, nonce: 'n' });
  expect(asked).toEqual([]);
  expect(signedIn.user).toBeUndefined();
  expect(signedIn.html).toBe(anonymous.html);
  expect(signedIn.footer.html).toBe(anonymous.footer.html);
  // Both account buttons, the signed-in one's name left for this browser's first script to write.
  expect(anonymous.html).toMatch(/<a[^>]*data-account="out"[^>]*>Acceder<\/a>/);
  expect(anonymous.html).toMatch(/data-account="in"[\s\S]*href="\/micuenta"[\s\S]*<span[^>]*data-account-name=""[^>]*><\/span>/);
  // Their own page: its profile asked (for its area), its header still nobody's.
  const mine = await render({ path: '/micuenta', query: {}, language: 'es-PE', config: CONFIG, session: { token: 'token-de-rosa' } });
  expect(asked).toEqual(['/rest/user/perfil']);
  expect(mine.user).toEqual(PROFILE);
  expect(mine.html).not.toMatch(/Rosa/i);
});
