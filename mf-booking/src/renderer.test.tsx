/**
 * @jest-environment node
 */
import { clearTimers } from 'mobx-react-lite';
import { render } from './renderer';

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
