import { endpoints } from '@rumbo/shared/contract';
import { STORAGE_KEYS, i18n } from '@rumbo/shared';
import { answer, json, stubEndpointCalls } from '@rumbo/shared/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeReservation } from '../reservation';
import type { Promotion, Quote } from '@rumbo/shared/schemas';
import { CUSTOMER, held, reservationView, trip, RESERVATION_CODE } from '../testing/fixtures';
import { renderAt, setUpBooking } from '../testing/render';
import { PaymentPage } from './payment.page';
import { PaymentStore } from './payment.store';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const EXPIRA = () => new Date(Date.now() + 10 * 60_000).toISOString();

/** The price of the one seat, without a coupon or points. */
const QUOTE: Quote = { subtotal_centimos: 15000, descuento_centimos: 0, total_centimos: 15000, cupon: null, descuento_pct: null, puntos_canje: 0, canje_centimos: 0 };

const VERANO10: Promotion = {
  cpromocion: 1,
  cupon: 'VERANO10',
  descuento: 10,
  desde: '2026-11-01',
  hasta: '2026-12-31',
  destino: null,
  titulo: 'Verano',
  descripcion: '10 % en todas las rutas',
  condiciones: 'Una vez por compra',
};

function api() {
  return stubEndpointCalls(
    answer(endpoints.quote, (_request, body) =>
      body.cupon ? { ...QUOTE, descuento_centimos: 1500, total_centimos: 13500, cupon: String(body.cupon), descuento_pct: 10 } : QUOTE,
    ),
    answer(endpoints.promotions, [VERANO10]),
    answer(endpoints.guest, { cinvitado: 1, tiene_cuenta: false }),
    answer(endpoints.personFound, { encontrado: false }),
    answer(endpoints.person, { cpersona: 1 }),
    answer(endpoints.seatPassenger, (_request, body) => ({ cviaje_asiento: Number(body.cviaje_asiento), menor: false })),
    answer(endpoints.reserve, reservationView()),
  );
}

