import { STORAGE_KEYS, i18n } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { answer, json, stubEndpoints, type StubAnswer } from '@rumbo/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeReservation } from '../reservation';
import { TWO_DECKS, held, holdResult, trip } from '../testing/fixtures';
import { renderAt, setUpBooking } from '../testing/render';
import { SeatsPage } from './seats.page';

/**
 * A seat's accessible name as read: the button's visible lines are blocks, so the computed name
 * has a space before the commas that follow them ("Asiento 5 , piso 1"); screen readers ignore it.
 */
const named = (expected: string | RegExp) => (name: string) => {
  const read = name.replace(/\s+,/g, ',');
  return typeof expected === 'string' ? read === expected : expected.test(read);
};

const EXPIRA = new Date(Date.now() + 10 * 60_000).toISOString();

function api(hold?: () => StubAnswer<typeof endpoints.seatHold>) {
  const holds: Record<string, unknown>[] = [];
  stubEndpoints(
    answer(endpoints.seatMap, { asientos: TWO_DECKS, especiales: [{ nasiento: 5, gnivel_piso: 15, tipo: 'preferencial' }] }),
    answer(endpoints.seatHold, (_request, body) => {
      holds.push(body);
      return hold ? hold() : holdResult(body, { expira: EXPIRA, precio: 150 });
    }),
  );
  return holds;
}

function chooseTrip(pasajeros = 2) {
  writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros }, ida: trip(), tramo: 'ida' });
}

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

/** Step 2 of a chosen trip with the seat map answered, switched to its second deck. */
async function openDeckTwo() {
  api();
  chooseTrip();
  const user = userEvent.setup();
  renderAt('/pasajes/asientos', <SeatsPage />);
  await screen.findByRole('grid', { name: 'Piso 1' });
  await user.click(screen.getByRole('radio', { name: 'Piso 2' }));
  return { user, deck: await screen.findByRole('grid', { name: 'Piso 2' }) };
}

