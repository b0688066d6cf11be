import { expect, test, failedResponse, type APIRequestContext, type Page } from '../support/test';
import { BookingPage, PaymentStepPage, ReservationStatusPage, STEP_2_ADDRESS, type HeldSeatInStorage } from '../pages/booking.page';
import { expectAccessible } from '../support/axe';
import { limaDate } from '../support/dates';
import { SITE } from '../support/site';

/**
 * Issue 20: a seat map and a hold that work for everyone — the keyboard alone, what a screen
 * reader is told (read from the accessibility tree), time to finish (warning, "more time", its
 * limit, expiry), the list view and "choose for me", small screens.
 */

/** Tabs forward until `target` has the focus (at most `max` presses). */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The seat states the API reports now for the given seats. */
async function statesOf(request: APIRequestContext, seats: HeldSeatInStorage[]): Promise<number[]> {
  const first = seats[0]!;
  const answer = await request.post(`${SITE.apiUrl}/rest/maqueta`, {
    data: { cviaje: first.cviaje, cterminal_origen: first.cterminal_origen, cterminal_destino: first.cterminal_destino, susuario: 'TVIRT', cusuario: 50005 },
  });
  const { data } = (await answer.json()) as { data: { asientos: { nasiento: number | null; gnivel_piso: number; gestado_asiento: number | null }[] } };
  return seats.map((seat) => data.asientos.find((cell) => cell.nasiento === seat.nasiento && cell.gnivel_piso === seat.gnivel_piso)!.gestado_asiento!);
}

