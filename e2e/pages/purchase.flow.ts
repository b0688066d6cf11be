import { expect, type Page } from '@playwright/test';
import { limaDate } from '../support/dates';
import { BookingPage, PaymentStepPage, ReservationStatusPage, type PassengerInput } from './booking.page';

/** What a bought ticket's journey starts from: its passenger, its buyer and when it leaves. */
export interface TicketPurchase {
  /** The passenger's e-mail is the buyer's unless given. */
  passenger: Pick<PassengerInput, 'numero' | 'nombres' | 'paterno' | 'materno' | 'genero' | 'nacimiento'> & { email?: string };
  buyerEmail: string;
  /** Days from today (Lima) of the departure (Lima → Arequipa unless `route` says otherwise). */
  days: number;
  route?: { origen: string; destino: string };
  /** Chooses the trip on step 1 and its seat on step 2; by default the first trip with decks and its first free seat. */
  chooseSeat?: (booking: BookingPage) => Promise<void>;
}

/**
 * One ticket reserved through the site as a customer does it: Lima → Arequipa (or `route`), the
 * first free seat (or what `chooseSeat` picks), one passenger. Leaves the pending reservation's page open and answers its code.
 */
export async function reserveTicket(page: Page, { passenger, buyerEmail, days, route, chooseSeat }: TicketPurchase): Promise<string> {
  const booking = new BookingPage(page);
  const payment = new PaymentStepPage(page);
  await booking.openTrips({ ...(route ?? { origen: 'LIM', destino: 'AQP' }), fecha: limaDate(days), pasajeros: 1 });
  if (chooseSeat) await chooseSeat(booking);
  else {
    await booking.chooseTrip(/piso/);
    await booking.pickSeat();
  }
  await booking.continueBooking();
  await payment.fillPassenger(1, { ...passenger, email: passenger.email ?? buyerEmail, celular: '987654321' });
  await payment.fillBuyer([passenger.nombres, passenger.paterno, passenger.materno].join(' ').toLowerCase(), buyerEmail);
  await payment.acceptTerms();
  await payment.reserve();
  await expect(page).toHaveURL(/\/pasajes\/reserva\/[A-HJ-NP-Z2-9]{8}$/);
  return page.url().split('/').at(-1)!;
}

/**
 * One ticket bought through the site as a customer buys it: reserved as above, paid by card in
 * the payment sandbox (SafetyPay). Leaves the paid reservation's page open and answers its code.
 */
export async function buyTicket(page: Page, purchase: TicketPurchase): Promise<string> {
  const reservation = new ReservationStatusPage(page);
  const codigo = await reserveTicket(page, purchase);
  await reservation.payWith(/^Tarjeta de crédito o débito/);
  await reservation.decideAtSafetyPay('approve');
  await expect(reservation.state()).toHaveText('Pagada', { timeout: 20_000 });
  return codigo;
}
