import { expect, test, type APIRequestContext } from '@playwright/test';
import { BookingPage, type HeldSeatInStorage } from '../pages/booking.page';
import { expectAccessible } from '../support/axe';
import { SITE } from '../support/site';
import { limaDate } from '../support/dates';

/** The seat states the API reports now for the given seats. */
async function statesOf(request: APIRequestContext, seats: HeldSeatInStorage[]): Promise<number[]> {
  const first = seats[0]!;
  const answer = await request.post(`${SITE.apiUrl}/rest/maqueta`, {
    data: { cviaje: first.cviaje, cterminal_origen: first.cterminal_origen, cterminal_destino: first.cterminal_destino, susuario: 'TVIRT', cusuario: 50005 },
  });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: { asientos: { nasiento: number | null; gestado_asiento: number | null }[] } };
  return seats.map((seat) => data.asientos.find((cell) => cell.nasiento === seat.nasiento)!.gestado_asiento!);
}

const TEXTS = {
  'es-PE': { decks: /2 pisos/, trips: 'Elige tu viaje de ida', seat: /^Asiento \s*\d+\s*, piso 1, .+\s*, S\/ \s*\d+\.\d{2}\s*, seleccionado$/ },
  'en-EN': { decks: /2 decks/, trips: 'Choose your outbound trip', seat: /^Seat \s*\d+\s*, deck 1, .+\s*, S\/ \s*\d+\.\d{2}\s*, selected$/ },
} as const;

for (const language of ['es-PE', 'en-EN'] as const) {
  test(`search → trip → seats on both decks → reload keeps them → the logo releases them (${language})`, async ({ page, request }) => {
    const booking = new BookingPage(page);
    const texts = TEXTS[language];
    const fecha = limaDate(language === 'es-PE' ? 3 : 4);
    await booking.openTrips({ origen: 'CUZ', destino: 'LIM', fecha, pasajeros: 1 });
    if (language === 'en-EN') await booking.switchLanguage('en-EN');

    await booking.searchTrips({
      origen: { type: 'lim', option: /^Lima \(LIM\)/ },
      destino: { type: 'Areq', option: /^Arequipa \(AQP\)/ },
      fecha,
      pasajeros: 2,
    });
    await expect(page).toHaveURL(new RegExp(`/pasajes\\?origen=LIM&destino=AQP&fecha=${fecha}&pasajeros=2$`));
    await expect(booking.main.getByRole('heading', { level: 1 })).toHaveText(texts.trips);
    await expect(booking.tripCards().first()).toBeVisible();
    await expectAccessible(page);

    await booking.chooseTrip(texts.decks);
    await expectAccessible(page);
    const lower = await booking.pickSeat();
    await expect(booking.seat(lower)).toHaveAccessibleName(texts.seat);
    await booking.switchDeck(2);
    const upper = await booking.pickSeat();
    await expect(booking.summary()).toContainText(String(upper));
    await expect(booking.main.getByRole('button', { name: /^(Continuar|Continue)$/ })).toBeEnabled();
    await expectAccessible(page);

    const held = await booking.heldSeats();
    expect(held.map((seat) => seat.nasiento).sort()).toEqual([lower, upper].sort());
    expect(await statesOf(request, held)).toEqual([84, 84]);

    await page.reload();
    await expect(booking.seat(lower)).toHaveAttribute('aria-pressed', 'true');
    await booking.switchDeck(2);
    await expect(booking.seat(upper)).toHaveAttribute('aria-pressed', 'true');

    await booking.clickLogo();
    expect(await booking.heldSeats()).toEqual([]);
    expect(await booking.storedBooking()).toBeNull();
    await expect.poll(() => statesOf(request, held)).toEqual([83, 83]);
  });
}