test('keyboard only: pick and release a seat, then pick one and buy it; names and announcements from the accessibility tree', async ({ page }) => {
  const booking = new BookingPage(page);
  const payment = new PaymentStepPage(page);
  const reservation = new ReservationStatusPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'AQP', fecha: limaDate(8), pasajeros: 1 });
  await booking.chooseTrip(/piso/);

  await booking.tabIntoDeck();
  const nasiento = await booking.arrowToFreeSeat();
  const seat = booking.seat(nasiento);
  // What a screen reader reads: the seat's full name in the accessibility tree.
  expect(await seat.ariaSnapshot()).toMatch(
    new RegExp(`^- button "Piso [12], fila \\d+, asiento ${nasiento}, (ventana|pasillo|centro), [^,]+(, preferencial)?, S/ \\d+\\.\\d{2}, (disponible|en promoción)"$`),
  );
  await page.keyboard.press('Enter');
  await expect(seat).toHaveAttribute('aria-pressed', 'true');
  expect(await seat.ariaSnapshot()).toMatch(/, seleccionado" \[pressed\]/);
  await expect(booking.message()).toHaveAttribute('aria-live', 'polite');
  await expect(booking.message()).toContainText(`Asiento ${nasiento} reservado para usted.`);
  expect(await booking.message().ariaSnapshot()).toContain(`Asiento ${nasiento} reservado para usted.`);

  await page.keyboard.press('Space');
  await expect(seat).toHaveAttribute('aria-pressed', 'false');
  await expect(booking.message()).toContainText(`Asiento ${nasiento} liberado.`);
  expect(await booking.message().ariaSnapshot()).toContain(`Asiento ${nasiento} liberado.`);
  await expect(seat).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(seat).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, booking.continueButton());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pasajes\/pago$/);

  // Step 3 with the keyboard: each field focused by Tab from the one before, typed, the terms ticked with Space.
  const block = payment.passenger(1);
  const field = (name: string) => block.locator(`[name="p1-${name}"]`);
  await tabTo(page, field('numero'));
  await page.keyboard.type('41234568');
  for (const [name, text] of [
    ['nombres', 'Lucía'],
    ['paterno', 'Quispe'],
    ['materno', 'Mamani'],
    ['email', 'lucia@example.pe'],
    ['celular', '987654321'],
  ] as const) {
    await tabTo(page, field(name));
    await page.keyboard.type(text);
  }
  await tabTo(page, field('genero'));
  await page.keyboard.type('F');
  await expect(field('genero')).toHaveValue('F');
  await tabTo(page, field('nacimiento'));
  await page.keyboard.type('04121988'); // Chromium's date box here reads month first
  await expect(field('nacimiento')).toHaveValue('1988-04-12');
  await tabTo(page, payment.main.locator('[name="buyer-nombre"]'));
  await page.keyboard.type('Lucía Quispe Mamani');
  await tabTo(page, payment.main.locator('[name="buyer-email"]'));
  await page.keyboard.type(`lucia.${Date.now()}@example.pe`);
  const terms = payment.main.getByRole('checkbox', { name: /^Acepto los/ });
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(page, payment.main.getByRole('button', { name: /^Reservar$/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pasajes\/reserva\/[A-HJ-NP-Z2-9]{8}$/);

  // Pay by card with the keyboard: the method's radio with Space, "Pagar" and the provider's approval with Enter.
  const card = reservation.main.getByRole('radio', { name: /^Tarjeta de crédito o débito/ });
  await card.focus();
  await page.keyboard.press('Space');
  await expect(card).toBeChecked();
  await tabTo(page, reservation.main.getByRole('button', { name: /^Pagar$/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sandbox\/safetypay\//);
  await page.getByRole('button', { name: /^Aprobar / }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pasajes\/reserva\/[A-Z0-9]{8}$/);
  await expect(reservation.state()).toHaveText('Pagada', { timeout: 20_000 });
  await expect(reservation.tickets()).toHaveCount(1);
});

test('time to finish: warned 2½ minutes before the end (announced), more time twice, then refused by the API past its limit', async ({ consoleErrors, page, request }) => {
  consoleErrors.allow(failedResponse(409, '/rest/asiento/extender'));
  await page.clock.install();
  const booking = new BookingPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'CUZ', fecha: limaDate(8), pasajeros: 1 });
  await booking.chooseTrip(/piso/);
  await booking.pickSeat();
  await expect(booking.holdWarning()).toHaveCount(0);

  await page.clock.fastForward('07:40');
  await expect(booking.holdWarning()).toBeVisible();
  await expect(booking.message()).toContainText(/Quedan \d minutos para completar la compra\. ¿Necesita más tiempo\?/);
  expect(await booking.message().ariaSnapshot()).toMatch(/Quedan \d minutos para completar la compra\. ¿Necesita más tiempo\?/);
  await expect(booking.holdWarning()).toContainText('Puede pedir más tiempo 2 veces más');
  await expectAccessible(page);

  const held = await booking.heldSeats();
  await booking.moreTimeButton().focus();
  await page.keyboard.press('Enter');
  await expect(booking.message()).toContainText('Le dimos más tiempo');
  await expect(booking.holdWarning()).toContainText('Puede pedir más tiempo 1 vez más');
  const after = (await booking.heldSeats()) as (HeldSeatInStorage & { expira: string })[];
  expect(Date.parse(after[0]!.expira)).toBeGreaterThan(Date.parse((held[0] as HeldSeatInStorage & { expira: string }).expira));

  await booking.moreTimeButton().click();
  await expect(booking.message()).toContainText('Le dimos más tiempo');
  // None left: the warning says so and offers no button; the focus is on the clock, not lost.
  await expect(booking.moreTimeButton()).toHaveCount(0);
  await expect(booking.main.locator('[data-hold-time]')).toBeFocused();
  await expect(booking.holdWarning()).toContainText('ya no podemos darle más tiempo');
  await expectAccessible(page);

  // The API keeps the limit whatever the page shows.
  const { clave_bloqueo } = (await booking.heldSeats())[0] as HeldSeatInStorage & { clave_bloqueo: string };
  const third = await request.post(`${SITE.apiUrl}/rest/asiento/extender`, { data: { clave_bloqueo }, headers: { 'accept-language': 'es-PE' } });
  expect(third.status()).toBe(409);
  expect(await third.json()).toEqual({ code: 'hold.extensionLimit', message: 'Ya no podemos darle más tiempo para esta compra: complétela antes de que termine el tiempo.' });

  // A reload forgets how many were left: asking again, the API's refusal is told.
  await page.reload();
  await expect(booking.seatDeck()).toBeVisible();
  await expect(booking.moreTimeButton()).toBeVisible();
  await booking.moreTimeButton().click();
  await expect(booking.message()).toContainText('Ya no podemos darle más tiempo para esta compra');
  await expect(booking.moreTimeButton()).toHaveCount(0);
  await expectAccessible(page);
  await expect.poll(() => statesOf(request, held)).toEqual([84]);
});

test('step 3: the warning and "more time" there too; when the hold ends, it says so and the seats are picked again with what was typed kept', async ({ page }) => {
  await page.clock.install();
  const booking = new BookingPage(page);
  const payment = new PaymentStepPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'TRU', fecha: limaDate(9), pasajeros: 1 });
  await booking.chooseTrip(/piso/);
  await booking.pickSeat();
  await booking.continueBooking();
  await expect(page).toHaveURL(/\/pasajes\/pago$/);
  await payment.passenger(1).locator('[name="p1-nombres"]').fill('Teodora');
  await payment.main.locator('[name="buyer-email"]').fill('teodora@example.pe');

  await page.clock.fastForward('08:00');
  const region = payment.main.locator('#hold-announcement');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toContainText(/Quedan 2 minutos para completar la compra/);
  expect(await region.ariaSnapshot()).toMatch(/Quedan 2 minutos para completar la compra/);
  await expect(booking.moreTimeButton()).toBeVisible();
  await expectAccessible(page);

  await page.clock.fastForward('02:30');
  await expect(payment.main.getByRole('alert')).toContainText('Se acabó el tiempo para completar la compra');
  await expect(payment.main.getByRole('alert')).toContainText('Guardamos los datos que escribió');
  await expectAccessible(page);
  await payment.main.getByRole('link', { name: 'Elegir asientos de nuevo' }).click();

  await expect(page).toHaveURL(STEP_2_ADDRESS);
  await expect(booking.message()).toContainText('Se acabó el tiempo de reserva');
  await expect(booking.seatDeck()).toBeVisible();
  await expectAccessible(page);
  // The page's clock back to the server's (it ran 10½ minutes ahead to reach the end of the hold).
  await page.clock.setSystemTime(new Date());
  await booking.pickSeat();
  await booking.continueBooking();
  await expect(payment.passenger(1).locator('[name="p1-nombres"]')).toHaveValue('Teodora');
  await expect(payment.main.locator('[name="buyer-email"]')).toHaveValue('teodora@example.pe');
});

