import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SALES_CHANNEL } from '../../shared/src/constants';
import { SITE } from '../support/site';
import { BookingPage } from './booking.page';
import { ChangesPage } from './aftersale.page';

/** A departure as step 1's search answers it (the fields the waitlist journey reads). */
export interface Departure {
  cviaje: number;
  cterminal_origen: number;
  cterminal_destino: number;
  fecha_salida: string;
  asientos_libres: number;
}

/** An operator's seat block as `/rest/operador/bloqueo` answers it. */
export interface SeatBlock {
  cbloqueo: number;
  asientos: number[];
}

/** The departure's time on step 1's "Elegir viaje de las HH:MM" (Lima's wall clock). */
export const limaClock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/**
 * Issue 48's waitlist on the pages: "Agotado" on a trip card of step 1 with "Avisarme si se libera
 * un asiento", its form and the place in line; the offer's link opening step 2 with the seat held.
 * And what an operator does beside it, through the operators' API (as the CLI calls it): a seat
 * block for a group, and its release.
 */
export class WaitlistPage extends BookingPage {
  constructor(page: Page) {
    super(page);
  }

  /** The card of the departure leaving at `hora` (Lima). */
  tripCard(hora: string): Locator {
    return this.tripCards().filter({ has: this.page.getByRole('button', { name: new RegExp(`(de las|at) ${hora}$`) }) });
  }

  /** Opens the waitlist's form on the card, once the page's code is live (a tap before it is lost: see DemandPage.openPriceAlert). */
  async openWaitlist(card: Locator): Promise<Locator> {
    await expect(this.page.locator('#remote-mf_booking[data-live]')).toBeAttached();
    await card.getByRole('button', { name: /^(Avisarme si se libera un asiento|Tell me if a seat frees up)$/ }).click();
    const form = card.getByRole('form', { name: /^(Lista de espera|Waitlist)$/ });
    await expect(form).toBeVisible();
    return form;
  }

  async joinWaitlist(form: Locator, email: string): Promise<void> {
    await form.getByLabel(/^(Email para avisarle|E-mail to tell you)/).fill(email);
    await form.getByRole('button', { name: /^(Unirme a la lista|Join the waitlist)$/ }).click();
  }

  /** Step 2 opened by the offer's link: the message that says the seats are held. */
  offerMessage(): Locator {
    return this.main.getByText(/^(Le apartamos \d+ asientos? de la lista de espera|We set aside \d+ seats? for you from the waitlist)/);
  }

  /** Picks seat `nasiento` (on deck 2 when `deck` says so) on step 2. */
  async pickSeatNumber(nasiento: number, deck: 1 | 2): Promise<void> {
    if (deck === 2) await this.switchDeck(2);
    await this.seat(nasiento).click();
    await expect(this.seat(nasiento)).toHaveAttribute('aria-pressed', 'true');
  }
}

/** Cancels ticket `numero` for a refund on its changes page (`/pasajes/cambios/{numero}`), as its buyer. */
export async function cancelTicket(page: Page, numero: string): Promise<void> {
  const changes = new ChangesPage(page);
  await changes.open(`/pasajes/cambios/${numero}`);
  await changes.cancelForRefund();
  await changes.confirmation().click();
  await expect(changes.cancelled()).toBeVisible();
}

/** The operators' side, through their API with an operator's token (the CLI's `block`, `release-block`). */
export class Operator {
  constructor(private readonly request: APIRequestContext) {}

  private get headers() {
    return { authorization: `Bearer ${SITE.operatorToken}` };
  }

  /** The departures of `fecha` from `origen` to `destino`, as step 1 lists them. */
  async departures(origen: string, destino: string, fecha: string): Promise<Departure[]> {
    const res = await this.request.post(`${SITE.apiUrl}/rest/viaje`, { data: { origen, destino, fecha, cusuario: SALES_CHANNEL.cusuario, coficina_venta: SALES_CHANNEL.coficina_venta } });
    expect(res.status()).toBe(200);
    return (await res.json()).data as Departure[];
  }

  /** The departure's free seats (number and deck) on its seat map. */
  async freeSeats(trip: Departure): Promise<{ nasiento: number; deck: 1 | 2 }[]> {
    const res = await this.request.post(`${SITE.apiUrl}/rest/maqueta`, {
      data: { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, susuario: SALES_CHANNEL.susuario, cusuario: SALES_CHANNEL.cusuario },
    });
    expect(res.status()).toBe(200);
    const cells = (await res.json()).data.asientos as { gobjeto_sitio: number; nasiento: number | null; gnivel_piso: number; gestado_asiento: number }[];
    // Decks: 15 the lower (Piso 1), 16 the upper (Piso 2); 83 a free seat.
    return cells.filter((cell) => cell.gobjeto_sitio === 1 && cell.nasiento !== null && cell.gestado_asiento === 83).map((cell) => ({ nasiento: cell.nasiento!, deck: cell.gnivel_piso === 16 ? 2 : 1 }));
  }

  async block(cviaje: number, asientos: number, motivo: string): Promise<SeatBlock> {
    const res = await this.request.post(`${SITE.apiUrl}/rest/operador/bloqueo`, { headers: this.headers, data: { cviaje, asientos, motivo } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data as SeatBlock;
  }

  async release(cbloqueo: number): Promise<void> {
    const res = await this.request.post(`${SITE.apiUrl}/rest/operador/bloqueo/liberar`, { headers: this.headers, data: { cbloqueo } });
    expect(res.status()).toBe(200);
  }
}
