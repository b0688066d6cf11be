import { registerTexts, RouteDataProvider } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { answer, hydrateAt, json, renderWithUi, setUpShared, stubEndpoints, stubRest } from '@rumbo/shared/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Promotion } from '../content.resource';
import { contentPackageTexts } from '../locales';
import PromotionsPage, { type PromotionsData } from './promotions.page';

const PROMOTION: Promotion = {
  cpromocion: 1, cupon: 'CUSCO20', descuento: 20, desde: '2026-11-15', hasta: '2027-01-06',
  destino: { cciudad: 2, nombre: 'Cusco', codigo: 'CUZ', slug: 'cusco' },
  titulo: '20 % de descuento a Cusco', descripcion: 'Viaja a Cusco.', condiciones: 'No acumulable.',
};

beforeAll(async () => {
  await setUpShared('es-PE');
  await registerTexts(contentPackageTexts);
});

const renderAt = (path = '/promociones') =>
  renderWithUi(
    <MemoryRouter initialEntries={[path]}>
      <PromotionsPage />
    </MemoryRouter>,
  );

test('shows each promotion with its coupon, validity, conditions and a link to the destination', async () => {
  stubEndpoints(answer(endpoints.promotions, [PROMOTION]));
  renderAt();
  expect(await screen.findByRole('heading', { name: '20 % de descuento a Cusco' })).toBeInTheDocument();
  expect(screen.getByTestId('coupon')).toHaveTextContent('CUSCO20');
  expect(screen.getByText(/Válido del 15 de noviembre de 2026 al 6 de enero de 2027/)).toBeInTheDocument();
  expect(screen.getByText('No acumulable.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Buscar pasajes a Cusco' })).toHaveAttribute('href', '/destinos/cusco');
});

test('subscribing checks the e-mail first, then says where the confirmation went', async () => {
  const requests = stubEndpoints(
    answer(endpoints.promotions, []),
    answer(endpoints.subscribe, (_request, body) => ({ correo: String(body.correo), estado: 'pendiente' as const })),
  );
  renderAt();
  const field = screen.getByLabelText('Tu email');
  await userEvent.type(field, 'no-es-correo');
  await userEvent.click(screen.getByRole('button', { name: 'Suscribirme' }));
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription('El formato del email es inválido');
  expect(requests.some((r) => r.url.endsWith('/registrar'))).toBe(false);

  await userEvent.clear(field);
  await userEvent.type(field, 'Lucia@Example.pe');
  await userEvent.click(screen.getByRole('button', { name: 'Suscribirme' }));
  expect(await screen.findByTestId('subscribe-sent')).toHaveTextContent('Te enviamos un correo a lucia@example.pe');
});

test('the confirmation link of the mail confirms the subscription', async () => {
  const requests = stubEndpoints(answer(endpoints.promotions, []), answer(endpoints.confirmSubscription, { correo: 'lucia@example.pe', estado: 'confirmada' }));
  renderAt('/promociones?confirmar=abcdefghijklmnopqrstuvwxyz012345');
  expect(await screen.findByTestId('subscription-link')).toHaveTextContent('tu suscripción a las promociones de lucia@example.pe está confirmada');
  const call = requests.find((r) => r.url.endsWith('/rest/componente/confirmar'))!;
  expect(await call.json()).toEqual({ token: 'abcdefghijklmnopqrstuvwxyz012345' });
});

test('a used or bad link says so', async () => {
  stubEndpoints(
    answer(endpoints.promotions, []),
    answer(endpoints.unsubscribe, json(400, { code: 'subscription.token.invalid', field: 'token', message: 'El enlace no es válido o ya fue usado' })),
  );
  renderAt('/promociones?baja=abcdefghijklmnopqrstuvwxyz012345');
  expect(await screen.findByRole('alert')).toHaveTextContent('El enlace no es válido o ya fue usado');
});

describe('the promotions page the server rendered with the promotions', () => {
  const at = (data: PromotionsData) => (address: string) => (
    <RouteDataProvider value={data}>
      <MemoryRouter initialEntries={[address]}>
        <PromotionsPage />
      </MemoryRouter>
    </RouteDataProvider>
  );
  const page = at({ language: 'es-PE', answer: [PROMOTION] });

  test('is whole in its HTML, with no placeholder, and hydrates it without a mismatch; a refresh that fails keeps it', async () => {
    stubRest(() => json(503, { message: 'down' }));
    const { html, mismatches, container } = await hydrateAt('/promociones', '/promociones', page);
    expect(html).toContain('20 % de descuento a Cusco');
    expect(html).toContain('CUSCO20');
    expect(html).not.toContain('chakra-skeleton');
    expect(mismatches).toEqual([]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(container).getByRole('heading', { name: '20 % de descuento a Cusco' })).toBeInTheDocument();
    expect(within(container).queryByRole('alert')).toBeNull();
  });

  test('shows what the API answers now once it answers', async () => {
    stubRest(() => json(200, { data: [{ ...PROMOTION, cpromocion: 2, titulo: 'Arequipa a mitad de precio' }] }));
    const { container } = await hydrateAt('/promociones', '/promociones', page);
    expect(await within(container).findByRole('heading', { name: 'Arequipa a mitad de precio' })).toBeInTheDocument();
    expect(within(container).queryByRole('heading', { name: '20 % de descuento a Cusco' })).toBeNull();
  });

  test('is not taken for another language: a reader in another asks the API', async () => {
    stubRest(() => json(200, { data: [{ ...PROMOTION, cpromocion: 2, titulo: 'Arequipa a mitad de precio' }] }));
    const { html, container } = await hydrateAt('/promociones', '/promociones', at({ language: 'en-EN', answer: [PROMOTION] }));
    expect(html).not.toContain('20 % de descuento a Cusco');
    expect(await within(container).findByRole('heading', { name: 'Arequipa a mitad de precio' })).toBeInTheDocument();
  });
});