test('"choose for me" seats 3 passengers together; the list view filters, picks and releases', async ({ page }) => {
  const booking = new BookingPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'ICA', fecha: limaDate(9), pasajeros: 3 });
  await booking.chooseTrip(/piso/);
  await expect(booking.chooseForMeButton()).toHaveText(/^Elegir por mí \(3 asientos juntos\)$/);
  await booking.chooseForMeButton().click();
  await expect(booking.message()).toContainText(/Elegimos para usted los asientos \d+, \d+, \d+ del piso [12]\./);
  const held = await booking.heldSeats();
  expect(held).toHaveLength(3);
  expect(new Set(held.map((seat) => seat.gnivel_piso)).size).toBe(1);
  const numbers = held.map((seat) => seat.nasiento);
  const said = (await booking.message().textContent())!.match(/asientos (\d+), (\d+), (\d+)/)!.slice(1).map(Number);
  expect(said).toEqual(numbers);
  for (const n of numbers) await expect(booking.seat(n)).toHaveAttribute('aria-pressed', 'true');
  // Together: one row, or two one behind the other (the rows as the seats' names say them).
  const rows = await Promise.all(numbers.map(async (n) => Number((await booking.seat(n).ariaSnapshot()).match(/fila (\d+),/)![1])));
  expect(Math.max(...rows) - Math.min(...rows)).toBeLessThanOrEqual(1);
  await expect(booking.continueButton()).toBeEnabled();
  await expectAccessible(page);

  await booking.viewButton('list').click();
  await expect(booking.viewButton('list')).toHaveAttribute('aria-pressed', 'true');
  await expect(booking.seatList()).toBeVisible();
  await expect(booking.seatDeck()).toHaveCount(0);
  for (const n of numbers) await expect(booking.listSeat(n)).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);

  await booking.seatFilter(/^Ubicación$/).selectOption('window');
  const windows = booking.seatList().getByRole('button');
  await expect(windows.first()).toBeVisible();
  for (const name of await windows.evaluateAll((buttons) => buttons.map((button) => button.textContent ?? ''))) expect(name).toMatch(/, ventana, /);
  // Release one of the chosen seats from the list with the keyboard, pick another.
  await booking.seatFilter(/^Ubicación$/).selectOption('');
  await booking.listSeat(numbers[0]!).focus();
  await page.keyboard.press('Enter');
  await expect(booking.listSeat(numbers[0]!)).toHaveAttribute('aria-pressed', 'false');
  await expect(booking.message()).toContainText(`Asiento ${numbers[0]} liberado.`);
  expect(await booking.message().ariaSnapshot()).toContain(`Asiento ${numbers[0]} liberado.`);
  await expect.poll(async () => (await booking.heldSeats()).length).toBe(2);
  await expectAccessible(page);
});

