import { i18n } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { answer, stubEndpoints } from '@rumbo/shared/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readReservation } from '../reservation';
import { AREQUIPA, TERMINALS, trip } from '../testing/fixtures';
import { renderAt, setUpBooking } from '../testing/render';
import { tripsApi as api } from '../testing/trips-api';
import { TripsPage } from './trips.page';

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
const plus = (days: number) => {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const FECHA = plus(3);
const URL_OK = `/pasajes?origen=LIM&destino=AQP&fecha=${FECHA}&pasajeros=2`;

const NIGHT = trip({ cviaje: 11, escalas: 2 });
const MORNING = trip({ cviaje: 12, fecha_salida: '2026-11-27T13:00:00Z', fecha_llegada: '2026-11-28T03:00:00Z', nprecio_desde: 65, edd_calc_140_p2: 65, edd_calc_160_p2: null, edd_calc_180_p1: null, escalas: 0, pisos: 1 });


beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe('step 1, Destinos', () => {
  it('lists the trips of the day with times in Lima, fares, the "from" price and free seats', async () => {
    api([[NIGHT, MORNING]]);
    renderAt(URL_OK, <TripsPage />);
    expect(await screen.findByText('2 viajes')).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem').filter((item) => within(item).queryByRole('heading', { level: 3 }));
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['08:00 → 22:00', '20:30 → 11:00 (+1)']);
    const night = cards[1]!;
    expect(night).toHaveTextContent('Desde S/ 90.00');
    expect(night).toHaveTextContent('Especial 160°, piso 2: S/ 90.00');
    expect(night).toHaveTextContent('VIP cama 180°, piso 1: S/ 150.00');
    expect(night).toHaveTextContent('40 asientos libres');
    expect(night).toHaveTextContent('Terminal Plaza Norte');
    expect(night).toHaveTextContent('14 h 30 min');
    expect(screen.getByRole('navigation', { name: 'Pasos de la compra' })).toHaveTextContent(/Destinos.*paso actual/);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Elige tu viaje de ida');
  });

  it("names the bus's own route when the passenger rides part of it (issue 19)", async () => {
    const TACNA = { ...AREQUIPA, cterminal: 101, nombre: 'Terminal Tacna', cciudad: 10, ciudad: 'Tacna', codigo: 'TCQ' };
    api([[NIGHT, trip({ cviaje: 13, ruta_destino: TACNA })]]);
    renderAt(URL_OK, <TripsPage />);
    expect(await screen.findByText('2 viajes')).toBeInTheDocument();
    const routes = screen.getAllByTestId('trip-route');
    expect(routes).toHaveLength(1);
    expect(routes[0]).toHaveTextContent('Bus de la ruta Lima → Tacna');
  });

  it('sorts by price, filters by seat class and shows stops on demand', async () => {
    api([[NIGHT, MORNING]]);
    const user = userEvent.setup();
    renderAt(URL_OK, <TripsPage />);
    await screen.findByText('2 viajes');
    await user.selectOptions(screen.getByLabelText('Tipo de asiento'), 'VIP cama 180°');
    expect(screen.getByText('1 viaje')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Tipo de asiento'), 'Todos');
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'precio');
    const show = screen.getByRole('button', { name: 'Ver escalas' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(await screen.findByText(/Nasca, llegada 01:15/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ocultar escalas' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows its heading, route, toolbar and a busy list at once, while the search is under way', () => {
    stubEndpoints(answer(endpoints.terminals, TERMINALS), answer(endpoints.trips, () => new Promise(() => undefined)));
    renderAt(URL_OK, <TripsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Elige tu viaje de ida');
    expect(screen.getByText('LIM → AQP')).toBeInTheDocument();
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('salida');
    expect(screen.getByText('Buscando viajes…')).toBeInTheDocument();
  });

  it('a failed search offers a retry that searches again', async () => {
    const searches = api(['fail', [NIGHT]]);
    const user = userEvent.setup();
    renderAt(URL_OK, <TripsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos buscar los viajes');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('1 viaje')).toBeInTheDocument();
    expect(searches).toHaveLength(2);
    expect(searches[0]).toEqual({ origen: 'LIM', destino: 'AQP', fecha: FECHA, cusuario: 50005, coficina_venta: 577 });
  });

  it('says so when there is no trip that day', async () => {
    api([[]]);
    renderAt(URL_OK, <TripsPage />);
    expect(await screen.findByText('No hay viajes a la venta para ese día.')).toBeInTheDocument();
  });

  it('explains a search it cannot run, in the chosen language', async () => {
    const searches = api([[NIGHT]]);
    renderAt(`/pasajes?origen=LIM&destino=LIM&fecha=2020-01-01&pasajeros=9`, <TripsPage />);
    expect(await screen.findByText('El origen y el destino deben ser distintos')).toBeInTheDocument();
    expect(screen.getByText('La fecha de viaje no puede ser anterior a hoy')).toBeInTheDocument();
    expect(screen.getByText('Elija de 1 a 5 pasajeros')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en-EN'));
    expect(screen.getByText('Origin and destination must be different')).toBeInTheDocument();
    expect(searches).toEqual([]);
  });

  it('choosing a trip keeps it in CRESERVA and goes to the seats', async () => {
    api([[NIGHT]]);
    const user = userEvent.setup();
    renderAt(URL_OK, <TripsPage />);
    await user.click(await screen.findByRole('button', { name: 'Elegir viaje de las 20:30' }));
    expect(readReservation()).toMatchObject({ ida: { cviaje: 11 }, tramo: 'ida', search: { origen: 'LIM', destino: 'AQP', fecha: FECHA, pasajeros: 2 } });
    expect(window.location.pathname).toBe('/pasajes/asientos');
  });

  it('shows the fare calendar around the day, each other day a link that searches it (issue 48)', async () => {
    api([[NIGHT, MORNING]]);
    renderAt(URL_OK, <TripsPage />);
    const calendar = await screen.findByRole('navigation', { name: 'Precios por día' });
    const days = within(calendar).getAllByRole('listitem');
    expect(days).toHaveLength(3);
    const shown = days[1]!.querySelector('[aria-current="date"]');
    expect(shown).toHaveTextContent(/desde S\/ 90\.00$/);
    expect(within(days[1]!).queryByRole('link')).toBeNull();
    const next = within(days[2]!).getByRole('link');
    expect(next).toHaveAttribute('href', `/pasajes?origen=LIM&destino=AQP&fecha=${plus(4)}&pasajeros=2`);
    // A link's name is what it shows (WCAG 2.5.3: axe's label-content-name-mismatch): the day, then its price.
    expect(next).toHaveAccessibleName(/^\S+ \d+ \S+ desde S\/ 90\.00$/);
    expect(within(days[0]!).getByRole('link')).toHaveAccessibleName(/ sin asientos$/);
  });

  it('shows the fare calendar in English to an English reader', async () => {
    await setUpBooking('en-EN');
    api([[NIGHT, MORNING]]);
    renderAt(URL_OK, <TripsPage />);
    const calendar = await screen.findByRole('navigation', { name: 'Fares by day' });
    expect(within(calendar).getAllByRole('link')[1]).toHaveAccessibleName(/ from S\/ 90\.00$/);
  });
});

