import { expect, test, type Locator, type Page } from '@playwright/test';
import type { HeldSeat } from '../../shared/src/booking';
import { ShellPage } from './shell.page';

/** Step 2's address: it names the chosen trip and its stretch (its loader asks that trip's seat map on the server). */
export const STEP_2_ADDRESS = /\/pasajes\/asientos\?cviaje=\d+&cterminal_origen=\d+&cterminal_destino=\d+$/;

export interface TripSearch {
  /** What the customer types in the city boxes, and the option they pick. */
  origen: { type: string; option: RegExp };
  destino: { type: string; option: RegExp };
  fecha: string;
  pasajeros: number;
}

/** What the specs read of a seat this browser holds (`ASIENTOS`). */
export type HeldSeatInStorage = Pick<HeldSeat, 'cviaje' | 'cviaje_asiento' | 'cterminal_origen' | 'cterminal_destino' | 'nasiento' | 'gnivel_piso'>;

/** The purchase flow of mf-booking: the search widget, step 1 (trips) and step 2 (seats). */
/**
 * Which of `candidates` (free seats of a deck, in the map's order) this worker takes. Journeys run
 * two at a time (playwright.config.ts), often on the same trip: the first worker takes the first
 * one, the second the first one in the back half of the deck (the first one at all when the back
 * half is full). Two journeys do not reach for the same seat while both halves have one free, and
 * each still picks its seats in the map's order (its first passenger's seat is its lowest).
 */
export async function seatForThisWorker(candidates: Locator): Promise<Locator> {
  if (test.info().parallelIndex % 2 === 0) return candidates.first();
  const seats = await candidates.evaluateAll((buttons) =>
    buttons.map((button) => {
      const deck = [...(button.closest('#seat-deck')?.querySelectorAll('button[data-seat]') ?? [])];
      return { seat: button.getAttribute('data-seat'), back: deck.indexOf(button) >= deck.length / 2 };
    }),
  );
  const chosen = seats.find((seat) => seat.back) ?? seats[0];
  return chosen ? candidates.and(candidates.page().locator(`button[data-seat="${chosen.seat}"]`)) : candidates.first();
}

/** Picks this worker's first available seat of a seat map's deck (`#seat-deck`), checks it is now selected, answers its number. */
export async function pickFirstAvailableSeat(deck: Locator): Promise<number> {
  const seat = await seatForThisWorker(deck.locator('button[data-status="available"]'));
  const nasiento = Number(await seat.getAttribute('data-seat'));
  await seat.click();
  await expect(deck.locator(`button[data-seat="${nasiento}"]`)).toHaveAttribute('aria-pressed', 'true');
  return nasiento;
}

