/**
 * @jest-environment node
 */
import { clearTimers } from 'mobx-react-lite';
import { render } from './renderer';

/**
 * This version's renderer as the site server calls it, in Node: the destination cities come whole
 * in the HTML, so a tap on the select before the code opens every city, not "Loading cities…".
 */
const CITIES = [
  { cciudad: 1, nombre: 'Arequipa', codigo: 'AQP', slug: 'arequipa' },
  { cciudad: 4, nombre: 'Lima', codigo: 'LIM', slug: 'lima' },
  { cciudad: 5, nombre: 'Trujillo', codigo: 'TRU', slug: 'trujillo' },
];
const CONFIG = { product: 'rumbo', apiBaseUrl: 'http://api.test/' } as Parameters<typeof render>[0]['config'];

afterEach(() => jest.restoreAllMocks());
afterAll(() => clearTimers());

test('the complaints book is rendered with every destination city, Lima chosen (spec §3: destino 4), from its loader', async () => {
  const asked: string[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    asked.push(new URL(String(url)).pathname);
    return new Response(JSON.stringify({ data: CITIES }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const { html, data } = await render({ path: '/libro_reclamaciones', query: {}, language: 'es-PE', config: CONFIG });
  expect(asked).toEqual(['/rest/iata']);
  const options = /<select[^>]*name="destino"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
  expect([...options.matchAll(/<option[^>]*value="(\d*)"([^>]*)>([^<]*)</g)].map(([, value, attributes, text]) => `${value}${attributes?.includes('selected') ? '*' : ''} ${text}`)).toEqual(['1 Arequipa', '4* Lima', '5 Trujillo']);
  expect(html).not.toContain('aria-busy');
  expect(data.route).toEqual({ language: 'es-PE', answer: CITIES });
});
