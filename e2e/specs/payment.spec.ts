import { expect, test, type APIRequestContext } from '../support/test';
import { BookingPage, PaymentStepPage, ReservationStatusPage, type PassengerInput } from '../pages/booking.page';
import { expectAccessible } from '../support/axe';
import { limaDate } from '../support/dates';
import { SITE } from '../support/site';

/** The mails the API queued for an address (the development mailbox). */
async function mailsTo(request: APIRequestContext, to: string): Promise<{ subject: string; text: string }[]> {
  const answer = await request.get(`${SITE.apiUrl}/dev/outbox.json?to=${encodeURIComponent(to)}&limit=20`);
  return ((await answer.json()) as { data: { subject: string; text: string }[] }).data;
}

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A birth date `years` before today (a minor under 18, or an adult). */
function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

const adult = (numero: string, nombres: string): PassengerInput => ({
  numero,
  nombres,
  paterno: 'Quispe',
  materno: 'Mamani',
  email: `${nombres.toLowerCase()}@example.pe`,
  celular: '987654321',
  genero: 'F',
  nacimiento: '1988-04-12',
});

test('a guest buys a one-way ticket, pays by card in the sandbox and sees the ticket', async ({ page, request }) => {
  const booking = new BookingPage(page);
  const payment = new PaymentStepPage(page);
  const reservation = new ReservationStatusPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'AQP', fecha: limaDate(7), pasajeros: 1 });
  await booking.chooseTrip(/piso/);
  await booking.pickSeat();
  await booking.continueBooking();
  await expect(page).toHaveURL(/\/pasajes\/pago$/);
  await expect(page).toHaveTitle(/Pago de pasajes/);
  await expect(payment.passenger(1)).toBeVisible();
  await expect(payment.main.getByRole('timer')).toContainText('min');
  await expect(payment.total()).toContainText('S/');
  await expectAccessible(page);

  // "Reservar" with nothing typed: the summary lists what to fix, and the page stays accessible
  await payment.reserve();
  await expect(payment.errorSummary()).toBeFocused();
  await expect(payment.errorSummary()).toContainText('Pasajero 1: Digite los nombres');
  await expectAccessible(page);

  await payment.fillPassenger(1, adult('41234567', 'Rosa'));
  const email = `rosa.${stamp()}@example.pe`;
  await payment.fillBuyer('rosa quispe mamani', email);
  await payment.acceptTermsByClickingTheLabel();
  await expect(payment.main.getByRole('link', { name: /^Leer los términos y condiciones/ })).toHaveAttribute('href', '/informacion/terminos-condiciones');
  await payment.reserve();

  await expect(page).toHaveURL(/\/pasajes\/reserva\/[A-HJ-NP-Z2-9]{8}$/);
  const codigo = page.url().split('/').at(-1)!;
  await expect(reservation.code()).toHaveText(codigo);

  // The payment code is e-mailed at once: amount, deadline, each way to pay, the way back.
  await expect.poll(async () => (await mailsTo(request, email)).map((mail) => mail.subject)).toContain(`Su código de pago de Rumbo Andino: ${codigo}`);
  const [codeMail] = (await mailsTo(request, email)).filter((mail) => mail.subject.includes('código de pago'));
  expect(codeMail!.text).toMatch(/^Hola, Rosa:/);
  expect(codeMail!.text).toMatch(/pague S\/ \d+\.\d{2} hasta el /);
  for (const method of ['Tarjeta de crédito o débito', 'Banca por internet', 'Efectivo', 'código QR']) expect(codeMail!.text).toContain(method);
  expect(codeMail!.text).toContain(`/pasajes/recuperar?codigo=${codigo}`);

  // Reserved: steps 2 and 3 lead only to this reservation's payment (or to an explicit new purchase).
  await payment.open('/pasajes/asientos');
  await expect(payment.reservedNotice()).toContainText(`Su reserva ${codigo} ya tiene sus asientos y pasajeros`);
  await expect(payment.main.locator('#seat-deck')).toHaveCount(0);
  await expectAccessible(page);
  await payment.open('/pasajes/pago');
  await expect(payment.reservedNotice()).toBeVisible();
  await expect(payment.main.getByRole('button', { name: 'Reservar' })).toHaveCount(0);
  await payment.reservedNotice().getByRole('link', { name: `Pagar la reserva ${codigo}` }).click();
  await expect(page).toHaveURL(new RegExp(`/pasajes/reserva/${codigo}$`));
  await expect(reservation.code()).toHaveText(codigo);
  await expect(reservation.state()).toHaveText('Pendiente de pago');
  await expect(reservation.amount()).toContainText(/S\/ \d+\.\d{2}/);
  await expect(page).toHaveTitle(/Tu reserva/);
  await expectAccessible(page);

  await reservation.payWith(/^Tarjeta de crédito o débito/);
  await reservation.decideAtSafetyPay('approve');
  await expect(reservation.state()).toHaveText('Pagada', { timeout: 20_000 });
  await expect(reservation.tickets()).toHaveCount(1);
  await expect(reservation.tickets().first()).toContainText('Rosa Quispe Mamani');
  await expect(reservation.tickets().first().getByRole('img', { name: /^Código QR del pasaje/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar pasajes (PDF)' })).toBeVisible();
  await expectAccessible(page);

  // a reload finds the reservation again (code and purchase key in this tab's storage)
  await page.reload();
  await expect(reservation.tickets()).toHaveCount(1);
});

test('a round trip for two passengers, one a minor with a responsible adult, with a factura and a coupon, paid with a CIP', async ({ page }) => {
  const booking = new BookingPage(page);
  const payment = new PaymentStepPage(page);
  const reservation = new ReservationStatusPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'CUZ', fecha: limaDate(8), regreso: limaDate(11), pasajeros: 2 });
  // CUSCO20 covers the VIP cama seats from Lima to Cusco only (issue 18 item 5): a VIP departure, its deck 1.
  await booking.chooseTrip(/Andino VIP/);
  await booking.switchDeck(1);
  await booking.pickSeatOfClass(/VIP cama 180°/);
  await booking.pickSeatOfClass(/VIP cama 180°/);
  await booking.continueBooking();
  await booking.chooseTrip(/piso/);
  await booking.pickSeat();
  await booking.pickSeat();
  await booking.continueBooking();
  await expect(page).toHaveURL(/\/pasajes\/pago$/);
  await expect(payment.passenger(1)).toContainText(/Ida: asiento \d+.*Regreso: asiento \d+/);

  await payment.fillPassenger(1, adult('42345678', 'Carmen'));
  await payment.fillPassenger(2, { ...adult('72345678', 'Lucia'), nacimiento: bornYearsAgo(10) });
  await expect(payment.minorNotice(2)).toBeVisible();
  await expect(payment.minorNotice(1)).toHaveCount(0);
  await payment.chooseGuardian(2, 1, 'madre');

  await payment.fillBuyer('Carmen Quispe Mamani', 'carmen.guest@example.pe');
  await payment.askFactura('20601234506');
  await expect(payment.businessName()).toHaveValue('Minera Cordillera Blanca S.A.C.');
  await payment.applyCoupon('cusco20');
  await expect(payment.discount()).toBeVisible();
  await expect(payment.main).toContainText('Cupón CUSCO20 aplicado: 20 % de descuento.');
  await payment.acceptTerms();
  await expectAccessible(page);
  await payment.reserve();

  await expect(page).toHaveURL(/\/pasajes\/reserva\/[A-HJ-NP-Z2-9]{8}$/);
  await expect(reservation.main).toContainText('Factura a RUC 20601234506, Minera Cordillera Blanca S.A.C.');
  await expect(reservation.main).toContainText('(cupón CUSCO20)');

  await reservation.payWith(/^Efectivo o QR con código CIP/);
  await expect(reservation.cipCode()).toHaveText(/\d+/);
  await expectAccessible(page);
  await reservation.payCipAtAgent();
  await expect(reservation.state()).toHaveText('Pagada', { timeout: 20_000 });
  await expect(reservation.tickets()).toHaveCount(4);
  await expect(reservation.tickets().filter({ hasText: 'Lucia Quispe Mamani' })).toHaveCount(2);
});

