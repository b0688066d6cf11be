import { registerTexts } from '@rumbo/shared';
import { json, renderWithUi, setUpShared, stubRest } from '@rumbo/shared/testing';
import { act, screen } from '@testing-library/react';
import { contentPackageTexts } from './locales';
import { INFORMATION_ROUTES, Root } from './routes';

beforeAll(async () => {
  await setUpShared('es-PE');
  await registerTexts(contentPackageTexts);
});

/** The remote's screens at `path`, as its browser router (built from its rows) routes them. */
function renderAt(path: string) {
  window.history.pushState(null, '', path);
  return renderWithUi(<Root />);
}

test('/ shows the home page, drawn without the router and without waiting for the API', async () => {
  const requests = stubRest(() => json(500, {}));
  window.history.pushState(null, '', '/');
  renderWithUi(<Root />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Viaja seguro a 23 destinos del Perú');
  expect(requests).toHaveLength(0);
  // mf-booking is not deployed here: the search slot offers the link to the purchase.
  expect(await screen.findByTestId('search-fallback')).toBeInTheDocument();
});

test('the other paths go through the router, and a navigation from / reaches them', async () => {
  stubRest(() => json(200, { data: { id: 2, slug: 'terminos-condiciones', titulo: 'Términos', html: '<p>Texto</p>', actualizado: '2025-06-01' } }));
  window.history.pushState(null, '', '/');
  renderWithUi(<Root />);
  await screen.findByTestId('search-fallback');
  // As single-spa announces a navigation.
  act(() => {
    window.history.pushState(null, '', '/informacion/terminos-condiciones');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Términos' })).toBeInTheDocument();
});

test.each(INFORMATION_ROUTES.map(({ path, id }) => [path, id]))('%s loads /rest/informacion/%i', async (path, id) => {
  const requests = stubRest(() =>
    json(200, { data: { id, slug: path.split('/').pop(), titulo: `Página ${id}`, html: '<p>Texto</p>', actualizado: '2025-06-01' } }),
  );
  renderAt(path);
  expect(await screen.findByRole('heading', { level: 1, name: `Página ${id}` })).toBeInTheDocument();
  expect(requests.map((r) => new URL(r.url).pathname)).toEqual([`/rest/informacion/${id}`]);
});

test('an unknown path of this remote shows the not-found message', async () => {
  renderAt('/informacion/otra-cosa');
  expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeInTheDocument();
});
