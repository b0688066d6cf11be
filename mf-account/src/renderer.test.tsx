/**
 * @jest-environment node
 */
import type { AccountProfile } from '@rumbo/shared/schemas';
import { clearTimers } from 'mobx-react-lite';
import { SECTIONS } from './my-account-layout';
import { matchPath } from '@rumbo/shared/server';
import { matchRoutes } from 'react-router';
import { render } from './renderer';
import { ACCOUNT_ROUTES } from './routes';
import { CLIENTE } from './testing/fixtures';

/**
 * This version's renderer as the site server calls it, in Node: Mi cuenta and each of its
 * sections rendered for the signed-in reader, with the profile the shell's renderer asked once.
 */
const PROFILE: AccountProfile = { ...CLIENTE, correo_cc: null, correo_cc_confirmado: false };
const CONFIG = { product: 'rumbo', apiBaseUrl: 'http://api.test/' } as Parameters<typeof render>[0]['config'];
const SESSION = { token: 'token-de-rosa' };

let asked: string[];
beforeEach(() => {
  asked = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    asked.push(new URL(String(url)).pathname);
    return new Response(JSON.stringify({ data: PROFILE }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => jest.restoreAllMocks());
// The observer components' sweep timer (mobx-react-lite), which would outlive the test.
afterAll(() => clearTimers());

test("Mi cuenta renders signed in with the profile the shell's renderer asked: the API is not asked for it again", async () => {
  const result = await render({ path: '/micuenta', query: {}, language: 'es-PE', config: CONFIG, session: SESSION, profile: PROFILE });
  expect(asked).toEqual([]);
  expect(result.data.route).toEqual(PROFILE);
  expect(result.html).toContain('Hola, Rosa');
  expect(result.html).toContain('rosa@example.pe');
});

test('without it (a renderer called alone), the loader asks the profile once, with the reader’s token', async () => {
  const result = await render({ path: '/micuenta', query: {}, language: 'es-PE', config: CONFIG, session: SESSION });
  expect(asked).toEqual(['/rest/user/perfil']);
  expect(result.data.route).toEqual(PROFILE);
});

test("each of Mi cuenta's sections (/micuenta/*) is rendered by the server, signed in, in its place", async () => {
  for (const { path } of SECTIONS.filter((section) => section.path !== '/micuenta')) {
    const result = await render({ path, query: {}, language: 'en-EN', config: CONFIG, session: SESSION, profile: PROFILE });
    expect({ path, island: result.island, data: result.data }).toEqual({ path, island: 'intent', data: { route: PROFILE } });
    expect({ path, greets: result.html.includes('Hello, Rosa') }).toEqual({ path, greets: true });
  }
  expect(asked).toEqual([]);
});

test("any address below /micuenta is rendered by the server as the browser's router routes it (`/micuenta/*`): the page, signed in, with its not-found message", async () => {
  const result = await render({ path: '/micuenta/no-existe', query: {}, language: 'es-PE', config: CONFIG, session: SESSION, profile: PROFILE });
  expect(result.html).toContain('Hola, Rosa');
  expect(result.html).toContain('data-testid="not-found"');
  expect(result.data).toEqual({ route: PROFILE });
  expect(asked).toEqual([]);
});

test('the server and the browser router match each address to the same row (built from the same rows)', () => {
  const paths = ['/login', '/cuenta/registro', '/cuenta/recuperar', '/micuenta', '/micuenta/', '/micuenta/viajes', '/micuenta/puntos/2026', '/micuentas', '/cuenta', '/otra'];
  const server = paths.map((path) => ACCOUNT_ROUTES.find((row) => matchPath(row.path, path))?.path);
  const browser = paths.map((path) => matchRoutes(ACCOUNT_ROUTES.map((row) => ({ path: row.path })), path)?.[0]?.route.path);
  expect(server).toEqual(browser);
  expect(server.filter(Boolean).length).toBeGreaterThan(paths.length / 2);
});
