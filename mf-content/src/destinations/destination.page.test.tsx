import { i18n, registerTexts, RouteDataProvider } from '@rumbo/shared';
import { hydrateAt, json, renderWithUi, setUpShared, stubRest } from '@rumbo/shared/testing';
import { act, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { contentPackageTexts } from '../locales';
import { Root } from '../routes';
import DestinationPage, { type DestinationData } from './destination.page';

beforeAll(async () => {
  await setUpShared('es-PE');
  await registerTexts(contentPackageTexts);
});

const CUSCO = {
  cciudad: 2, nombre: 'Cusco', codigo: 'CUZ', slug: 'cusco', resumen: 'Puerta de Machu Picchu.', descripcion: 'Antigua capital.',
  terminales: [{ cterminal: 21, nombre: 'Terminal Cusco', direccion: 'Av. Vallejo Santoni' }],
  agencias: [],
  rutas: [
    { origen: { cciudad: 4, nombre: 'Lima', codigo: 'LIM' }, destino: { cciudad: 2, nombre: 'Cusco', codigo: 'CUZ', slug: 'cusco' }, duracion_min: 1260, precio_desde: 90 },
    { origen: { cciudad: 1, nombre: 'Arequipa', codigo: 'AQP' }, destino: { cciudad: 2, nombre: 'Cusco', codigo: 'CUZ', slug: 'cusco' }, duracion_min: 600, precio_desde: 55 },
  ],
};

/** The remote's screens at `path`, as its browser router (built from its rows) routes them. */
const renderAt = (path: string) => {
  window.history.pushState(null, '', path);
  return renderWithUi(<Root />);
};

test('/destinos/cusco shows the city, its routes cheapest first with links to the trip list, and its terminals', async () => {
  const requests = stubRest(() => json(200, { data: CUSCO }));
  renderAt('/destinos/cusco');
  expect(await screen.findByRole('heading', { level: 1, name: 'Viaja a Cusco' })).toBeInTheDocument();
  const rows = within(screen.getByTestId('destination-routes')).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.textContent)).toEqual([expect.stringMatching(/^Arequipa10 h/), expect.stringMatching(/^Lima21 h/)]);
  expect(within(rows[1]!).getByRole('link', { name: 'Ver pasajes de Lima a Cusco' })).toHaveAttribute('href', '/pasajes?origen=LIM&destino=CUZ');
  expect(screen.getByText('Terminal Cusco')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Busca tu pasaje a Cusco' })).toBeInTheDocument();
  expect(requests.some((r) => new URL(r.url).pathname === '/rest/destino/cusco')).toBe(true);
});

test('a city without a destination page is the not-found page, without asking the API', async () => {
  const requests = stubRest(() => json(200, { data: CUSCO }));
  renderAt('/destinos/paris');
  expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeInTheDocument();
  expect(requests).toHaveLength(0);
});

test('prices read S/ with grouped digits in both languages, as every remote shows them', async () => {
  stubRest(() => json(200, { data: { ...CUSCO, rutas: [{ ...CUSCO.rutas[0]!, precio_desde: 1234.5 }] } }));
  renderAt('/destinos/cusco');
  await screen.findByRole('heading', { level: 1, name: 'Viaja a Cusco' });
  expect(within(screen.getByTestId('destination-routes')).getByText('S/ 1,234.50')).toBeInTheDocument();
  await act(() => i18n.changeLanguage('en-EN'));
  expect(within(screen.getByTestId('destination-routes')).getByText('S/ 1,234.50')).toBeInTheDocument();
  await act(() => i18n.changeLanguage('es-PE'));
});

describe('a destination page the server rendered with its data', () => {
  const at = (data: DestinationData) => (address: string) => (
    <RouteDataProvider value={data}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/destinos/:city" element={<DestinationPage />} />
        </Routes>
      </MemoryRouter>
    </RouteDataProvider>
  );
  const page = at({ language: 'es-PE', answer: CUSCO });

  test('is whole in its HTML and hydrates it without a mismatch; a refresh that fails keeps it', async () => {
    stubRest(() => json(503, { message: 'down' }));
    const { html, mismatches, container } = await hydrateAt('/destinos/cusco', '/destinos/cusco', page);
    expect(html).toContain('Viaja a Cusco');
    expect(html).toContain('Puerta de Machu Picchu.');
    expect(html).toContain('Terminal Cusco');
    expect(html).toContain('Ver pasajes de Lima a Cusco');
    expect(mismatches).toEqual([]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(container).getByRole('heading', { level: 1, name: 'Viaja a Cusco' })).toBeInTheDocument();
    expect(within(container).queryByRole('alert')).toBeNull();
  });

  test('shows what the API answers now once it answers', async () => {
    stubRest(() => json(200, { data: { ...CUSCO, resumen: 'Ombligo del mundo.' } }));
    const { container } = await hydrateAt('/destinos/cusco', '/destinos/cusco', page);
    expect(await within(container).findByText('Ombligo del mundo.')).toBeInTheDocument();
  });

  test('is not taken for another language: a reader in another asks the API', async () => {
    stubRest(() => json(200, { data: { ...CUSCO, resumen: 'Ombligo del mundo.' } }));
    const { html, container } = await hydrateAt('/destinos/cusco', '/destinos/cusco', at({ language: 'en-EN', answer: CUSCO }));
    expect(html).not.toContain('Puerta de Machu Picchu.');
    expect(await within(container).findByText('Ombligo del mundo.')).toBeInTheDocument();
  });
});