for (const width of [320, 640] as const) {
  test(`at ${width} px wide (${width === 640 ? '200 % zoom of 1280' : 'the narrowest phone'}): no horizontal scroll, every seat reachable and at least 24×24`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const booking = new BookingPage(page);
    await booking.openTrips({ origen: 'LIM', destino: 'AQP', fecha: limaDate(10), pasajeros: 2 });
    await booking.chooseTrip(/piso/);
    // Nothing of the page (header, content, footer) reaches past the viewport.
    const noHorizontalScroll = () =>
      page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const past = Array.from(document.body.querySelectorAll('*'))
          .filter((element) => element.closest('[aria-hidden="true"], [hidden]') === null && element.getClientRects().length > 0)
          .filter((element) => element.getBoundingClientRect().right > width + 0.5)
          .map((element) => `${element.tagName} ${element.id} ${element.textContent?.slice(0, 30)} ${element.getBoundingClientRect().right}`);
        const scrollWidth = document.documentElement.scrollWidth;
        return scrollWidth > width ? [...past, `page scrolls: ${scrollWidth} > ${width}`] : past;
      });
    expect(await noHorizontalScroll()).toEqual([]);
    for (const deck of [1, 2] as const) {
      if (deck === 2) await booking.switchDeck(2);
      const boxes = await booking.seatDeck().locator('button[data-seat]').evaluateAll((buttons) =>
        buttons.map((button) => {
          const box = button.getBoundingClientRect();
          return { left: box.left, right: box.right, width: box.width, height: box.height };
        }),
      );
      expect(boxes.length).toBeGreaterThan(10);
      for (const box of boxes) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(width);
        expect(box.width).toBeGreaterThanOrEqual(24);
        expect(box.height).toBeGreaterThanOrEqual(24);
      }
      expect(await noHorizontalScroll()).toEqual([]);
    }
    await booking.pickSeat();
    expect(await noHorizontalScroll()).toEqual([]);
    await booking.viewButton('list').click();
    await expect(booking.seatList()).toBeVisible();
    expect(await noHorizontalScroll()).toEqual([]);
    await expectAccessible(page);
  });
}

test('in English: "choose for me", the list, the warning and "more time" are told in English', async ({ page }) => {
  await page.clock.install();
  const booking = new BookingPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'PIU', fecha: limaDate(11), pasajeros: 2 });
  await booking.switchLanguage('en-EN');
  await booking.chooseTrip(/2 decks|1 deck/);
  await expect(booking.chooseForMeButton()).toHaveText('Choose for me (2 seats together)');
  await booking.chooseForMeButton().click();
  await expect(booking.message()).toContainText(/We chose seats \d+, \d+ on deck [12] for you\./);
  expect(await booking.message().ariaSnapshot()).toMatch(/We chose seats \d+, \d+ on deck [12] for you\./);
  await booking.viewButton('list').click();
  await expect(booking.seatList().getByRole('button', { pressed: true })).toHaveCount(2);
  await expect(booking.seatList().getByRole('button', { pressed: true }).first()).toHaveAccessibleName(/^Deck [12], row \d+, seat \d+, (window|aisle|middle), .+, S\/ \d+\.\d{2}, selected/);
  await expectAccessible(page);

  await page.clock.fastForward('08:00');
  await expect(booking.message()).toContainText(/2 minutes left to complete the purchase\. Do you need more time\?/);
  expect(await booking.message().ariaSnapshot()).toMatch(/2 minutes left to complete the purchase\. Do you need more time\?/);
  await expect(booking.holdWarning()).toContainText('You can ask for more time 2 more times in this purchase.');
  await booking.moreTimeButton().click();
  await expect(booking.message()).toContainText('We gave you more time');
  await expectAccessible(page);
});