describe('step 2, Asientos', () => {
  it('draws deck 1 with its facilities; each seat a button named with number, deck, class, price and state', async () => {
    api();
    chooseTrip();
    renderAt('/pasajes/asientos', <SeatsPage />);
    const deck = await screen.findByRole('grid', { name: 'Piso 1' });
    expect(within(deck).getByRole('button', { name: named('Piso 1, fila 1, asiento 5, ventana, VIP cama 180°, preferencial, S/ 150.00, disponible') })).toBeInTheDocument();
    expect(within(deck).getByRole('img', { name: 'Conductor' })).toBeInTheDocument();
    expect(within(deck).getByRole('img', { name: 'Baño' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pasos de la compra' })).toHaveTextContent(/Asientos.*paso actual/);
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  });

  it('shows the chosen trip at once, read from session storage, while the seat map is on its way', () => {
    stubEndpoints(answer(endpoints.seatMap, () => new Promise(() => undefined)));
    chooseTrip();
    renderAt('/pasajes/asientos', <SeatsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Elige tus asientos');
    expect(screen.getByRole('link', { name: 'Cambiar de viaje' })).toBeInTheDocument();
    expect(screen.getByText('Cargando el mapa de asientos…')).toBeInTheDocument();
  });

  it('switches decks and shows taken and promotional seats', async () => {
    const { deck } = await openDeckTwo();
    expect(within(deck).getByRole('button', { name: named(/^Piso 2, fila 1, asiento 2, pasillo, .*, ocupado$/) })).toBeInTheDocument();
    expect(within(deck).getByRole('button', { name: named(/^Piso 2, fila 1, asiento 3, ventana, .*, ocupado$/) })).toBeInTheDocument();
    expect(within(deck).getByRole('button', { name: named('Piso 2, fila 2, asiento 4, ventana, Especial 160°, S/ 72.00, en promoción') })).toBeInTheDocument();
    expect(within(deck).getByRole('img', { name: 'Escalera' })).toBeInTheDocument();
  });

  it('holds a seat on click, lists it with the total and the countdown, and releases it on a second click', async () => {
    const holds = api();
    chooseTrip(1);
    const user = userEvent.setup();
    renderAt('/pasajes/asientos', <SeatsPage />);
    const seat = await screen.findByRole('button', { name: named(/^Piso 1, fila 1, asiento 5,/) });
    await user.click(seat);
    expect(await screen.findByRole('button', { name: named(/^Piso 1, fila 1, asiento 5, .*, seleccionado$/) })).toHaveAttribute('aria-pressed', 'true');
    expect(holds[0]).toMatchObject({ nasiento: 5, gestado_asiento: 84 });
    expect(screen.getByTestId('seat-total')).toHaveTextContent('S/ 150.00');
    expect(screen.getByRole('timer')).toHaveTextContent('Tiempo para completar la compra: 10 min');
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeEnabled();
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.seats)!)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: named(/^Piso 1, fila 1, asiento 5,/) }));
    expect(await screen.findByRole('button', { name: named(/^Piso 1, fila 1, asiento 5, .*, disponible$/) })).toHaveAttribute('aria-pressed', 'false');
    expect(holds[1]).toMatchObject({ nasiento: 5, gestado_asiento: 83 });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it("shows the server's message when someone else took the seat", async () => {
    api(() => json(409, { message: 'Alguien acaba de tomar este asiento. Actualizamos el mapa: elija otro.', code: 'seat.taken' }));
    chooseTrip();
    const user = userEvent.setup();
    renderAt('/pasajes/asientos', <SeatsPage />);
    await user.click(await screen.findByRole('button', { name: named(/^Piso 1, fila 1, asiento 6,/) }));
    // told in the polite live region, not as an alert cutting in
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alguien acaba de tomar este asiento'));
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('en-EN'));
    expect(screen.getByRole('status')).toHaveTextContent('Someone has just taken this seat');
  });

  it('keeps the seats held before a reload, and says so when no trip was chosen', async () => {
    api();
    chooseTrip();
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(5, { gnivel_piso: 15, gcategoria_asiento: 180, precio: 150, expira: EXPIRA })]));
    const view = renderAt('/pasajes/asientos', <SeatsPage />);
    expect(await screen.findByRole('button', { name: named(/^Piso 1, fila 1, asiento 5, .*, seleccionado$/) })).toBeInTheDocument();
    expect(screen.getByText(/1 de 2 asientos elegidos/)).toBeInTheDocument();
    view.unmount();

    sessionStorage.clear();
    renderAt('/pasajes/asientos', <SeatsPage />);
    expect(await screen.findByText('No hay un viaje elegido.')).toBeInTheDocument();
  });
});

