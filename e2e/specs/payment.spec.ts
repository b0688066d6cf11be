import { expect, test } from '@playwright/test';
import { BookingPage, PaymentStepPage, ReservationStatusPage, type PassengerInput } from '../pages/booking.page';
import { expectAccessible } from '../support/axe';
import { limaDate } from '../support/dates';

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

test('a guest buys a one-way ticket, pays by card in the sandbox and sees the ticket', async ({ page }) => {
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
  await payment.fillBuyer('Rosa Quispe Mamani', 'rosa.guest@example.pe');
  await payment.acceptTerms();
  await payment.reserve();

  await expect(page).toHaveURL(/\/pasajes\/reserva\/[A-HJ-NP-Z2-9]{8}$/);
  const codigo = page.url().split('/').at(-1)!;
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
  await booking.chooseTrip(/piso/);
  await booking.pickSeat();
  await booking.pickSeat();
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

test('a declined payment is explained and leads back to search', async ({ page }) => {
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
  await payment.fillBuyer('Elena Quispe', 'elena.guest@example.pe');
  await payment.acceptTerms();
  await payment.reserve();
  await expect(page).toHaveURL(/\/pasajes\/reserva\/[A-HJ-NP-Z2-9]{8}$/);
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