test('round trip: outbound seats, then the return trip and its seats, then payment', async ({ page, request }) => {
  const booking = new BookingPage(page);
  const fecha = limaDate(6);
  const regreso = limaDate(9);
  await booking.openTrips({ origen: 'LIM', destino: 'CUZ', fecha, regreso, pasajeros: 1 });
  await expect(booking.tripCards().first()).toBeVisible();
  await booking.chooseTrip(/piso/);
  await expect(booking.main.getByRole('heading', { level: 1 })).toHaveText('Asientos del viaje de ida');
  const outbound = await booking.pickSeat();
  await expect(booking.continueButton()).toHaveText('Continuar con el regreso');
  await booking.continueBooking();

  await expect(page).toHaveURL(new RegExp(`/pasajes\\?origen=LIM&destino=CUZ&fecha=${fecha}&regreso=${regreso}&pasajeros=1&tramo=vuelta$`));
  await expect(booking.main.getByRole('heading', { level: 1 })).toHaveText('Elige tu viaje de regreso');
  await expect(booking.main).toContainText(/Cusco → Lima/);
  await expectAccessible(page);
  await booking.chooseTrip(/piso/);
  await expect(booking.main.getByRole('heading', { level: 1 })).toHaveText('Asientos del viaje de regreso');
  const back = await booking.pickSeat();
  await booking.continueBooking();
  await expect(page).toHaveURL(/\/pasajes\/pago$/);

  const held = await booking.heldSeats();
  expect(held.map((seat) => seat.nasiento)).toEqual([outbound, back]);
  expect(new Set(held.map((seat) => seat.cviaje)).size).toBe(2);
  await booking.clickLogo();
  for (const seat of held) await expect.poll(() => statesOf(request, [seat])).toEqual([83]);
});

/** The trip step 2 shows (from CRESERVA). */
async function chosenTrip(booking: BookingPage) {
  const reservation = (await booking.storedBooking()) as { ida: { cviaje: number; cterminal_origen: number; cterminal_destino: number } };
  return reservation.ida;
}

test('a seat someone else took meanwhile: the server says so and the map shows it taken', async ({ page, request }) => {
  const booking = new BookingPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'TRU', fecha: limaDate(5), pasajeros: 2 });
  await booking.chooseTrip(/piso/);
  const nasiento = await booking.firstAvailableSeat();
  const trip = await chosenTrip(booking);
  const map = await request.post(`${SITE.apiUrl}/rest/maqueta`, { data: { ...trip, susuario: 'TVIRT', cusuario: 50005 } });
  const cell = ((await map.json()) as { data: { asientos: { nasiento: number; cviaje_asiento: number; gnivel_piso: number; gcategoria_asiento: number }[] } }).data.asientos.find(
    (seat) => seat.nasiento === nasiento,
  )!;
  const other = await request.post(`${SITE.apiUrl}/rest/asiento/bloquear`, {
    data: { ...trip, ...cell, gestado_asiento: 84, susuario: 'TVIRT', cusuario: 50005 },
  });
  expect(other.ok()).toBe(true);

  await booking.seat(nasiento).click();
  await expect(booking.message()).toContainText('Alguien acaba de tomar este asiento');
  await expect(booking.seat(nasiento)).toHaveAttribute('data-status', 'occupied');
  await expectAccessible(page);

  // the keyboard alone picks another one
  const next = await booking.firstAvailableSeat();
  await booking.pickSeatWithKeyboard(next);
  await booking.clickLogo();
});

test('when the hold time runs out, the seats are released and the customer is told', async ({ page, request }) => {
  await page.clock.install();
  const booking = new BookingPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'ICA', fecha: limaDate(5), pasajeros: 1 });
  await booking.chooseTrip(/piso/);
  await booking.pickSeat();
  await expect(booking.timer()).toContainText('10 min');
  const held = await booking.heldSeats();
  await page.clock.fastForward('10:01');
  await expect(booking.message()).toContainText('Se acabó el tiempo de reserva');
  await expect(booking.timer()).toHaveCount(0);
  expect(await booking.heldSeats()).toEqual([]);
  await expect.poll(() => statesOf(request, held)).toEqual([83]);
  await expect(booking.seat(held[0]!.nasiento)).toHaveAttribute('data-status', /available|promotion/);
});

