import { endpoints } from '@rumbo/shared/contract';
import { i18n } from '@rumbo/shared';
import { answer, stubEndpointCalls } from '@rumbo/shared/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { writeReservation } from '../reservation';
import { RESERVATION_CODE, reservationView, ticket, trip } from '../testing/fixtures';
import { renderAt, setUpBooking } from '../testing/render';
import { ReservationPage } from './reservation.page';
import { ReservationStore } from './reservation.store';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const URL_ = `/pasajes/reserva/${RESERVATION_CODE}`;

function madeHere() {
  writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: RESERVATION_CODE });
}

function show(store?: ReservationStore) {
  return renderAt(
    URL_,
    <Routes>
      <Route path="/pasajes/reserva/:codigo" element={<ReservationPage store={store} />} />
    </Routes>,
  );
}

const paid = () =>
  reservationView({
    estado: 'pagada',
    pagos: [{ proveedor: 'safetypay', metodo: 'tarjeta', estado: 'pagado', url: null, cip: null, expira: null }],
    boletos: [ticket()],
  });

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe('reservation page', () => {
  it('shows the code, the amount, the time left and the payment methods; card payment sends the customer to the provider', async () => {
    const calls = stubEndpointCalls(
      answer(endpoints.reservation, reservationView()),
      answer(endpoints.safetyPay, { proveedor: 'safetypay', url: 'http://pay.test/sandbox/1', cip: null, expira: null, sandbox: true }),
    );
    madeHere();
    const redirect = jest.fn();
    const user = userEvent.setup();
    show(new ReservationStore(RESERVATION_CODE, { redirect }));
    expect(await screen.findByTestId('reservation-code')).toHaveTextContent(RESERVATION_CODE);
    expect(screen.getByTestId('reservation-amount')).toHaveTextContent('S/ 150.00');
    expect(screen.getByTestId('reservation-state')).toHaveTextContent('Pendiente de pago');
    expect(screen.getByRole('timer')).toHaveTextContent('30 min');
    expect(calls.to(endpoints.reservation)).toEqual([{ codigo: RESERVATION_CODE, clave_bloqueo: KEY }]);

    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Seleccione el medio de pago')).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'Tarjeta de crédito o débito' }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(calls.to(endpoints.safetyPay)).toEqual([{ codigo: RESERVATION_CODE, clave_bloqueo: KEY, metodo: 'tarjeta' }]);
    expect(redirect).toHaveBeenCalledWith('http://pay.test/sandbox/1');
  });

  it('while the provider has not answered, asks again every 3 s at first, then every 15 s', async () => {
    const pending = reservationView({ pagos: [{ proveedor: 'pagoefectivo', metodo: 'efectivo', estado: 'iniciado', url: null, cip: '12345678', expira: null }] });
    const calls = stubEndpointCalls(answer(endpoints.reservation, () => pending));
    madeHere();
    jest.useFakeTimers({ now: Date.now() });
    try {
      show(new ReservationStore(RESERVATION_CODE));
      await act(() => jest.advanceTimersByTimeAsync(100));
      const asked = () => calls.to(endpoints.reservation).length;
      const first = asked();
      await act(() => jest.advanceTimersByTimeAsync(9_000));
      expect(asked() - first).toBe(3);
      await act(() => jest.advanceTimersByTimeAsync(2 * 60_000 + 15_000));
      const later = asked();
      await act(() => jest.advanceTimersByTimeAsync(60_000));
      expect(asked() - later).toBe(4);
    } finally {
      jest.useRealTimers();
    }
  });

  it('back from the provider, waits for the answer and then shows the tickets with their QR, PDF and re-send', async () => {
    let current = reservationView({ pagos: [{ proveedor: 'safetypay', metodo: 'tarjeta', estado: 'iniciado', url: 'http://pay.test/1', cip: null, expira: null }] });
    const calls = stubEndpointCalls(
      answer(endpoints.reservation, () => current),
      answer(endpoints.resendTickets, { enviado: true }),
    );
    madeHere();
    const store = new ReservationStore(RESERVATION_CODE);
    const user = userEvent.setup();
    show(store);
    expect(await screen.findByText(/Estamos confirmando su pago/)).toBeInTheDocument();
    expect(store.waiting).toBe(true);

    current = paid();
    await act(() => store.refresh());
    expect(await screen.findByText('¡Pago confirmado! Enviamos sus pasajes a rosa@example.pe.')).toBeInTheDocument();
    const card = screen.getByTestId('ticket');
    expect(within(card).getByRole('heading', { name: 'Pasaje ABCD2345-1' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Rosa Quispe Mamani');
    expect(card).toHaveTextContent('Ida: Lima → Arequipa');
    // The passenger's own boarding and alighting terminals (issue 19).
    expect(card).toHaveTextContent('EmbarqueTerminal Plaza Norte (Lima)');
    expect(card).toHaveTextContent('DesembarqueTerminal Arequipa (Arequipa)');
    expect(screen.getByText(/embarque en Terminal Plaza Norte, desembarque en Terminal Arequipa/)).toBeInTheDocument();
    expect(card).toHaveTextContent('5, piso 1');
    expect(card).toHaveTextContent('S/ 150.00');
    expect(await within(card).findByRole('img', { name: 'Código QR del pasaje ABCD2345-1, para el embarque' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(screen.getByRole('button', { name: 'Descargar pasajes (PDF)' })).toBeInTheDocument();

    const email = screen.getByRole('textbox', { name: 'Correo electrónico' });
    await user.clear(email);
    await user.type(email, 'otra@example.pe');
    await user.click(screen.getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText('Reenviamos los pasajes a otra@example.pe.')).toBeInTheDocument();
    expect(calls.to(endpoints.resendTickets)).toEqual([{ codigo: RESERVATION_CODE, email: 'otra@example.pe' }]);

    await act(() => i18n.changeLanguage('en-EN'));
    expect(screen.getByRole('button', { name: 'Download tickets (PDF)' })).toBeInTheDocument();
    expect(screen.getByTestId('ticket')).toHaveTextContent('BoardingTerminal Plaza Norte (Lima)');
    expect(screen.getByText(/board at Terminal Plaza Norte, alight at Terminal Arequipa/)).toBeInTheDocument();
  });

  it('a declined payment is explained plainly, with a way back to search', async () => {
    stubEndpointCalls(
      answer(
        endpoints.reservation,
        reservationView({
          estado: 'anulada',
          motivo: 'rechazado',
          pagos: [{ proveedor: 'safetypay', metodo: 'tarjeta', estado: 'rechazado', url: null, cip: null, expira: null }],
        }),
      ),
    );
    madeHere();
    show();
    expect(await screen.findByText('Su pago fue rechazado y la reserva se anuló')).toBeInTheDocument();
    expect(screen.getByText(/no se cobró nada y los asientos quedaron libres/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buscar otro viaje' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('an expired reservation says the time ran out', async () => {
    stubEndpointCalls(answer(endpoints.reservation, reservationView({ estado: 'anulada', motivo: 'vencido' })));
    madeHere();
    show();
    expect(await screen.findByText('Se acabó el plazo para pagar')).toBeInTheDocument();
  });

  it('a CIP payment shows its code to pay with', async () => {
    let current = reservationView();
    const calls = stubEndpointCalls(
      answer(endpoints.reservation, () => current),
      answer(endpoints.cip, { proveedor: 'pagoefectivo', url: 'http://pay.test/cip/1', cip: '2718281', expira: '2026-11-23T05:00:00.000Z', sandbox: true }),
    );
    madeHere();
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('radio', { name: 'Efectivo o QR con código CIP' }));
    current = reservationView({ pagos: [{ proveedor: 'pagoefectivo', metodo: 'cip', estado: 'iniciado', url: 'http://pay.test/cip/1', cip: '2718281', expira: '2026-11-23T05:00:00.000Z' }] });
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByTestId('cip-code')).toHaveTextContent('2718281');
    expect(screen.getByRole('link', { name: 'Ver la constancia con el QR' })).toHaveAttribute('href', 'http://pay.test/cip/1');
    expect(calls.to(endpoints.cip)).toEqual([{ codigo: RESERVATION_CODE, clave_bloqueo: KEY }]);
  });

  it('a code this browser did not reserve is not looked up', async () => {
    const calls = stubEndpointCalls();
    show();
    expect(await screen.findByText(/No encontramos la reserva ABCD2345 en este navegador/)).toBeInTheDocument();
    expect(calls.calls).toEqual([]);
  });

  it('downloads the PDF of the tickets', async () => {
    stubEndpointCalls(
      answer(endpoints.reservation, paid()),
      answer(endpoints.ticketsPdf, new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } })),
    );
    madeHere();
    const save = jest.fn();
    const user = userEvent.setup();
    show(new ReservationStore(RESERVATION_CODE, { save }));
    await user.click(await screen.findByRole('button', { name: 'Descargar pasajes (PDF)' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(save).toHaveBeenCalledWith(expect.anything(), `pasajes-${RESERVATION_CODE}.pdf`);
    expect(await (save.mock.calls[0][0] as Blob).text()).toBe('%PDF-1.7');
  });

  it('offers the calendar and, per ticket, only the wallets the API offers (issue 36)', async () => {
    const calls = stubEndpointCalls(
      answer(endpoints.reservation, paid()),
      answer(endpoints.pocketLinks, { calendario: 'http://api.test/rest/venta/calendario/ABCD2345?exp=1&firma=x', boletos: [{ numero: 'ABCD2345-1', apple: 'http://api.test/rest/venta/pkpass/ABCD2345-1?exp=1&firma=y', google: null }] }),
    );
    madeHere();
    show();
    const calendar = await screen.findByRole('link', { name: 'Agregar al calendario (.ics)' });
    expect(calendar).toHaveAttribute('href', 'http://api.test/rest/venta/calendario/ABCD2345?exp=1&firma=x');
    expect(screen.getByRole('link', { name: 'Agregar el pasaje ABCD2345-1 a Apple Wallet' })).toHaveAttribute('href', 'http://api.test/rest/venta/pkpass/ABCD2345-1?exp=1&firma=y');
    expect(screen.queryByText(/Google Wallet/)).not.toBeInTheDocument();
    expect(calls.to(endpoints.pocketLinks)).toEqual([{ codigo: RESERVATION_CODE, clave_bloqueo: KEY }]);
    // The QR's text alternative names the ticket.
    expect(await screen.findByRole('img', { name: 'Código QR del pasaje ABCD2345-1, para el embarque' })).toBeInTheDocument();
  });

  it("shows where and when to board: the terminal's address and the boarding time, in Lima's time (issue 36)", async () => {
    stubEndpointCalls(
      answer(endpoints.reservation, reservationView({
        estado: 'pagada',
        pagos: [{ proveedor: 'safetypay', metodo: 'tarjeta', estado: 'pagado', url: null, cip: null, expira: null }],
        boletos: [ticket({ direccion_origen: 'Av. Alfredo Mendiola 3885, Independencia', embarque: '2026-11-28T01:00:00.000Z' })],
      })),
    );
    madeHere();
    show();
    const card = await screen.findByTestId('ticket');
    expect(card).toHaveTextContent('Terminal Plaza Norte, Av. Alfredo Mendiola 3885, Independencia (Lima)');
    expect(screen.getByText('Hora de embarque')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-boarding-time')).toHaveTextContent('viernes, 27 de noviembre 20:00');
  });

  it('shows the tickets without calendar or wallet links when the API does not give them', async () => {
    stubEndpointCalls(answer(endpoints.reservation, paid()));
    madeHere();
    show();
    expect(await screen.findByRole('button', { name: 'Descargar pasajes (PDF)' })).toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByText(/calendario|Wallet/)).not.toBeInTheDocument();
  });
});
