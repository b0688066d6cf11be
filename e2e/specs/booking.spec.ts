import { expect, test, type APIRequestContext, failedRequest, failedResponse } from '../support/test';
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

/** Holds a free seat of the same trip under a purchase of its own (as a postponement does); answers it as ASIENTOS keeps it. */
async function holdElsewhere(request: APIRequestContext, like: HeldSeatInStorage) {
  const trip = { cviaje: like.cviaje, cterminal_origen: like.cterminal_origen, cterminal_destino: like.cterminal_destino };
  const map = await request.post(`${SITE.apiUrl}/rest/maqueta`, { data: { ...trip, susuario: 'TVIRT', cusuario: 50005 } });
  const { data } = (await map.json()) as { data: { asientos: { nasiento: number | null; cviaje_asiento: number | null; gnivel_piso: number; gcategoria_asiento: number | null; gestado_asiento: number | null }[] } };
  const free = data.asientos.find((cell) => cell.gestado_asiento === 83 && cell.nasiento !== null && cell.cviaje_asiento !== null)!;
  const seat = { ...trip, cviaje_asiento: free.cviaje_asiento!, nasiento: free.nasiento!, gnivel_piso: free.gnivel_piso, gcategoria_asiento: free.gcategoria_asiento! };
  const answer = await request.post(`${SITE.apiUrl}/rest/asiento/bloquear`, { data: { ...seat, gestado_asiento: 84, susuario: 'TVIRT', cusuario: 50005 } });
  expect(answer.ok()).toBe(true);
  const { clave_bloqueo, expira, precio } = ((await answer.json()) as { data: { clave_bloqueo: string; expira: string; precio: number } }).data;
  return { ...seat, clave_bloqueo, expira, precio };
}

const TEXTS = {
  // A seat's spoken name has no stray spaces ("Piso 1, fila 12, asiento 47, pasillo, Especial 160°, S/ 102.00, seleccionado").
  'es-PE': {
    decks: /2 pisos/,
    trips: 'Elige tu viaje de ida',
    seat: /^Piso 1, fila \d+, asiento \d+, (ventana|pasillo|centro), \S[^,]*\S(, preferencial)?, S\/ \d+\.\d{2}, seleccionado$/,
    release: 'Liberar asiento',
    released: 'liberado',
  },
  'en-EN': {
    decks: /2 decks/,
    trips: 'Choose your outbound trip',
    seat: /^Deck 1, row \d+, seat \d+, (window|aisle|middle), \S[^,]*\S(, priority)?, S\/ \d+\.\d{2}, selected$/,
    release: 'Release seat',
    released: 'released',
  },
} as const;

for (const language of ['es-PE', 'en-EN'] as const) {
  test(`search → trip → seats on both decks → reload keeps them → the logo releases them (${language})`, async ({ consoleErrors, page, request }) => {
    // What this journey provokes on purpose: the first release the logo sends is aborted.
    consoleErrors.allow(failedRequest('/rest/asiento/bloquear'));
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

    // Released after the reload: drawn free at once (the server has it at 83), and it can be picked again.
    await booking.summary().getByRole('button', { name: `${texts.release} ${upper}` }).click();
    await expect(booking.main.getByRole('status').filter({ hasText: texts.released })).toBeVisible();
    await expect(booking.seat(upper)).toHaveAttribute('data-status', /^(available|promotion)$/);
    await expect.poll(() => statesOf(request, [held.find((seat) => seat.nasiento === upper)!])).toEqual([83]);
    await booking.seat(upper).click();
    await expect(booking.seat(upper)).toHaveAttribute('aria-pressed', 'true');

    // The logo releases every hold of this browser, the postponement's too, and retries a release that failed.
    const postponed = await holdElsewhere(request, held[0]!);
    await page.evaluate((seat) => {
      sessionStorage.setItem('CRESERVA_ANTERIORES', JSON.stringify({ ABCD2345: '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c' }));
      sessionStorage.setItem('POSTERGAR:CRESERVA', JSON.stringify({ tramo: 'ida' }));
      sessionStorage.setItem('POSTERGAR:ASIENTOS', JSON.stringify([seat]));
    }, postponed);
    let aborted = 0;
    await page.route('**/rest/asiento/bloquear', (route) => (aborted++ === 0 ? route.abort() : route.continue()));
    await booking.clickLogo();
    await expect.poll(() => statesOf(request, [...held, postponed])).toEqual([83, 83, 83]);
    await expect.poll(() => booking.heldSeats()).toEqual([]);
    expect(aborted).toBeGreaterThanOrEqual(4);
    expect(await booking.storedBooking()).toBeNull();
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => /^(CRESERVA|ASIENTOS|POSTERGAR:)/.test(key)))).toEqual([]);
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

