import { expect, test } from '../support/test';
import { PaymentStepPage, ReservationStatusPage, type PassengerInput } from '../pages/booking.page';
import { LegsPage } from '../pages/legs.page';
import { expectAccessible } from '../support/axe';
import { limaDate } from '../support/dates';

/**
 * Issue 19: the Lima → Arequipa bus stops at Ica. One seat of one bus is sold Lima → Ica to one
 * passenger and then Ica → Arequipa to another; between the two it is taken for Lima → Nasca.
 */
const passenger = (numero: string, nombres: string): PassengerInput => ({
  numero,
  nombres,
  paterno: 'Huamán',
  materno: 'Quispe',
  email: `${nombres.toLowerCase()}.${numero}@example.pe`,
  celular: '987654321',
  genero: 'M',
  nacimiento: '1985-07-20',
});

const FECHA = limaDate(12);

async function buyAndPay(legs: LegsPage, payment: PaymentStepPage, reservation: ReservationStatusPage, buyer: PassengerInput) {
  await legs.continueBooking();
  await expect(legs.page).toHaveURL(/\/pasajes\/pago$/);
  await payment.fillPassenger(1, buyer);
  await payment.fillBuyer(`${buyer.nombres} ${buyer.paterno} ${buyer.materno}`, buyer.email);
  await payment.acceptTerms();
  await payment.reserve();
  await expect(legs.page).toHaveURL(/\/pasajes\/reserva\/[A-HJ-NP-Z2-9]{8}$/);
  await reservation.payWith(/^Tarjeta de crédito o débito/);
  await reservation.decideAtSafetyPay('approve');
  await expect(reservation.state()).toHaveText('Pagada', { timeout: 20_000 });
  await expect(reservation.tickets()).toHaveCount(1);
}

test('one seat of one bus sold Lima → Ica and then Ica → Arequipa', async ({ page }) => {
  // Two whole purchases, each paid at the sandbox provider.
  test.setTimeout(120_000);
  const legs = new LegsPage(page);
  const payment = new PaymentStepPage(page);
  const reservation = new ReservationStatusPage(page);

  // Lima → Ica: buses of longer routes that stop at Ica are on the list, named by their route.
  await legs.openTrips({ origen: 'LIM', destino: 'ICA', fecha: FECHA, pasajeros: 1 });
  await expect(legs.cardsOfRoute('Lima', 'Arequipa').first()).toContainText('Llegada: Terminal Ica');
  await expectAccessible(page);
  await legs.chooseFirstTripOfRoute('Lima', 'Arequipa');
  const nasiento = await legs.pickSeat();
  const deck = await legs.deckOfHeldSeat(nasiento);
  await buyAndPay(legs, payment, reservation, passenger('43215678', 'Jorge'));
  const first = reservation.tickets().first();
  await expect(first).toContainText('Ida: Lima → Ica');
  await expect(first).toContainText(/EmbarqueTerminal Javier Prado, Av\. Javier Prado Este 1155, La Victoria, Lima \(Lima\)Hora de embarque/);
  await expect(first).toContainText('DesembarqueTerminal Ica (Ica)');
  await expectAccessible(page);

  // Lima → Nasca on the same bus: the seat sold Lima → Ica is taken.
  await legs.openTrips({ origen: 'LIM', destino: 'NZC', fecha: FECHA, pasajeros: 1 });
  await legs.chooseFirstTripOfRoute('Lima', 'Arequipa');
  if (deck === 1) await legs.switchDeck(1);
  await expect(legs.seat(nasiento)).not.toHaveAttribute('data-status', /^(available|promotion)$/);

  // Ica → Arequipa on the same bus (its first departure, as from Lima): the same seat is free.
  await legs.openTrips({ origen: 'ICA', destino: 'AQP', fecha: FECHA, pasajeros: 1 });
  await legs.chooseFirstTripOfRoute('Lima', 'Arequipa');
  await expectAccessible(page);
  if (deck === 1) await legs.switchDeck(1);
  await legs.pickSeatNumber(nasiento);
  await buyAndPay(legs, payment, reservation, passenger('43215679', 'Ana'));
  const second = reservation.tickets().first();
  await expect(second).toContainText('Ida: Ica → Arequipa');
  await expect(second).toContainText(`${nasiento}, piso ${deck}`);
  await expect(second).toContainText(/EmbarqueTerminal Ica[^(]*\(Ica\)Hora de embarque/);
  await expect(second).toContainText('DesembarqueTerminal Arequipa (Arequipa)');
  await expectAccessible(page);
});