test('a failed search offers a retry; a day without trips says so; a search that cannot run says why', async ({ page }) => {
  const booking = new BookingPage(page);
  await page.route('**/rest/viaje', (route) => route.abort());
  await booking.openTrips({ origen: 'LIM', destino: 'AQP', fecha: limaDate(2), pasajeros: 1 });
  await expect(booking.main.getByRole('alert')).toContainText('No pudimos buscar los viajes');
  await expectAccessible(page);
  await page.unroute('**/rest/viaje');
  await booking.main.getByRole('button', { name: 'Reintentar' }).click();
  await expect(booking.tripCards().first()).toBeVisible();

  await booking.openTrips({ origen: 'TBP', destino: 'ILQ', fecha: limaDate(2), pasajeros: 1 });
  await expect(booking.main).toContainText('No hay viajes a la venta para ese día.');
  await expectAccessible(page);

  await booking.openTrips({ origen: 'LIM', destino: 'LIM', fecha: limaDate(2), pasajeros: 1 });
  await expect(booking.main).toContainText('El origen y el destino deben ser distintos');
  await expectAccessible(page);
});

test('the home page fetches the city combobox into the cache, and runs it only when a city box is touched', async ({ page }) => {
  const booking = new BookingPage(page);
  await booking.open('/');
  const { combobox } = (await (await page.request.get('/shared-chunks.json')).json()) as { combobox: string[] };
  expect(combobox.length).toBeGreaterThan(0);
  // How the page loaded each of those files: `link` (a prefetch hint, not run) or `script` (run).
  const loadedAs = (initiator: string) =>
    page.evaluate(
      ({ files, initiator }) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === initiator)
          .map((entry) => new URL(entry.name).pathname.slice(1))
          .filter((file) => files.includes(file)),
      { files: combobox, initiator },
    );
  await expect.poll(async () => (await loadedAs('link')).sort()).toEqual([...combobox].sort());
  expect(await loadedAs('script')).toEqual([]);
  await expect(booking.cityBox('origen')).not.toHaveAttribute('data-scope', 'combobox');

  await booking.cityBox('destino').click();
  await expect(booking.cityBox('destino')).toHaveAttribute('data-scope', 'combobox');
  await expect(booking.cityBox('destino')).toBeFocused();
  await expect(page.getByRole('listbox')).toBeVisible();
  expect((await loadedAs('script')).length).toBeGreaterThan(0);
  await expectAccessible(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('tapping a city box opens the city list with the focus in the box; typing filters it', async ({ page }) => {
    const booking = new BookingPage(page);
    await booking.open('/');
    const box = booking.cityBox('origen');
    await box.tap();
    await expect(box).toHaveAttribute('data-scope', 'combobox');
    await expect(box).toBeFocused();
    const list = page.getByRole('listbox', { name: 'Origen' });
    await expect(list).toBeVisible();
    await page.keyboard.type('cus');
    await expect(list.getByRole('option')).toHaveCount(1);
    await list.getByRole('option', { name: /^Cusco \(CUZ\)/ }).tap();
    await expect(box).toHaveValue('Cusco (CUZ)');
    await expectAccessible(page);
  });
});

test('the home page mounts the search (mf-booking’s parcel): a search there opens step 1', async ({ page }) => {
  const booking = new BookingPage(page);
  await booking.open('/');
  await booking.searchTrips({
    origen: { type: 'lim', option: /^Lima \(LIM\)/ },
    destino: { type: 'cus', option: /^Cusco \(CUZ\)/ },
    fecha: limaDate(2),
    pasajeros: 1,
  });
  await expect(page).toHaveURL(new RegExp(`/pasajes\\?origen=LIM&destino=CUZ&fecha=${limaDate(2)}&pasajeros=1$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Elige tu viaje de ida' })).toBeVisible();
  await expectAccessible(page);
});