test('a seat someone else took meanwhile: the server says so and the map shows it taken', async ({ consoleErrors, page, request }) => {
  // What this journey provokes on purpose: the seat taken meanwhile.
  consoleErrors.allow(failedResponse(409, '/rest/asiento/bloquear'));
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

test('keyboard only: Tab reaches the deck (one tab stop), arrows move to a free seat, Enter picks and Space releases; the name and the announcements are read from the accessibility tree', async ({ page }) => {
  const booking = new BookingPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'ICA', fecha: limaDate(6), pasajeros: 1 });
  await booking.chooseTrip(/piso/);
  const deck = booking.main.getByRole('grid', { name: 'Piso 1' });
  await expect(deck).toBeVisible();
  await expect(deck.locator('button[tabindex="0"]')).toHaveCount(1);

  await booking.tabIntoDeck();
  const nasiento = await booking.arrowToFreeSeat();
  const seat = deck.getByRole('button', { name: new RegExp(`^Piso 1, fila \\d+, asiento ${nasiento}, `) });
  await expect(seat).toBeFocused();
  // a visible focus ring
  await expect(seat).toHaveCSS('outline-style', 'solid');
  await expect(seat).toHaveCSS('outline-width', '3px');
  await expect(seat).toHaveAccessibleName(new RegExp(`^Piso 1, fila \\d+, asiento ${nasiento}, (ventana|pasillo|centro), \\S[^,]*\\S(, preferencial)?, S/ \\d+\\.\\d{2}, (disponible|en promoción)$`));
  await expectAccessible(page);

  await page.keyboard.press('Enter');
  await expect(seat).toHaveAttribute('aria-pressed', 'true');
  await expect(seat).toHaveAccessibleName(/, seleccionado$/);
  await expect(booking.message()).toHaveText(`Asiento ${nasiento} reservado para usted.`);
  await expect(booking.message()).toHaveAttribute('aria-live', 'polite');
  await expect(seat).toBeFocused();
  await expectAccessible(page);

  await page.keyboard.press('Space');
  await expect(seat).toHaveAttribute('aria-pressed', 'false');
  await expect(seat).toHaveAccessibleName(/, (disponible|en promoción)$/);
  await expect(booking.message()).toHaveText(`Asiento ${nasiento} liberado.`);
  await expect(seat).toBeFocused();
  expect(await booking.heldSeats()).toEqual([]);
  await expectAccessible(page);
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

test('a failed search offers a retry; a day without trips says so; a search that cannot run says why', async ({ consoleErrors, page }) => {
  // What this journey provokes on purpose: the search that fails.
  consoleErrors.allow(failedRequest('/rest/viaje'));
  const booking = new BookingPage(page);
  // The first day's trips come with the page (its loader asked them on the server); another day,
  // searched in the page, is asked by the browser, and that request fails.
  await booking.openTrips({ origen: 'LIM', destino: 'AQP', fecha: limaDate(2), pasajeros: 1 });
  await expect(booking.tripCards().first()).toBeVisible();
  await page.route('**/rest/viaje', (route) => route.abort());
  await booking.searchForm().locator('input[name="fecha"]').fill(limaDate(3));
  await booking.searchForm().locator('button[type="submit"]').click();
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

test('step 1 shows the fare calendar around the day; a tap on another day searches it (issue 48)', async ({ consoleErrors, page }) => {
  const booking = new BookingPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'AQP', fecha: limaDate(3), pasajeros: 1 });
  const calendar = booking.fareCalendar();
  // Seven days each side, from today on: days 0 to 10 of the sales window.
  await expect(calendar.getByRole('listitem')).toHaveCount(11);
  await expect(calendar.locator('[aria-current="date"]')).toHaveText(/desde S\/ \d+\.\d{2}$/);
  await expectAccessible(page);
  await booking.searchDayFromCalendar(limaDate(4));
  await expect(booking.fareCalendar().locator('[aria-current="date"]')).toBeVisible();
  await expect(booking.fareCalendar().locator(`a[href*="fecha=${limaDate(3)}"]`)).toBeVisible();
  await expect(booking.tripCards().first()).toBeVisible();
  expect(consoleErrors.seen).toEqual([]);
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
