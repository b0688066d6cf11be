import { expect, test } from '../support/test';
import { signUpAndSignIn, newCustomer } from '../pages/account.flow';
import { BookingPage } from '../pages/booking.page';
import { DemandPage } from '../pages/demand.page';
import { buyTicket } from '../pages/purchase.flow';
import { waitForWhatsApp, whatsappMessagesTo } from '../pages/whatsapp-sandbox';
import { expectAccessible } from '../support/axe';
import { limaDate } from '../support/dates';
import { SITE } from '../support/site';

/**
 * Issue 48, "Never lose a traveller": the fare calendar and a price alert on step 1, the alerts in
 * Mi cuenta, and WhatsApp for the tickets once the customer turned it on and confirmed the mobile.
 * Each journey signs up its own customer and uses route-days no other journey does (LIM → PIU on
 * days 26-27, LIM → AQP on day 27, LIM → HRZ on a day from 29 on), so they run beside the others.
 */

test('step 1: the fare calendar searches another day; a price alert set there is listed and deleted in Mi cuenta', async ({ page }) => {
  const customer = newCustomer('nilda', '1');
  await signUpAndSignIn(page, customer);
  const booking = new BookingPage(page);
  const demand = new DemandPage(page);

  await booking.openTrips({ origen: 'LIM', destino: 'PIU', fecha: limaDate(26), pasajeros: 1 });
  await expect(booking.fareCalendar().locator('[aria-current="date"]')).toBeVisible();
  await booking.searchDayFromCalendar(limaDate(27));
  await expect(booking.tripCards().first()).toBeVisible();

  // The alert's form: its errors announced beside their fields, focus on the first.
  await demand.openPriceAlert();
  await demand.submitPriceAlert();
  const tope = demand.priceAlertForm().getByLabel(/^Avisarme cuando cueste menos de/);
  await expect(tope).toBeFocused();
  await expect(tope).toHaveAccessibleDescription(/Indique un precio entre S\/ 1 y S\/ 9,999/);
  await expect(demand.priceAlertForm().getByText('Elija al menos un medio por el que avisarle')).toBeVisible();
  await expectAccessible(page);
  await demand.setPriceAlert(45, [/^Correo electrónico$/]);
  await expect(demand.main.getByTestId('price-alert-created')).toContainText('menos de S/ 45.00');

  // Mi cuenta → Comunicaciones: the alert, its consent in the history; deleted in one tap.
  await demand.main.getByRole('link', { name: 'Ver mis alertas de precio' }).click();
  await expect(demand.myPriceAlerts()).toContainText('LIM → PIU: avisarme por debajo de S/ 45.00');
  await expect(demand.main.getByTestId('consent-history')).toContainText('Alertas de precio');
  await expectAccessible(page);
  await demand.myPriceAlerts().getByRole('button', { name: 'Borrar la alerta LIM → PIU por debajo de S/ 45.00' }).click();
  await expect(demand.main.getByTestId('price-alerts-result')).toHaveText('Alerta borrada: LIM → PIU.');
  await expect(demand.main.getByText('No tiene alertas de precio activas.')).toBeVisible();
});

test('a purchase by a customer who turned WhatsApp on and confirmed the mobile leaves the tickets in the WhatsApp stand-in', async ({ page, request }) => {
  const customer = newCustomer('wilma', '2');
  const account = await signUpAndSignIn(page, customer);
  const demand = new DemandPage(page);

  // Comunicaciones: "Mis viajes por WhatsApp", then the mobile confirmed by the code sent to it.
  await account.accountSection('Comunicaciones').click();
  await demand.whatsappForTrips().check({ force: true });
  await expect(demand.main.getByTestId('consent-result')).toHaveText('Consentimiento otorgado: Mis viajes por WhatsApp por WhatsApp.');
  await expect(demand.whatsappPhone()).toContainText(`${customer.telefono.slice(-3)} aún no está confirmado`);
  await demand.askWhatsAppCode();
  const code = /\b(\d{6})\b/.exec((await waitForWhatsApp(request, customer.telefono, 'rumbo_codigo')).text)![1]!;
  await expectAccessible(page);
  await demand.confirmWhatsAppCode(code);
  await expect(demand.whatsappPhone()).toContainText('está confirmado');
  // Nothing else went to the number before it was confirmed.
  expect((await whatsappMessagesTo(request, customer.telefono)).map((message) => message.template)).toEqual(['rumbo_codigo']);

  const codigo = await buyTicket(page, {
    passenger: { numero: customer.num_doc, nombres: 'Wilma', paterno: 'Huamán', materno: 'Quispe', genero: 'F', nacimiento: '1988-07-21' },
    buyerEmail: customer.correo,
    days: 27,
  });
  const tickets = await waitForWhatsApp(request, customer.telefono, 'rumbo_boletos', 30_000);
  expect(tickets.text).toContain(codigo);
  expect(tickets.document).toMatchObject({ filename: `boletos-${codigo}.pdf` });
});

test('a price alert set on step 1, then a promotion published by an operator: the alert arrives once', async ({ page, request }) => {
  const customer = newCustomer('paula', '4');
  const account = await signUpAndSignIn(page, customer);
  const booking = new BookingPage(page);
  const demand = new DemandPage(page);
  // A day with no campaign of its own (the seed's are Tuesdays and Wednesdays).
  let days = 29;
  while ([2, 3].includes(new Date(`${limaDate(days)}T12:00:00Z`).getUTCDay())) days += 1;
  const day = limaDate(days);

  await booking.openTrips({ origen: 'LIM', destino: 'HRZ', fecha: day, pasajeros: 1 });
  const shown = await booking.fareCalendar().locator('[aria-current="date"]').textContent();
  const fromPrice = Number(/S\/\s?([\d,.]+)/.exec(shown ?? '')![1]!.replace(/,/g, ''));
  // Told when the from-price falls below what it is today.
  await demand.openPriceAlert();
  await demand.setPriceAlert(Math.floor(fromPrice), [/^Correo electrónico$/], { desde: day, hasta: day });

  const publish = () =>
    request.post(`${SITE.apiUrl}/rest/operador/promocion`, {
      headers: { authorization: `Bearer ${SITE.operatorToken}` },
      data: { origen: 'LIM', destino: 'HRZ', desde: day, hasta: day, pct: 30 },
    });
  const published = await publish();
  expect(published.status()).toBe(200);
  expect((await published.json()).data.avisos).toBeGreaterThanOrEqual(1);
  const mail = await account.lastMail(customer.correo, /^Alerta de precio: LIM → HRZ desde/);
  expect(mail.text).toContain(`fecha=${day}`);

  // Published again (a retry): nothing more is told.
  expect((await (await publish()).json()).data.avisos).toBe(0);
  const answer = (await (await request.get(`${SITE.apiUrl}/dev/outbox.json?to=${encodeURIComponent(customer.correo)}&limit=20`)).json()) as { data?: { subject: string }[] } | { subject: string }[];
  const mails = Array.isArray(answer) ? answer : (answer.data ?? []);
  expect(mails.filter((m) => m.subject.startsWith('Alerta de precio'))).toHaveLength(1);
});
