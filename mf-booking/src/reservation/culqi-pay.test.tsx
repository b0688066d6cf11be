import { endpoints } from '@rumbo/shared/contract';
import type { CulqiMethods } from '@rumbo/shared/schemas';
import { answer, json, stubEndpointCalls } from '@rumbo/shared/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { writeReservation } from '../reservation';
import { RESERVATION_CODE, reservationView, trip } from '../testing/fixtures';
import { renderAt, setUpBooking } from '../testing/render';
import { ReservationPage } from './reservation.page';
import { ReservationStore } from './reservation.store';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';

const methods = (hidden: string[] = []): CulqiMethods => ({
  llave_publica: 'pk_test_abc',
  url_tokens: 'http://api.test/sandbox/culqi/v2/tokens',
  sandbox: true,
  metodos: (['yape', 'tarjeta', 'billetera', 'cuotealo'] as const).map((metodo) => ({ metodo, disponible: !hidden.includes(metodo) })),
  tope_yape_centimos: 50_000,
  vida_codigo_segundos: 120,
});

function show(store: ReservationStore) {
  writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: RESERVATION_CODE });
  return renderAt(
    `/pasajes/reserva/${RESERVATION_CODE}`,
    <Routes>
      <Route path="/pasajes/reserva/:codigo" element={<ReservationPage store={store} />} />
    </Routes>,
  );
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe('paying through Culqi (issue 46)', () => {
  it('pays with Yape: phone and code, the code\'s 2-minute life counted and announced', async () => {
    let paid = false;
    const calls = stubEndpointCalls(
      answer(endpoints.reservation, () => (paid ? reservationView({ estado: 'pagada' }) : reservationView())),
      answer(endpoints.culqiMethods, methods()),
      answer(endpoints.culqiYape, () => {
        paid = true;
        return { estado: 'pagada' as const, codigo: RESERVATION_CODE };
      }),
    );
    let now = Date.parse('2026-11-22T15:00:00.000Z');
    const store = new ReservationStore(RESERVATION_CODE, { now: () => now });
    const user = userEvent.setup();
    show(store);
    await user.click(await screen.findByRole('radio', { name: 'Yape' }));
    const phone = screen.getByRole('textbox', { name: /Celular de su Yape/ });
    const code = screen.getByRole('textbox', { name: /Código de aprobación/ });
    expect(code).toHaveAccessibleDescription(/vence a los 2 minutos/);
    expect(screen.getByText(/dura 2 minutos/)).toBeInTheDocument();
    await user.type(phone, '912345678');
    await user.type(code, '12');
    now += 30_000;
    act(() => store.tick(now));
    expect(screen.getByTestId('yape-code-life')).toHaveTextContent('Al código le quedan 90 segundos.');
    // Announced at 60, 30 and 10 seconds and at the end, not every second.
    expect(screen.getByTestId('yape-code-announce')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('yape-code-announce')).toHaveTextContent('');
    now += 45_000;
    act(() => store.tick(now));
    expect(screen.getByTestId('yape-code-announce')).toHaveTextContent('Al código le quedan 60 segundos.');
    now -= 45_000;
    act(() => store.tick(now));
    await user.type(code, '3456');
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await settle();
    expect(calls.to(endpoints.culqiYape)).toEqual([{ codigo: RESERVATION_CODE, clave_bloqueo: KEY, telefono: '912345678', otp: '123456' }]);
    expect(store.view?.estado).toBe('pagada');
  });

  it('says Yape\'s cap before the code step: no code field, the pay button off, the other ways still listed', async () => {
    stubEndpointCalls(answer(endpoints.reservation, reservationView({ subtotal_centimos: 60_000, total_centimos: 60_000 })), answer(endpoints.culqiMethods, methods()));
    const user = userEvent.setup();
    show(new ReservationStore(RESERVATION_CODE));
    await user.click(await screen.findByRole('radio', { name: 'Yape' }));
    expect(screen.getByTestId('yape-cap')).toHaveTextContent('Yape no acepta pagos de más de S/ 500.00');
    expect(screen.getByTestId('yape-cap')).toHaveTextContent('S/ 600.00');
    expect(screen.queryByRole('textbox', { name: /Código de aprobación/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Billetera con QR/ })).toBeEnabled();
  });

  it('shows a refused Yape code with Culqi\'s message and clears the spent code', async () => {
    stubEndpointCalls(
      answer(endpoints.reservation, reservationView()),
      answer(endpoints.culqiMethods, methods()),
      answer(endpoints.culqiYape, json(409, { message: 'El código de aprobación de Yape no es correcto.', code: 'culqi.rechazo.yape_otp_invalid' })),
    );
    const user = userEvent.setup();
    show(new ReservationStore(RESERVATION_CODE));
    await user.click(await screen.findByRole('radio', { name: 'Yape' }));
    await user.type(screen.getByRole('textbox', { name: /Celular de su Yape/ }), '912345678');
    await user.type(screen.getByRole('textbox', { name: /Código de aprobación/ }), '111111');
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText(/El código de aprobación de Yape no es correcto/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Código de aprobación/ })).toHaveValue('');
  });

  it('checks the Yape form with the shared schema before calling', async () => {
    const calls = stubEndpointCalls(answer(endpoints.reservation, reservationView()), answer(endpoints.culqiMethods, methods()));
    const user = userEvent.setup();
    show(new ReservationStore(RESERVATION_CODE));
    await user.click(await screen.findByRole('radio', { name: 'Yape' }));
    await user.type(screen.getByRole('textbox', { name: /Celular de su Yape/ }), '812');
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Digite el celular de su Yape: 9 dígitos que empiezan con 9')).toBeInTheDocument();
    expect(calls.to(endpoints.culqiYape)).toEqual([]);
  });

  it('hides a failing method and says which still work; the card still pays in the page through Culqi with a token', async () => {
    const calls = stubEndpointCalls(
      answer(endpoints.reservation, reservationView()),
      answer(endpoints.culqiMethods, methods(['yape'])),
      answer(endpoints.culqiCard, { estado: 'pagada' as const, codigo: RESERVATION_CODE }),
    );
    const tokens: unknown[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      if (!String(url).includes('/sandbox/culqi/v2/tokens')) return original(url, init);
      tokens.push({ url, body: JSON.parse(String(init.body)), auth: (init.headers as Record<string, string>).authorization });
      return new Response(JSON.stringify({ object: 'token', id: 'tkn_test_abcdefgh12' }), { status: 201 });
    }) as typeof fetch;
    try {
      const user = userEvent.setup();
      show(new ReservationStore(RESERVATION_CODE));
      expect(await screen.findByTestId('methods-hidden')).toHaveTextContent('Por ahora no ofrecemos Yape porque está fallando');
      expect(screen.getByRole('radio', { name: 'Yape' })).toBeDisabled();
      // SafetyPay's card stays on the list as the spec has it.
      expect(screen.getByRole('radio', { name: 'Tarjeta de crédito o débito' })).toBeEnabled();
      await user.click(screen.getByRole('radio', { name: 'Tarjeta en esta página (Culqi)' }));
      await user.type(screen.getByRole('textbox', { name: 'Número de tarjeta' }), '4111 1111 1111 1111');
      await user.type(screen.getByRole('textbox', { name: 'Vencimiento (MM/AA)' }), '09/30');
      await user.type(screen.getByRole('textbox', { name: 'Código de seguridad (CVV)' }), '123');
      await user.click(screen.getByRole('button', { name: 'Pagar' }));
      await settle();
      expect(tokens).toEqual([{ url: 'http://api.test/sandbox/culqi/v2/tokens', auth: 'Bearer pk_test_abc', body: expect.objectContaining({ card_number: '4111111111111111', cvv: '123', expiration_month: '09', expiration_year: '2030' }) }]);
      // The store's API receives the token only, never the card.
      expect(calls.to(endpoints.culqiCard)).toEqual([{ codigo: RESERVATION_CODE, clave_bloqueo: KEY, token: 'tkn_test_abcdefgh12' }]);
    } finally {
      globalThis.fetch = original;
    }
  });

  it('sends the buyer to Culqi\'s checkout for a wallet QR; without Culqi the list is the one before', async () => {
    const calls = stubEndpointCalls(
      answer(endpoints.reservation, reservationView()),
      answer(endpoints.culqiMethods, methods()),
      answer(endpoints.culqiOrder, { proveedor: 'culqi' as const, url: 'http://api.test/sandbox/culqi/checkout/ord_test_1', cip: '12345678', expira: null, sandbox: true }),
    );
    const redirect = jest.fn();
    const user = userEvent.setup();
    show(new ReservationStore(RESERVATION_CODE, { redirect }));
    await user.click(await screen.findByRole('radio', { name: /Billetera con QR/ }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await settle();
    expect(calls.to(endpoints.culqiOrder)).toEqual([{ codigo: RESERVATION_CODE, clave_bloqueo: KEY, metodo: 'billetera' }]);
    expect(redirect).toHaveBeenCalledWith('http://api.test/sandbox/culqi/checkout/ord_test_1');
  });

  it('without Culqi, offers the methods it did before', async () => {
    stubEndpointCalls(answer(endpoints.reservation, reservationView()), answer(endpoints.culqiMethods, json(404, { message: 'No encontrado', code: 'request.notFound' })));
    show(new ReservationStore(RESERVATION_CODE));
    await screen.findByRole('radio', { name: 'Tarjeta de crédito o débito' });
    expect(screen.queryByRole('radio', { name: 'Yape' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
  });
});