test('a declined payment is explained and leads back to search', async ({ page, request }) => {
  const booking = new BookingPage(page);
  const payment = new PaymentStepPage(page);
  const reservation = new ReservationStatusPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'TRU', fecha: limaDate(6), pasajeros: 1 });
  await booking.chooseTrip(/piso/);
  await booking.pickSeat();
  await booking.continueBooking();
  await payment.switchLanguage('en-EN');
  await expect(payment.passenger(1)).toBeVisible();
  await payment.fillPassenger(1, adult('43456789', 'Elena'));
  const email = `elena.${stamp()}@example.pe`;
  await payment.fillBuyer('ELENA Quispe', email);
  await payment.acceptTermsByClickingTheLabel();
  await payment.reserve();
  await expect(page).toHaveURL(/\/pasajes\/reserva\/[A-HJ-NP-Z2-9]{8}$/);
  await expect(reservation.state()).toHaveText('Awaiting payment');
  const codigo = page.url().split('/').at(-1)!;
  await expect.poll(async () => (await mailsTo(request, email)).map((mail) => mail.subject)).toContain(`Your Rumbo Andino payment code: ${codigo}`);
  const [codeMail] = (await mailsTo(request, email)).filter((mail) => mail.subject.includes('payment code'));
  expect(codeMail!.text).toMatch(/^Hello Elena,/);
  for (const method of ['Credit or debit card', 'Online banking', 'Cash', 'QR code']) expect(codeMail!.text).toContain(method);

  // Back in step 2 the reserved purchase is not changed; the customer starts a new one explicitly.
  await payment.open('/pasajes/asientos');
  await expect(payment.reservedNotice()).toContainText(`Your reservation ${codigo} already has its seats and passengers`);
  await payment.reservedNotice().getByRole('button', { name: 'Start a new purchase' }).click();
  await expect(payment.main.locator('#seat-deck')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('CRESERVA_ANTERIORES') ?? '{}'))).toHaveProperty(codigo);
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('CRESERVA') ?? '{}').codigo)).toBeUndefined();
  await payment.open(`/pasajes/reserva/${codigo}`);
  await expect(reservation.state()).toHaveText('Awaiting payment');

  await reservation.payWith(/^Online banking/);
  await reservation.decideAtSafetyPay('decline');
  await expect(reservation.closedNotice()).toContainText('Your payment was declined and the reservation was cancelled', { timeout: 20_000 });
  await expect(reservation.closedNotice()).toContainText('nothing was charged');
  await expect(reservation.state()).toHaveText('Cancelled');
  await expectAccessible(page);
  await reservation.main.getByRole('link', { name: 'Search another trip' }).click();
  await expect(page).toHaveURL(/\/$/);
});