describe('step 2 with the keyboard and a screen reader', () => {
  const focusedSeat = () => (document.activeElement as HTMLElement | null)?.dataset.seat;

  it('makes the deck one tab stop; arrows, Home/End, Ctrl+Home/End and Page keys move seat by seat in the layout', async () => {
    const { user, deck } = await openDeckTwo();
    // one seat of the deck is in the tab order: the first one
    expect(within(deck).getAllByRole('button').filter((seat) => seat.tabIndex === 0)).toHaveLength(1);
    await user.tab();
    expect(focusedSeat()).toBe('1');
    await user.keyboard('{ArrowLeft}');
    expect(focusedSeat()).toBe('1');
    await user.keyboard('{ArrowRight}');
    expect(focusedSeat()).toBe('2');
    // over the aisle
    await user.keyboard('{ArrowRight}');
    expect(focusedSeat()).toBe('3');
    await user.keyboard('{ArrowDown}');
    expect(focusedSeat()).toBe('4');
    await user.keyboard('{ArrowUp}');
    expect(focusedSeat()).toBe('3');
    await user.keyboard('{Home}');
    expect(focusedSeat()).toBe('1');
    await user.keyboard('{End}');
    expect(focusedSeat()).toBe('3');
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(focusedSeat()).toBe('1');
    await user.keyboard('{Control>}{End}{/Control}');
    expect(focusedSeat()).toBe('4');
    await user.keyboard('{PageUp}');
    expect(focusedSeat()).toBe('1');
    await user.keyboard('{PageDown}');
    expect(focusedSeat()).toBe('4');
    // the tab stop follows the focus, and Tab leaves the deck
    expect(within(deck).getAllByRole('button').filter((seat) => seat.tabIndex === 0).map((seat) => seat.dataset.seat)).toEqual(['4']);
    await user.tab();
    expect(focusedSeat()).toBeUndefined();
    await user.tab({ shift: true });
    expect(focusedSeat()).toBe('4');
  });

  it('picks with Enter and releases with Space, and announces it, a refusal and the limit in a polite live region', async () => {
    const holds = api();
    chooseTrip(1);
    const user = userEvent.setup();
    renderAt('/pasajes/asientos', <SeatsPage />);
    await screen.findByRole('grid', { name: 'Piso 1' });
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('radio', { name: 'Piso 2' }));
    await screen.findByRole('grid', { name: 'Piso 2' });
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(region).toHaveTextContent('Asiento 1 reservado para usted.'));
    expect(screen.getByRole('button', { name: named('Piso 2, fila 1, asiento 1, ventana, Especial 160°, S/ 150.00, seleccionado') })).toHaveFocus();
    expect(holds).toHaveLength(1);

    // someone else's seat: refused, and said so
    await user.keyboard('{ArrowRight}{Enter}');
    expect(region).toHaveTextContent('El asiento 2 está ocupado: elija otro.');
    // one seat per passenger: the limit is said too
    await user.keyboard('{PageDown}{Enter}');
    expect(region).toHaveTextContent('Ya eligió los 1 asientos de su compra');
    expect(holds).toHaveLength(1);

    await user.keyboard('{PageUp} ');
    await waitFor(() => expect(region).toHaveTextContent('Asiento 1 liberado.'));
    expect(holds[1]).toMatchObject({ nasiento: 1, gestado_asiento: 83 });
    expect(screen.getByRole('button', { name: named(/^Piso 2, fila 1, asiento 1, .*, disponible$/) })).toHaveFocus();
  });

  it('shows the state besides the colour, and names the seat in English too', async () => {
    const { deck } = await openDeckTwo();
    const mark = (n: number) => deck.querySelector(`[data-seat="${n}"] [data-mark]`)?.textContent;
    expect([mark(1), mark(2), mark(4)]).toEqual([undefined, '✕', '%']);
    await act(() => i18n.changeLanguage('en-EN'));
    expect(within(screen.getByRole('grid', { name: 'Deck 2' })).getByRole('button', { name: named('Deck 2, row 1, seat 1, window, Special 160°, S/ 90.00, available') })).toBeInTheDocument();
  });
});

describe('step 2 as a list (issue 20)', () => {
  it('shows the free seats as a list (a toggle beside the map), filtered, each row picking as the map does', async () => {
    const holds = api();
    chooseTrip();
    const user = userEvent.setup();
    renderAt('/pasajes/asientos', <SeatsPage />);
    await screen.findByRole('grid', { name: 'Piso 1' });
    const views = screen.getByRole('group', { name: 'Ver los asientos como' });
    await user.click(within(views).getByRole('button', { name: 'Lista' }));
    expect(within(views).getByRole('button', { name: 'Lista' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const rows = () => within(document.getElementById('seat-list')!).getAllByRole('button');
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Piso 1, fila 1, asiento 5, ventana, VIP cama 180°, preferencial, S\/ 150\.00, disponible/),
      expect.stringMatching(/^Piso 1, fila 1, asiento 6, ventana, /),
      expect.stringMatching(/^Piso 2, fila 1, asiento 1, ventana, Especial 160°, S\/ 90\.00, disponible/),
      expect.stringMatching(/^Piso 2, fila 2, asiento 4, ventana, Especial 160°, S\/ 72\.00, en promoción/),
    ]);
    await user.selectOptions(screen.getByLabelText('Piso'), '16');
    expect(rows()).toHaveLength(2);
    await user.click(rows()[0]!);
    await waitFor(() => expect(rows()[0]).toHaveAttribute('aria-pressed', 'true'));
    expect(holds.map((hold) => hold.nasiento)).toEqual([1]);
    expect(document.getElementById('seat-announcement')).toHaveTextContent('Asiento 1 reservado para usted.');
  });
});