export class BookingPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  /** Step 1 straight from its URL (the widget is on top of it). */
  async openTrips(query: Record<string, string | number>): Promise<void> {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    await this.open(`/pasajes?${search.toString()}`);
    await expect(this.searchForm()).toBeVisible();
  }

  searchForm(): Locator {
    return this.main.locator('form').first();
  }

  cityBox(which: 'origen' | 'destino'): Locator {
    return this.searchForm().locator(`input[name="${which}"]`);
  }

  async chooseCity(which: 'origen' | 'destino', type: string, option: RegExp): Promise<void> {
    const box = this.cityBox(which);
    // The box is a plain text box until first touched; then it becomes the combobox (its code
    // loads on that touch) and keeps the focus. Typing goes on once it has.
    await box.click();
    await expect(box).toHaveAttribute('data-scope', 'combobox');
    await box.fill('');
    await box.pressSequentially(type);
    await this.page.getByRole('option', { name: option }).click();
  }

  async searchTrips(search: TripSearch): Promise<void> {
    await this.chooseCity('origen', search.origen.type, search.origen.option);
    await this.chooseCity('destino', search.destino.type, search.destino.option);
    await this.searchForm().locator('input[name="fecha"]').fill(search.fecha);
    await this.searchForm().locator('select[name="pasajeros"]').selectOption(String(search.pasajeros));
    await this.searchForm().locator('button[type="submit"]').click();
  }

  /** Step 1's fare calendar (issue 48): a day a link, the day shown marked as the current date. */
  fareCalendar(): Locator {
    return this.main.getByRole('navigation', { name: /^(Precios por día|Fares by day)$/ });
  }

  /** Taps the fare calendar's day `fecha` (YYYY-MM-DD): step 1 searches it. */
  async searchDayFromCalendar(fecha: string): Promise<void> {
    await this.fareCalendar().locator(`a[href*="fecha=${fecha}"]`).click();
    await expect(this.page).toHaveURL(new RegExp(`[?&]fecha=${fecha}`));
  }

  tripCards(): Locator {
    return this.main.locator('li').filter({ has: this.page.getByRole('heading', { level: 3 }) });
  }

  /** Chooses the first trip whose card matches `text` (e.g. its number of decks). */
  async chooseTrip(text: RegExp): Promise<void> {
    const card = this.tripCards().filter({ hasText: text }).first();
    await card.getByRole('button', { name: /^(Elegir viaje|Choose the)/ }).click();
    await expect(this.page).toHaveURL(STEP_2_ADDRESS);
    await expect(this.seatDeck()).toBeVisible();
  }

  seatDeck(): Locator {
    return this.main.locator('#seat-deck');
  }

  seat(nasiento: number): Locator {
    return this.seatDeck().locator(`button[data-seat="${nasiento}"]`);
  }

  /** Picks the first available seat of the deck on screen; answers its number. */
  async pickSeat(): Promise<number> {
    return pickFirstAvailableSeat(this.seatDeck());
  }

  /** Picks the first available seat of the deck on screen whose name says its class (e.g. /VIP cama 180°/); answers its number. */
  async pickSeatOfClass(clase: RegExp): Promise<number> {
    const seat = await seatForThisWorker(this.seatDeck().getByRole('button', { name: clase }).and(this.seatDeck().locator('[data-status="available"]')));
    const nasiento = Number(await seat.getAttribute('data-seat'));
    await seat.click();
    await expect(this.seat(nasiento)).toHaveAttribute('aria-pressed', 'true');
    return nasiento;
  }

  /** Picks a seat with the keyboard only: focus it, press Enter. */
  async pickSeatWithKeyboard(nasiento: number): Promise<void> {
    await this.seat(nasiento).focus();
    await this.page.keyboard.press('Enter');
    await expect(this.seat(nasiento)).toHaveAttribute('aria-pressed', 'true');
  }

  /** The number of the seat this worker would pick first (`seatForThisWorker`) on the deck on screen. */
  async firstAvailableSeat(): Promise<number> {
    return Number(await (await seatForThisWorker(this.seatDeck().locator('button[data-status="available"]'))).getAttribute('data-seat'));
  }

  /** The seat map's polite live region (what a screen reader is told). */
  message(): Locator {
    return this.main.getByRole('status').and(this.main.locator('#seat-announcement'));
  }

  /** The seat the keyboard focus is on (a button of the deck on screen). */
  focusedSeat(): Locator {
    return this.seatDeck().locator('button[data-seat]:focus');
  }

  /** Tab from the top of the page until the focus is in the deck (the deck is one tab stop); answers the seat's number. */
  async tabIntoDeck(): Promise<number> {
    await this.main.getByRole('heading', { level: 1 }).click();
    for (let i = 0; i < 40; i++) {
      await this.page.keyboard.press('Tab');
      if ((await this.focusedSeat().count()) === 1) return Number(await this.focusedSeat().getAttribute('data-seat'));
    }
    throw new Error('Tab never reached the seat map');
  }

  /** With the arrow keys only, from the focused seat to a free one (along the rows, then down); answers its number. */
  async arrowToFreeSeat(): Promise<number> {
    for (let i = 0; i < 80; i++) {
      const focused = this.focusedSeat();
      const n = Number(await focused.getAttribute('data-seat'));
      if (/^(available|promotion)$/.test((await focused.getAttribute('data-status')) ?? '')) return n;
      await this.page.keyboard.press('ArrowRight');
      if (Number(await this.focusedSeat().getAttribute('data-seat')) === n) await this.page.keyboard.press('ArrowDown');
      if (Number(await this.focusedSeat().getAttribute('data-seat')) === n) break;
    }
    throw new Error('No free seat reached with the arrow keys');
  }

  timer(): Locator {
    return this.main.getByRole('timer');
  }

  async switchDeck(n: 1 | 2): Promise<void> {
    await this.main.getByRole('radio', { name: new RegExp(`^(Piso|Deck) ${n}$`) }).check({ force: true });
    await expect(this.seatDeck()).toHaveAttribute('aria-label', new RegExp(`(Piso|Deck) ${n}`));
  }

  continueButton(): Locator {
    return this.main.getByRole('button', { name: /^(Continuar|Continue)/ });
  }

  /** "Continue": to the return trip's list on a round trip, else to payment. */
  async continueBooking(): Promise<void> {
    await this.continueButton().click();
  }

  summary(): Locator {
    return this.main.locator('section[aria-labelledby="seat-summary"]');
  }

  async heldSeats(): Promise<HeldSeatInStorage[]> {
    return this.page.evaluate(() => JSON.parse(sessionStorage.getItem('ASIENTOS') ?? '[]'));
  }

  async storedBooking(): Promise<unknown> {
    return this.page.evaluate(() => JSON.parse(sessionStorage.getItem('CRESERVA') ?? 'null'));
  }

  /** The hold's warning beside the countdown (issue 20, WCAG 2.2.1). */
  holdWarning(): Locator {
    return this.main.locator('[data-hold-warning]');
  }

  moreTimeButton(): Locator {
    return this.main.getByRole('button', { name: /^(Sí, dar más tiempo|Yes, give me more time)$/ });
  }

  /** "Map" or "List": the two views of the seats. */
  viewButton(view: 'map' | 'list'): Locator {
    return this.main.getByRole('group', { name: /^(Ver los asientos como|Show the seats as)$/ }).getByRole('button', { name: view === 'map' ? /^(Mapa|Map)$/ : /^(Lista|List)$/ });
  }

  seatList(): Locator {
    return this.main.locator('#seat-list');
  }

  listSeat(nasiento: number): Locator {
    return this.seatList().locator(`button[data-list-seat="${nasiento}"]`);
  }

  chooseForMeButton(): Locator {
    return this.main.getByRole('button', { name: /^(Elegir por mí|Choose for me)/ });
  }

  /** A filter of the seat tools by its label (class, deck, position). */
  seatFilter(label: RegExp): Locator {
    return this.main.getByLabel(label);
  }

  async clickLogo(): Promise<void> {
    await this.logo.click();
    await expect(this.page).toHaveURL(/\/$/);
  }
}

