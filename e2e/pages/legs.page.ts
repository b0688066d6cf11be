import { expect, type Locator, type Page } from '@playwright/test';
import { BookingPage, STEP_2_ADDRESS } from './booking.page';

/**
 * Step 1 and the tickets when the passenger rides part of a bus's route (issue 19): trip cards
 * name the bus's own route when it differs from the stretch searched; tickets name the passenger's
 * own boarding and alighting terminals.
 */
export class LegsPage extends BookingPage {
  constructor(page: Page) {
    super(page);
  }

  /** The trip cards of buses of the route `origen → destino` (city names), in departure order. */
  cardsOfRoute(origen: string, destino: string): Locator {
    return this.tripCards().filter({ has: this.page.getByTestId('trip-route').filter({ hasText: new RegExp(`${origen} → ${destino}`) }) });
  }

  /** The first card of a bus of that route; answers its heading (departure → arrival at the passenger's stops). */
  async chooseFirstTripOfRoute(origen: string, destino: string): Promise<string> {
    const card = this.cardsOfRoute(origen, destino).first();
    await expect(card).toBeVisible();
    const heading = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await card.getByRole('button', { name: /^(Elegir viaje|Choose the)/ }).click();
    await expect(this.page).toHaveURL(STEP_2_ADDRESS);
    await expect(this.seatDeck()).toBeVisible();
    return heading;
  }

  /** Picks seat `nasiento` on the deck on screen (it must be free on this stretch). */
  async pickSeatNumber(nasiento: number): Promise<void> {
    const seat = this.seat(nasiento);
    await expect(seat).toHaveAttribute('data-status', /^(available|promotion)$/);
    await seat.click();
    await expect(seat).toHaveAttribute('aria-pressed', 'true');
  }

  /** The deck (1 or 2) seat `nasiento` is on, from the seats held in this tab. */
  async deckOfHeldSeat(nasiento: number): Promise<1 | 2> {
    const held = (await this.heldSeats()).find((seat) => seat.nasiento === nasiento);
    return held?.gnivel_piso === 16 ? 2 : 1;
  }
}
