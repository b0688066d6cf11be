import { STORAGE_KEYS, i18n } from '@rumbo/shared';
import { json, stubRest } from '@rumbo/shared/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeReservation } from '../reservation';
import { TWO_DECKS, held, trip } from '../testing/fixtures';
import { renderAt, setUpBooking } from '../testing/render';
import { SeatsPage } from './seats.page';
import { splitName } from './seats.page';

/**
 * A seat's accessible name as read: the button's visible lines are blocks, so the computed name
 * has a space before the commas that follow them ("Asiento 5 , piso 1"); screen readers ignore it.
 */
const named = (expected: string | RegExp) => (name: string) => {
  const read = name.replace(/\s+,/g, ',');
  return typeof expected === 'string' ? read === expected : expected.test(read);
};

const EXPIRA = new Date(Date.now() + 10 * 60_000).toISOString();

function api(hold?: () => Response) {
  const holds: Record<string, unknown>[] = [];
  stubRest(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/rest/maqueta') return json(200, { data: { asientos: TWO_DECKS, especiales: [{ nasiento: 5, gnivel_piso: 15, tipo: 'preferencial' }] } });
    if (path === '/rest/asiento/bloquear') {
      const body = (await request.clone().json()) as Record<string, number | string>;
      holds.push(body);
      if (hold) return hold();
      return json(200, {
        data: { ...body, expira: body.gestado_asiento === 84 ? EXPIRA : null, clave_bloqueo: '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c', precio: 150 },
      });
    }
    return json(404, { message: 'not found' });
  });
  return holds;
}

function chooseTrip(pasajeros = 2) {
  writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros }, ida: trip(), tramo: 'ida' });
}

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe('step 2, Asientos', () => {
  it('draws deck 1 with its facilities; each seat a button named with number, deck, class, price and state', async () => {
    api();
    chooseTrip();
    renderAt('/pasajes/asientos', <SeatsPage />);
    const deck = await screen.findByRole('group', { name: 'Piso 1' });
    expect(within(deck).getByRole('button', { name: named('Asiento 5, piso 1, VIP cama 180°, preferencial, S/ 150.00, disponible') })).toBeInTheDocument();
    expect(within(deck).getByRole('img', { name: 'Conductor' })).toBeInTheDocument();
    expect(within(deck).getByRole('img', { name: 'Baño' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pasos de la compra' })).toHaveTextContent(/Asientos.*paso actual/);
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  });

  it('shows the chosen trip at once, read from session storage, while the seat map is on its way', () => {
    stubRest(() => new Promise<Response>(() => undefined));
    chooseTrip();
    renderAt('/pasajes/asientos', <SeatsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Elige tus asientos');
    expect(screen.getByRole('link', { name: 'Cambiar de viaje' })).toBeInTheDocument();
    expect(screen.getByText('Cargando el mapa de asientos…')).toBeInTheDocument();
  });

  it('switches decks and shows taken and promotional seats', async () => {
    api();
    chooseTrip();
    const user = userEvent.setup();
    renderAt('/pasajes/asientos', <SeatsPage />);
    await screen.findByRole('group', { name: 'Piso 1' });
    await user.click(screen.getByRole('radio', { name: 'Piso 2' }));
    const deck = await screen.findByRole('group', { name: 'Piso 2' });
    expect(within(deck).getByRole('button', { name: named(/^Asiento 2, .*, ocupado$/) })).toBeInTheDocument();
    expect(within(deck).getByRole('button', { name: named(/^Asiento 3, .*, ocupado$/) })).toBeInTheDocument();
    expect(within(deck).getByRole('button', { name: named('Asiento 4, piso 2, Especial 160°, S/ 72.00, en promoción') })).toBeInTheDocument();
    expect(within(deck).getByRole('img', { name: 'Escalera' })).toBeInTheDocument();
  });

  it('holds a seat on click, lists it with the total and the countdown, and releases it on a second click', async () => {
    const holds = api();
    chooseTrip(1);
    const user = userEvent.setup();
    renderAt('/pasajes/asientos', <SeatsPage />);
    const seat = await screen.findByRole('button', { name: named(/^Asiento 5,/) });
    await user.click(seat);
    expect(await screen.findByRole('button', { name: named(/^Asiento 5, .*, seleccionado$/) })).toHaveAttribute('aria-pressed', 'true');
    expect(holds[0]).toMatchObject({ nasiento: 5, gestado_asiento: 84 });
    expect(screen.getByTestId('seat-total')).toHaveTextContent('S/ 150.00');
    expect(screen.getByRole('timer')).toHaveTextContent('Tiempo para completar la compra: 10 min');
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeEnabled();
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.seats)!)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: named(/^Asiento 5,/) }));
    expect(await screen.findByRole('button', { name: named(/^Asiento 5, .*, disponible$/) })).toHaveAttribute('aria-pressed', 'false');
    expect(holds[1]).toMatchObject({ nasiento: 5, gestado_asiento: 83 });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it("shows the server's message when someone else took the seat", async () => {
    api(() => json(409, { message: 'Alguien acaba de tomar este asiento. Actualizamos el mapa: elija otro.', code: 'seat.taken' }));
    chooseTrip();
    const user = userEvent.setup();
    renderAt('/pasajes/asientos', <SeatsPage />);
    await user.click(await screen.findByRole('button', { name: named(/^Asiento 6,/) }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Alguien acaba de tomar este asiento');
    await act(() => i18n.changeLanguage('en-EN'));
    expect(screen.getByRole('alert')).toHaveTextContent('Someone has just taken this seat');
  });

  it('keeps the seats held before a reload, and says so when no trip was chosen', async () => {
    api();
    chooseTrip();
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(5, { gnivel_piso: 15, gcategoria_asiento: 180, precio: 150, expira: EXPIRA })]));
    const view = renderAt('/pasajes/asientos', <SeatsPage />);
    expect(await screen.findByRole('button', { name: named(/^Asiento 5, .*, seleccionado$/) })).toBeInTheDocument();
    expect(screen.getByText(/1 de 2 asientos elegidos/)).toBeInTheDocument();
    view.unmount();

    sessionStorage.clear();
    renderAt('/pasajes/asientos', <SeatsPage />);
    expect(await screen.findByText('No hay un viaje elegido.')).toBeInTheDocument();
  });
});

describe('splitName', () => {
  it('keeps what the button shows inside its name, in order', () => {
    expect(splitName('Asiento 12, piso 1, VIP cama 180°, S/ 120.00, disponible', ['12', '180°', '120.00'])).toEqual([
      { text: 'Asiento ', visible: false },
      { text: '12', visible: true },
      { text: ', piso 1, VIP cama ', visible: false },
      { text: '180°', visible: true },
      { text: ', S/ ', visible: false },
      { text: '120.00', visible: true },
      { text: ', disponible', visible: false },
    ]);
  });
});