/** A passenger as the customer types it in step 3. */
export interface PassengerInput {
  numero: string;
  nombres: string;
  paterno: string;
  materno: string;
  email: string;
  celular: string;
  genero: 'M' | 'F';
  nacimiento: string;
}

/** Step 3 "Pago" (`/pasajes/pago`): passengers, buyer, coupon, terms, "Reservar". */
export class PaymentStepPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  passenger(n: number): Locator {
    return this.main.getByRole('group', { name: new RegExp(`^(Pasajero|Passenger) ${n}$`) });
  }

  /** Types a passenger's data in their block; the document number first (it may be looked up). */
  async fillPassenger(n: number, passenger: PassengerInput): Promise<void> {
    const block = this.passenger(n);
    const field = (name: string) => block.locator(`[name="p${n}-${name}"]`);
    await field('numero').fill(passenger.numero);
    await field('nombres').fill(passenger.nombres);
    await field('paterno').fill(passenger.paterno);
    await field('materno').fill(passenger.materno);
    await field('email').fill(passenger.email);
    await field('celular').fill(passenger.celular);
    await field('genero').selectOption(passenger.genero);
    await field('nacimiento').fill(passenger.nacimiento);
  }

  /** A minor's responsible adult (another passenger's number) and the relationship. */
  async chooseGuardian(n: number, adult: number, parentesco: 'padre' | 'madre' | 'tutor' | 'familiar' | 'otro'): Promise<void> {
    const block = this.passenger(n);
    await block.locator(`[name="p${n}-responsable"]`).selectOption(String(adult - 1));
    await block.locator(`[name="p${n}-parentesco"]`).selectOption(parentesco);
  }

  /** Issue 34: a child under 5 on passenger `n`'s lap (their document and data; a relationship other than a parent asks for the notarial confirmation). */
  async addLapChild(n: number, child: { numero: string; nombres: string; paterno: string; materno: string; nacimiento: string; parentesco: 'padre' | 'madre' | 'tutor' | 'familiar' | 'otro' }): Promise<void> {
    const block = this.passenger(n);
    await block.getByText(/^(Viaja con un niño menor de 5 años en brazos|Travels with a child under 5 on their lap)/).click();
    const field = (name: string) => block.locator(`[name="p${n}-infante-${name}"]`);
    await field('numero').fill(child.numero);
    await field('nombres').fill(child.nombres);
    await field('paterno').fill(child.paterno);
    await field('materno').fill(child.materno);
    await field('nacimiento').fill(child.nacimiento);
    await field('parentesco').selectOption(child.parentesco);
  }

  minorNotice(n: number): Locator {
    return this.main.getByTestId(`minor-${n}`);
  }

  async fillBuyer(nombre: string, email: string): Promise<void> {
    await this.main.locator('[name="buyer-nombre"]').fill(nombre);
    await this.main.locator('[name="buyer-email"]').fill(email);
  }

  /** Asks for a factura; the business name of a known RUC is filled by the look-up. */
  async askFactura(ruc: string): Promise<void> {
    await this.main.getByRole('checkbox', { name: /^(Quiero factura|I need an invoice)/ }).check({ force: true });
    await this.main.locator('[name="buyer-ruc"]').fill(ruc);
  }

  businessName(): Locator {
    return this.main.locator('[name="buyer-razon_social"]');
  }

  async applyCoupon(cupon: string): Promise<void> {
    await this.main.locator('[name="coupon-cupon"]').fill(cupon);
    await this.main.getByRole('button', { name: /^(Aplicar|Apply)$/ }).click();
  }

  discount(): Locator {
    return this.main.getByTestId('payment-discount');
  }

  total(): Locator {
    return this.main.getByTestId('payment-total');
  }

  /** Ticks the terms by clicking the middle of their label, as a customer does: the box is ticked, no tab opens. */
  async acceptTermsByClickingTheLabel(): Promise<void> {
    const pages = this.page.context().pages().length;
    await this.main.locator('label').filter({ hasText: /^(Acepto los|I accept the)/ }).click();
    await expect(this.main.getByRole('checkbox', { name: /^(Acepto los|I accept the)/ })).toBeChecked();
    expect(this.page.context().pages()).toHaveLength(pages);
  }

  async acceptTerms(): Promise<void> {
    await this.main.getByRole('checkbox', { name: /^(Acepto los|I accept the)/ }).check({ force: true });
  }

  async reserve(): Promise<void> {
    await this.main.getByRole('button', { name: /^(Reservar|Reserve)$/ }).click();
  }

  errorSummary(): Locator {
    return this.main.locator('#payment-summary');
  }

  /** Steps 2 and 3 once the purchase is a reservation: its way to payment, or a new purchase. */
  reservedNotice(): Locator {
    return this.main.getByTestId('reserved-notice');
  }
}