function onePassenger() {
  writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY });
  sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(5, { gnivel_piso: 15, precio: 150, expira: EXPIRA() })]));
}

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe('step 3, Pago', () => {
  it('shows the step, the seat, the countdown and the total; an empty "Reservar" lists every problem, each link focusing its field', async () => {
    const calls = api();
    onePassenger();
    const user = userEvent.setup({ delay: null });
    renderAt('/pasajes/pago', <PaymentPage />);
    expect(await screen.findByRole('group', { name: 'Pasajero 1' })).toHaveTextContent('Ida: asiento 5, piso 1');
    expect(screen.getByRole('navigation', { name: 'Pasos de la compra' })).toHaveTextContent(/Pago.*paso actual/);
    expect(screen.getByRole('timer')).toHaveTextContent('Tiempo para completar la compra: 10 min');
    expect(await screen.findByTestId('payment-total')).toHaveTextContent('S/ 150.00');

    await user.click(screen.getByRole('button', { name: 'Reservar' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('heading', { name: 'Revise estos datos:' })).toBeInTheDocument();
    const link = within(summary).getByRole('link', { name: 'Pasajero 1: Digite los nombres' });
    expect(within(summary).getByRole('link', { name: 'Comprador: Digite un correo electrónico válido' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Debe aceptar los términos y condiciones' })).toBeInTheDocument();
    await user.click(link);
    const nombres = screen.getByRole('textbox', { name: 'Nombres' });
    expect(nombres).toHaveFocus();
    expect(nombres).toHaveAccessibleDescription('Digite los nombres');
    expect(calls.to(endpoints.reserve)).toEqual([]);

    await act(() => i18n.changeLanguage('en-EN'));
    expect(screen.getByRole('link', { name: 'Passenger 1: Enter the given names' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Given names' })).toHaveAccessibleDescription('Enter the given names');
  });

  it('shows the discount of a coupon before paying', async () => {
    api();
    onePassenger();
    const user = userEvent.setup({ delay: null });
    renderAt('/pasajes/pago', <PaymentPage />);
    await user.type(await screen.findByRole('textbox', { name: 'Cupón de descuento (opcional)' }), 'verano10');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Cupón VERANO10 aplicado: 10 % de descuento.')).toBeInTheDocument();
    expect(screen.getByTestId('payment-discount')).toHaveTextContent('− S/ 15.00');
    expect(screen.getByTestId('payment-total')).toHaveTextContent('S/ 135.00');
  });

  it("shows the server's refusal of a coupon its conditions do not cover, in the customer's language (issue 18 item 5)", async () => {
    stubEndpointCalls(
      answer(endpoints.quote, (_request, body) =>
        body.cupon ? json(400, { message: 'El cupón no aplica a la clase de estos asientos', code: 'sale.cupon.clase', field: 'cupon' }) : QUOTE,
      ),
      answer(endpoints.promotions, []),
    );
    onePassenger();
    const user = userEvent.setup({ delay: null });
    renderAt('/pasajes/pago', <PaymentPage />);
    const field = await screen.findByRole('textbox', { name: 'Cupón de descuento (opcional)' });
    await user.type(field, 'cusco20');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await screen.findByText('El cupón no aplica a la clase de estos asientos');
    expect(field).toHaveAccessibleDescription('El cupón no aplica a la clase de estos asientos');
    expect(screen.queryByTestId('payment-discount')).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('en-EN'));
    expect(screen.getByRole('textbox', { name: /coupon/i })).toHaveAccessibleDescription('This coupon does not apply to the class of these seats');
  });

  it('a filled form reserves and goes to the reservation page', async () => {
    const calls = api();
    onePassenger();
    const navigate = jest.fn();
    const store = new PaymentStore({ navigate, customer: () => null });
    const user = userEvent.setup({ delay: null });
    renderAt('/pasajes/pago', <PaymentPage store={store} />);
    await user.type(await screen.findByRole('textbox', { name: 'Número de documento' }), '45678912');
    await user.type(screen.getByRole('textbox', { name: 'Nombres' }), 'Rosa');
    await user.type(screen.getByRole('textbox', { name: 'Apellido paterno' }), 'Quispe');
    await user.type(screen.getByRole('textbox', { name: 'Apellido materno' }), 'Mamani');
    await user.type(screen.getAllByRole('textbox', { name: 'Correo electrónico' })[0]!, 'rosa@example.pe');
    await user.type(screen.getByRole('textbox', { name: 'Celular' }), '987654321');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Género' }), 'F');
    await user.type(screen.getByLabelText('Fecha de nacimiento'), '1990-05-14');
    await user.type(screen.getByRole('textbox', { name: 'Nombre completo' }), 'Rosa Quispe');
    await user.type(screen.getAllByRole('textbox', { name: 'Correo electrónico' })[1]!, 'rosa@example.pe');
    // jsdom has no PointerEvent for Ark's checkbox: a plain click on its input.
    fireEvent.click(screen.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }));
    await user.click(screen.getByRole('button', { name: 'Reservar' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(navigate).toHaveBeenCalledWith(`/pasajes/reserva/${RESERVATION_CODE}`);
    expect(calls.to(endpoints.reserve)[0]).toMatchObject({ clave_bloqueo: KEY, terminos: true });
    expect(calls.to(endpoints.seatPassenger)[0]).toMatchObject({ pasajero: { numero: '45678912', genero: 'F', nacimiento: '1990-05-14' } });
  });

  it('a minor passenger shows the responsible adult and relationship fields', async () => {
    api();
    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 2 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY });
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(5, { expira: EXPIRA() }), held(6, { expira: EXPIRA() })]));
    const user = userEvent.setup({ delay: null });
    renderAt('/pasajes/pago', <PaymentPage />);
    const second = await screen.findByRole('group', { name: 'Pasajero 2' });
    await user.type(within(second).getByLabelText('Fecha de nacimiento'), '2014-03-02');
    const adult = await within(second).findByRole('combobox', { name: 'Adulto responsable' });
    expect(within(adult).getByRole('option', { name: 'Pasajero 1' })).toBeInTheDocument();
    expect(within(second).getByRole('combobox', { name: 'Parentesco con el menor' })).toBeInTheDocument();
  });

  it('says so when no seats are held; after reserving it leads only to the reservation, or to a new purchase', async () => {
    api();
    const view = renderAt('/pasajes/pago', <PaymentPage />);
    expect(await screen.findByText('No hay asientos elegidos para pagar.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Ver su reserva/ })).not.toBeInTheDocument();
    view.unmount();

    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: RESERVATION_CODE });
    renderAt('/pasajes/pago', <PaymentPage />);
    expect(await screen.findByRole('link', { name: `Pagar la reserva ${RESERVATION_CODE}` })).toHaveAttribute('href', `/pasajes/reserva/${RESERVATION_CODE}`);
    expect(screen.queryByRole('button', { name: 'Reservar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Empezar una compra nueva' })).toBeInTheDocument();
  });
});

describe('step 3, points', () => {
  const customer = CUSTOMER;

  it('a signed-in customer sees the points available, uses all that fit, and the price shows the points before paying', async () => {
    const calls = stubEndpointCalls(
      answer(endpoints.quote, QUOTE),
      answer(endpoints.promotions, []),
      answer(endpoints.points, { saldo: 600, retenidos: 100, disponibles: 500, movimientos: [] }),
      answer(endpoints.pointsApply, (_request, body) => {
        const puntos = Number(body.puntos);
        return { ...QUOTE, total_centimos: 15000 - puntos * 10, puntos_canje: puntos, canje_centimos: puntos * 10, puntos_disponibles: 500 - puntos };
      }),
    );
    onePassenger();
    const user = userEvent.setup({ delay: null });
    renderAt('/pasajes/pago', <PaymentPage store={new PaymentStore({ customer: () => customer })} />);
    expect(await screen.findByTestId('points-available')).toHaveTextContent('Tiene 500 puntos disponibles (valen S/ 50.00).');
    await user.click(screen.getByRole('button', { name: 'Usar todos los que alcancen' }));
    expect(await screen.findByTestId('payment-points')).toHaveTextContent('Puntos (500)− S/ 50.00');
    expect(screen.getByTestId('payment-total')).toHaveTextContent('S/ 100.00');
    expect(screen.getByText('Usa 500 puntos en esta compra.')).toBeInTheDocument();
    expect(calls.to(endpoints.pointsApply)).toEqual([{ clave_bloqueo: KEY, puntos: 500 }]);

    await act(() => i18n.changeLanguage('en-EN'));
    expect(screen.getByTestId('points-available')).toHaveTextContent('You have 0 points available');
    expect(screen.getByRole('button', { name: 'Remove the points' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('es-PE'));
  });

  it('a guest is offered no points', async () => {
    api();
    onePassenger();
    renderAt('/pasajes/pago', <PaymentPage store={new PaymentStore({ customer: () => null })} />);
    expect(await screen.findByTestId('payment-total')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pagar con mis puntos' })).toBeNull();
  });
});

describe('step 3, time to finish (issue 20)', () => {
  it('warns in its live region before the holds end, offers more time, tells the answer and moves the focus to the clock', async () => {
    api();
    const start = Date.now();
    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY });
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(5, { gnivel_piso: 15, precio: 150, expira: new Date(start + 100_000).toISOString() })]));
    let now = start;
    const later = new Date(start + 700_000).toISOString();
    const store = new PaymentStore({ now: () => now, extendHold: async () => ({ expira: later, prorrogas_restantes: 1 }) });
    const user = userEvent.setup({ delay: null });
    renderAt('/pasajes/pago', <PaymentPage store={store} />);
    await screen.findByRole('group', { name: 'Pasajero 1' });
    const region = document.getElementById('hold-announcement')!;
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => {
      now = start + 1000;
      store.tick(now);
    });
    expect(region).toHaveTextContent('Quedan 2 minutos para completar la compra. ¿Necesita más tiempo?');
    await user.click(screen.getByRole('button', { name: 'Sí, dar más tiempo' }));
    expect(region).toHaveTextContent('Le dimos más tiempo: ahora quedan 12 minutos para completar la compra.');
    expect(screen.queryByRole('button', { name: 'Sí, dar más tiempo' })).not.toBeInTheDocument();
    expect(document.querySelector('[data-hold-time]')).toHaveFocus();
  });
});
