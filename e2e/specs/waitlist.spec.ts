import { closeWatched, expect, test, watchedContext } from '../support/test';
import { AccountPage } from '../pages/account.page';
import { buyTicket } from '../pages/purchase.flow';
import { cancelTicket, limaClock, Operator, WaitlistPage } from '../pages/waitlist.page';
import { expectAccessible } from '../support/axe';
import { limaDate } from '../support/dates';
import { SITE } from '../support/site';

/**
 * Issue 48, the waitlist: a trip whose last seat is sold shows "Agotado" with a way to join the
 * waitlist; a cancellation frees the seat, and the first in line gets a mail whose link opens step 2
 * with that seat held for them. The trip is filled as a coach company fills one: an operator sets
 * aside all its seats but one for a school group (a seat block, `POST /rest/operador/bloqueo`), a
 * traveller buys the last one. Lima → Trujillo on day 24: no other journey's.
 */
test('a sold-out trip offers its waitlist; a cancellation frees the seat and the first in line gets a mail whose link opens step 2 with it held', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const day = 24;
  const operator = new Operator(request);
  const [trip] = await operator.departures('LIM', 'TRU', limaDate(day));
  expect(trip).toBeDefined();
  const hora = limaClock(trip!.fecha_salida);
  const free = await operator.freeSeats(trip!);
  // A school group takes every seat but the last one free.
  const group = await operator.block(trip!.cviaje, free.length - 1, 'Colegio San Martín de Porres, viaje de promoción');
  const last = free.find((seat) => !group.asientos.includes(seat.nasiento))!;
  expect(last).toBeDefined();

  try {
    // A traveller buys the last seat, in a browser of their own.
    const buyerBrowser = await watchedContext(browser, { baseURL: SITE.siteUrl, locale: 'es-PE', serviceWorkers: 'block' });
    const buyerPage = await buyerBrowser.newPage();
    const codigo = await buyTicket(buyerPage, {
      passenger: { numero: '46182735', nombres: 'Ulises', paterno: 'Vargas', materno: 'Llosa', genero: 'M', nacimiento: '1984-05-11' },
      buyerEmail: `ulises.${Date.now()}@example.pe`,
      days: day,
      route: { origen: 'LIM', destino: 'TRU' },
      chooseSeat: async (booking) => {
        const waitlist = new WaitlistPage(booking.page);
        await waitlist.tripCard(hora).getByRole('button', { name: new RegExp(`de las ${hora}$`) }).click();
        await expect(waitlist.seatDeck()).toBeVisible();
        await waitlist.pickSeatNumber(last.nasiento, last.deck);
      },
    });

    // Step 1: the trip is "Agotado", its "Elegir" off; the waitlist's form joins a guest by e-mail.
    const waitlist = new WaitlistPage(page);
    const email = `wanda.${Date.now()}@example.pe`;
    await waitlist.openTrips({ origen: 'LIM', destino: 'TRU', fecha: limaDate(day), pasajeros: 1 });
    const card = waitlist.tripCard(hora);
    await expect(card.getByText('Agotado', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Elegir viaje de las ${hora}` })).toBeDisabled();
    const form = await waitlist.openWaitlist(card);
    await expectAccessible(page);
    await waitlist.joinWaitlist(form, email);
    await expect(card.getByTestId('waitlist-place')).toContainText('Está en la lista de espera (puesto 1) para 1 asiento.');
    await expectAccessible(page);

    // The traveller cancels: the seat frees, and the waitlist's job offers it to the first in line.
    await cancelTicket(buyerPage, `${codigo}-1`);
    await closeWatched(buyerBrowser);
    const account = new AccountPage(page);
    // The job runs every 10 s on each instance.
    const mail = await account.lastMail(email, /^Se liberaron asientos para su viaje/, 30_000);
    expect(mail.text).toContain(`el asiento ${last.nasiento}`);

    // The mail's link opens step 2 with that seat held for them, under the offer's purchase key.
    await waitlist.open(AccountPage.linkIn(mail));
    await expect(waitlist.offerMessage()).toHaveText(/^Le apartamos 1 asiento de la lista de espera/);
    await expect(waitlist.seatDeck()).toBeVisible();
    expect((await waitlist.heldSeats()).map((seat) => [seat.cviaje, seat.nasiento])).toEqual([[trip!.cviaje, last.nasiento]]);
    if (last.deck === 2) await waitlist.switchDeck(2);
    await expect(waitlist.seat(last.nasiento)).toHaveAttribute('aria-pressed', 'true');
    await expect(waitlist.continueButton()).toBeEnabled();
    await expectAccessible(page);
  } finally {
    // The group's seats go back on sale.
    await operator.release(group.cbloqueo);
  }
});