/** The reservation page (`/pasajes/reserva/{codigo}`): code, amount, payment, tickets. */
export class ReservationStatusPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  code(): Locator {
    return this.main.getByTestId('reservation-code');
  }

  amount(): Locator {
    return this.main.getByTestId('reservation-amount');
  }

  state(): Locator {
    return this.main.getByTestId('reservation-state');
  }

  /** Chooses a payment method and pays: SafetyPay methods leave for the provider's page. */
  async payWith(method: RegExp): Promise<void> {
    await this.main.getByRole('radio', { name: method }).check({ force: true });
    await this.main.getByRole('button', { name: /^(Pagar|Pay)$/ }).click();
  }

  /** On the (sandbox) SafetyPay page: approve or decline; the provider sends the customer back. */
  async decideAtSafetyPay(decision: 'approve' | 'decline'): Promise<void> {
    await expect(this.page).toHaveURL(/\/sandbox\/safetypay\//);
    await this.page.getByRole('button', { name: decision === 'approve' ? /^(Aprobar|Approve) / : /^(Rechazar|Decline) / }).click();
    await expect(this.page).toHaveURL(/\/pasajes\/reserva\/[A-Z0-9]{8}$/);
  }

  cipCode(): Locator {
    return this.main.getByTestId('cip-code');
  }

  /** Issue 46: Yape with the phone and the app's approval code (the Culqi stand-in approves 123456). */
  async payWithYape(phone: string, code: string): Promise<void> {
    await this.main.getByRole('radio', { name: /^Yape/ }).check({ force: true });
    await this.main.getByRole('textbox', { name: /^(Celular de su Yape|Your Yape mobile number)/ }).fill(phone);
    await this.main.getByRole('textbox', { name: /^(Código de aprobación|Approval code)/ }).fill(code);
    await this.main.getByRole('button', { name: /^(Pagar|Pay)$/ }).click();
  }

  /** Issue 46: a card typed in this page, tokenized at Culqi (the stand-in). */
  async payWithCardInPage(number: string): Promise<void> {
    await this.main.getByRole('radio', { name: /^(Tarjeta en esta página|Card in this page)/ }).check({ force: true });
    await this.main.getByRole('textbox', { name: /^(Número de tarjeta|Card number)/ }).fill(number);
    await this.main.getByRole('textbox', { name: /^(Vencimiento|Expiry)/ }).fill('09/35');
    await this.main.getByRole('textbox', { name: /^(Código de seguridad|Security code)/ }).fill('123');
    await this.main.getByRole('button', { name: /^(Pagar|Pay)$/ }).click();
  }

  /** Issue 46: on the Culqi stand-in's checkout, pays the order by QR; back to the store. */
  async payCulqiOrderByQr(): Promise<void> {
    await expect(this.page).toHaveURL(/\/sandbox\/culqi\/checkout\//);
    await this.page.getByRole('button', { name: /^Pagar con billetera/ }).click();
    await this.page.getByRole('link', { name: /^Volver a la tienda/ }).click();
    await expect(this.page).toHaveURL(/\/pasajes\/reserva\/[A-Z0-9]{8}$/);
  }

  /** Issue 34: the purchase's electronic vouchers, one item each. */
  vouchers(): Locator {
    return this.main.getByTestId('voucher');
  }

  /** Asks for a factura in place of the boleta, with the company's RUC and name. */
  async askFactura(ruc: string, razonSocial: string): Promise<void> {
    await this.main.getByLabel(/^RUC/).fill(ruc);
    await this.main.getByLabel(/^(Razón social|Business name)/).fill(razonSocial);
    await this.main.getByRole('button', { name: /^(Emitir factura|Issue factura)$/ }).click();
  }

  /** Opens the CIP voucher, pays it "at an agent" and comes back to the store. */
  async payCipAtAgent(): Promise<void> {
    await this.main.getByRole('link', { name: /^(Ver la constancia|See the voucher)/ }).click();
    await expect(this.page).toHaveURL(/\/sandbox\/pagoefectivo\//);
    await this.page.getByRole('button', { name: /^(Simular el pago|Simulate the payment)/ }).click();
    await expect(this.page).toHaveURL(/\/pasajes\/reserva\/[A-Z0-9]{8}$/);
  }

  tickets(): Locator {
    return this.main.getByTestId('ticket');
  }

  closedNotice(): Locator {
    return this.main.getByRole('alert');
  }
}
