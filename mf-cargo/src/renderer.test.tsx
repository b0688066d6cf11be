/**
 * @jest-environment node
 */
import { clearTimers } from 'mobx-react-lite';
import { matchPath } from '@rumbo/shared/server';
import { matchRoutes } from 'react-router';
import { render } from './renderer';
import { CARGO_ROUTES } from './routes';

/**
 * This version's renderer as the site server calls it, in Node: the estimate's city lists come
 * whole in the HTML, so a tap on a select before the code opens every city.
 */
const CITIES = [
  { cciudad: 1, nombre: 'Arequipa', codigo: 'AQP', slug: 'arequipa' },
  { cciudad: 4, nombre: 'Lima', codigo: 'LIM', slug: 'lima' },
  { cciudad: 5, nombre: 'Trujillo', codigo: 'TRU', slug: 'trujillo' },
];
const CONFIG = { product: 'rumbo', apiBaseUrl: 'http://api.test/' } as Parameters<typeof render>[0]['config'];

afterEach(() => jest.restoreAllMocks());
afterAll(() => clearTimers());

test("/cargo is rendered with every city in the estimate's selects, from its loader", async () => {
  const asked: string[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    const path = new URL(String(url)).pathname;
    asked.push(path);
    return new Response(JSON.stringify({ data: path === '/rest/iata' ? CITIES : [] }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const { html, data } = await render({ path: '/cargo', query: {}, language: 'es-PE', config: CONFIG });
  expect(asked).toContain('/rest/iata');
  for (const field of ['origen', 'destino']) {
    const select = /<select[^>]*name="(\w+)"[^>]*>([\s\S]*?)<\/select>/g;
    const options = [...html.matchAll(select)].find((match) => match[1] === field)?.[2] ?? '';
    expect({ field, options: [...options.matchAll(/<option[^>]*value="(\w*)"/g)].map((option) => option[1]) }).toEqual({ field, options: ['', 'AQP', 'LIM', 'TRU'] });
  }
  expect(data.route).toEqual({ language: 'es-PE', answer: CITIES });
});

test('the server and the browser router match each address to the same row (built from the same rows)', () => {
  const paths = ['/cargo', '/cargo/seguimiento', '/carga/clausulas', '/cargo/otra', '/carga'];
  const server = paths.map((path) => CARGO_ROUTES.find((row) => matchPath(row.path, path))?.path);
  const browser = paths.map((path) => matchRoutes(CARGO_ROUTES.map((row) => ({ path: row.path })), path)?.[0]?.route.path);
  expect(server).toEqual(browser);
  expect(server.filter(Boolean).length).toBeGreaterThan(paths.length / 2);
});
