import { i18n, registerTexts, RouteDataProvider } from '@rumbo/shared';
import type { ReactElement } from 'react';
import { endpoints } from '@rumbo/shared/contract';
import { json, renderWithUi, setUpShared, stubEndpoint, stubRest } from '@rumbo/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contentPackageTexts } from '../locales';
import InformationPage from './information.page';
import type { InformationData } from './information.resource';

const PAGES: Record<string, { titulo: string; html: string }> = {
  'es-PE': {
    titulo: 'Términos y condiciones',
    html: `<h2>Compra de pasajes</h2>
<p>Lea el <a href="/libro_reclamaciones">Libro de Reclamaciones</a> o <a href="javascript:alert('x')">esto</a>.</p>
<img src="x" onerror="window.__hacked = true">
<script>window.__hacked = true</script>
<h1>Un título de más</h1>
<table><thead><tr><th>Clase</th></tr></thead><tbody><tr><td>VIP</td></tr></tbody></table>`,
  },
  'en-EN': { titulo: 'Terms and conditions', html: '<h2>Buying tickets</h2><p>English text.</p>' },
};

function answerPages() {
  return stubEndpoint(endpoints.page, (request) => {
    const language = request.headers.get('Accept-Language') ?? 'es-PE';
    return new URL(request.url).pathname === '/rest/informacion/2'
      ? { id: 2, slug: 'terminos-condiciones', actualizado: '2025-06-01', ...PAGES[language]! }
      : json(404, { message: 'No encontrado' });
  });
}

beforeAll(async () => {
  await setUpShared('es-PE');
  await registerTexts(contentPackageTexts);
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('es-PE'));
});

test('shows a skeleton, then the title, the date and the sanitised HTML of the API', async () => {
  const requests = answerPages();
  renderWithUi(<InformationPage id={2} />);
  expect(screen.getByTestId('information-loading')).toHaveAttribute('aria-busy', 'true');

  expect(await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeInTheDocument();
  expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/rest/informacion/2']);
  expect(screen.getByText('1 de junio de 2025')).toHaveAttribute('datetime', '2025-06-01');

  const body = screen.getByTestId('information-body');
  expect(within(body).getByRole('heading', { level: 2, name: 'Compra de pasajes' })).toBeInTheDocument();
  expect(body.querySelector('script')).toBeNull();
  expect(body.querySelector('[onerror]')).toBeNull();
  expect(within(body).getByText('esto')).not.toHaveAttribute('href');
  expect(body.innerHTML).not.toMatch(/javascript:|onerror|<script/i);
  expect((window as { __hacked?: boolean }).__hacked).toBeUndefined();
  // The page title stays the only h1; tables scroll inside their own box.
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(within(body).getByRole('heading', { level: 2, name: 'Un título de más' })).toBeInTheDocument();
  expect(body.querySelector('.table-scroll > table')).not.toBeNull();
});

test('fetches the page again in English after the language changes', async () => {
  const requests = answerPages();
  renderWithUi(<InformationPage id={2} />);
  await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' });

  await act(() => i18n.changeLanguage('en-EN'));

  expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
  expect(requests.map((r) => r.headers.get('Accept-Language'))).toEqual(['es-PE', 'en-EN']);
  expect(screen.getByText('1 June 2025')).toBeInTheDocument();
  expect(screen.getByText('Last updated:', { exact: false })).toBeInTheDocument();
});

test('an API failure shows "try again", and trying again loads the page', async () => {
  let fail = true;
  const requests = stubRest(() =>
    fail
      ? json(500, { message: 'Error interno' })
      : json(200, { data: { id: 2, slug: 'terminos-condiciones', actualizado: '2025-06-01', ...PAGES['es-PE'] } }),
  );
  renderWithUi(<InformationPage id={2} />);

  const alert = await screen.findByRole('alert');
  expect(within(alert).getByRole('heading', { level: 1, name: 'No pudimos cargar esta página' })).toBeInTheDocument();
  fail = false;
  await userEvent.click(within(alert).getByRole('button', { name: 'Intentar de nuevo' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(requests).toHaveLength(2);
});

test('a network failure also offers to try again', async () => {
  globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
  renderWithUi(<InformationPage id={3} />);
  expect(await screen.findByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
});

test('an unknown page shows the not-found message', async () => {
  answerPages();
  renderWithUi(<InformationPage id={99} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
});

test('a same-site link of the HTML navigates without reloading the page', async () => {
  answerPages();
  renderWithUi(<InformationPage id={2} />);
  const link = await screen.findByRole('link', { name: 'Libro de Reclamaciones' });
  await userEvent.click(link);
  await waitFor(() => expect(window.location.pathname).toBe('/libro_reclamaciones'));
});

describe('a page whose text the site server rendered into the HTML', () => {
  const fromServer = { id: 2, slug: 'terminos-condiciones', titulo: 'Términos (al desplegar)', html: '<p>Texto del despliegue.</p>', actualizado: '2025-05-01' };
  const data: InformationData = { language: 'es-PE', page: fromServer, dateText: '1 de mayo de 2025 (server)' };
  /** The page with its route data, as the server rendered it and the browser hydrates it. */
  const withData = (ui: ReactElement) => <RouteDataProvider value={data}>{ui}</RouteDataProvider>;

  test('renders it at once, its date in the server-rendered words, then the API\'s answer', async () => {
    const requests = answerPages();
    renderWithUi(withData(<InformationPage id={2} />));
    expect(screen.queryByTestId('information-loading')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Términos (al desplegar)' })).toBeInTheDocument();
    expect(screen.getByText('1 de mayo de 2025 (server)')).toHaveAttribute('datetime', '2025-05-01');

    expect(await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeInTheDocument();
    expect(screen.getByText('1 de junio de 2025')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  test('keeps it when the refresh fails', async () => {
    const requests = stubRest(() => json(500, { message: 'Error interno' }));
    renderWithUi(withData(<InformationPage id={2} />));
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('Texto del despliegue.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('is not used in another language', async () => {
    await act(() => i18n.changeLanguage('en-EN'));
    answerPages();
    renderWithUi(withData(<InformationPage id={2} />));
    expect(screen.getByTestId('information-loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
  });
});
