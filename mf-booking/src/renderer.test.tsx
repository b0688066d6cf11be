/**
 * @jest-environment node
 */
import { clearTimers } from 'mobx-react-lite';
import { matchPath } from '@rumbo/shared/server';
import { matchRoutes } from 'react-router';
import { render } from './renderer';
import { BOOKING_ROUTES } from './routes';
import { TERMINALS, trip } from './testing/fixtures';
import type { TripsData } from './trips/trips.page';

/**
 * This version's renderer as the site server calls it, in Node: the after-sale pages come in the
 * HTML, so what is typed or tapped there before the code starts is kept and replayed
 * (shell/src/early-input.ts). A ticket's own data needs this browser's purchase key or session:
 * those pages come with their heading and their ticket's loading state, their code at once.
 */
const CONFIG = { product: 'rumbo', apiBaseUrl: 'http://api.test/' } as Parameters<typeof render>[0]['config'];

beforeEach(() => jest.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no API in this test')));
afterEach(() => jest.restoreAllMocks());
afterAll(() => clearTimers());

test('the purchase recovery page is rendered with its form: typed and sent before the code, it is replayed', async () => {
  const result = await render({ path: '/pasajes/recuperar', query: {}, language: 'es-PE', config: CONFIG });
  expect(result.html).toMatch(/<form[^>]*aria-labelledby="recovery-form-title"/);
  expect(result.html).toContain('name="recovery-codigo"');
  expect(result.html).toContain('name="recovery-email"');
  expect(result.island).toBe('intent');
});

test.each([
  ['/pasajes/cambios/ABCD2345-1', 'Anular o transferir su pasaje'],
  ['/pasajes/postergar/ABCD2345-1', 'Postergar el pasaje ABCD2345-1'],
  ['/pasajes/declaracion/ABCD2345-1', '<h1'],
  ['/pasajes/incidencia/ABCD2345-1', '<h1'],
])('%s is rendered with its heading, its code starting at once (its ticket is read with this browser’s key)', async (path, heading) => {
  const result = await render({ path, query: {}, language: 'es-PE', config: CONFIG });
  expect(result.html).toContain(heading);
  expect(result.html).toContain('aria-busy="true"');
  expect(result.island).toBe('load');
});

test('the server and the browser router match each address to the same row (built from the same rows)', () => {
  const paths = ['/pasajes', '/pasajes/', '/pasajes/asientos', '/pasajes/pago', '/pasajes/reserva/ABC123', '/pasajes/recuperar', '/pasajes/cambios/7', '/pasajes/postergar/7', '/pasajes/declaracion/7', '/pasajes/incidencia/7', '/pasajes/incidencia', '/pasajes/otra', '/pasajes/asientos/1'];
  const server = paths.map((path) => BOOKING_ROUTES.find((row) => matchPath(row.path, path))?.path);
  const browser = paths.map((path) => matchRoutes(BOOKING_ROUTES.map((row) => ({ path: row.path })), path)?.[0]?.route.path);
  expect(server).toEqual(browser);
  expect(server.filter(Boolean).length).toBeGreaterThan(paths.length / 2);
});

test("step 1 is rendered with its loader's value (the form's terminals, the leg's trips), which the page's data carries for the browser to hydrate from", async () => {
  const fecha = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const asked: string[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    const path = new URL(String(url)).pathname;
    asked.push(path);
    const data = path === '/rest/terminales' ? TERMINALS : path === '/rest/viaje/calendario' ? [] : [trip({ cviaje: 11, fecha_salida: `${fecha}T13:00:00.000Z` })];
    return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const result = await render({ path: '/pasajes', query: { origen: 'LIM', destino: 'AQP', fecha, pasajeros: '1' }, language: 'es-PE', config: CONFIG });
  const value = result.data.route as TripsData;
  expect(value.trips).toEqual({ query: { origen: 'LIM', destino: 'AQP', fecha }, answer: [expect.objectContaining({ cviaje: 11 })] });
  expect(value.terminals).toEqual(TERMINALS);
  expect(result.html).toContain('1 viaje');
  expect(result.html).toContain('value="Lima (LIM)"');
  expect(result.island).toBe('intent');
});
