import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './shell.page';

export interface TripSearch {
  /** What the customer types in the city boxes, and the option they pick. */
  origen: { type: string; option: RegExp };
  destino: { type: string; option: RegExp };
  fecha: string;
  pasajeros: number;
}

export interface HeldSeatInStorage {
  cviaje: number;
  cviaje_asiento: number;
  cterminal_origen: number;
  cterminal_destino: number;
  nasiento: number;
  gnivel_piso: number;
}

/** The purchase flow of mf-booking: the search widget, step 1 (trips) and step 2 (seats). */
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

  tripCards(): Locator {
    return this.main.locator('li').filter({ has: this.page.getByRole('heading', { level: 3 }) });
  }

  /** Chooses the first trip whose card matches `text` (e.g. its number of decks). */
  async chooseTrip(text: RegExp): Promise<void> {
    const card = this.tripCards().filter({ hasText: text }).first();
    await card.getByRole('button', { name: /^(Elegir viaje|Choose the)/ }).click();
    await expect(this.page).toHaveURL(/\/pasajes\/asientos$/);
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
    const seat = this.seatDeck().locator('button[data-status="available"]').first();
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

  /** The number of the first seat the map shows as available on the deck on screen. */
  async firstAvailableSeat(): Promise<number> {
    return Number(await this.seatDeck().locator('button[data-status="available"]').first().getAttribute('data-seat'));
  }

  message(): Locator {
    return this.main.getByRole('alert');
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

  async clickLogo(): Promise<void> {
    await this.logo.click();
    await expect(this.page).toHaveURL(/\/$/);
  }
}
