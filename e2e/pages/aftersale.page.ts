import { expect, type Locator, type Page } from '@playwright/test';
import { pickFirstAvailableSeat } from './booking.page';
import { ShellPage } from './shell.page';

/** `/pasajes/recuperar`: a purchase found by its payment code and the buyer's e-mail. */
export class RecoveryPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  async openRecovery(codigo?: string): Promise<void> {
    await this.open(codigo ? `/pasajes/recuperar?codigo=${codigo}` : '/pasajes/recuperar');
    await expect(this.main.getByRole('heading', { level: 1 })).toBeVisible();
  }

  code(): Locator {
    return this.main.locator('[name="recovery-codigo"]');
  }

  email(): Locator {
    return this.main.locator('[name="recovery-email"]');
  }

  async recover(codigo: string, email: string): Promise<void> {
    await this.code().fill(codigo);
    await this.email().fill(email);
    await this.main.getByRole('button', { name: /^(Buscar mi compra|Find my purchase)$/ }).click();
  }

  problem(): Locator {
    return this.main.locator('#recovery-problem');
  }

  /** Step 2 (issue 15): the one-time code mailed to the buyer's address. */
  verification(): Locator {
    return this.main.locator('[name="recovery-verificacion"]');
  }

  async prove(code: string): Promise<void> {
    await this.verification().fill(code);
    await this.main.getByRole('button', { name: /^(Ver mi compra|See my purchase)$/ }).click();
  }
}

/** The after-sale links and marks of a ticket on the reservation page. */
export class TicketActions {
  constructor(readonly ticket: Locator) {}

  numero(): Promise<string | null> {
    return this.ticket.getAttribute('data-numero');
  }

  async postpone(): Promise<void> {
    await this.ticket.getByRole('link', { name: /^(Postergar el pasaje|Postpone ticket)/ }).click();
  }

  async declare(): Promise<void> {
    await this.ticket.getByRole('link', { name: /^(Llenar la declaración jurada|Fill the sworn declaration)/ }).click();
  }

  declaration(): Locator {
    return this.ticket.getByTestId('ticket-declaration');
  }

  state(): Locator {
    return this.ticket.getByTestId('ticket-state');
  }
}

/** `/pasajes/postergar/{numero}`: new day → same-route trips → seat map → confirm. */
export class PostponePage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  until(): Locator {
    return this.main.getByTestId('postpone-until');
  }

  date(): Locator {
    return this.main.locator('[name="postpone-fecha"]');
  }

  async showTrips(fecha?: string): Promise<void> {
    if (fecha) await this.date().fill(fecha);
    await this.main.getByRole('button', { name: /^(Ver viajes|See trips)$/ }).click();
    await expect(this.tripCards().first()).toBeVisible();
  }

  tripCards(): Locator {
    return this.main.locator('section[aria-labelledby="postpone-trips-title"] li').filter({ has: this.page.getByRole('heading', { level: 3 }) });
  }

  async chooseTrip(text: RegExp = /piso|deck/): Promise<void> {
    await this.tripCards().filter({ hasText: text }).first().getByRole('button', { name: /^(Elegir viaje|Choose the)/ }).click();
    await expect(this.main.locator('#seat-deck')).toBeVisible();
  }

  /** Picks the first available seat of the deck on screen; answers its number. */
  async pickSeat(): Promise<number> {
    return pickFirstAvailableSeat(this.main.locator('#seat-deck'));
  }

  chosenSeat(): Locator {
    return this.main.getByTestId('postpone-seat');
  }

  async confirm(): Promise<void> {
    await this.main.getByRole('button', { name: /^(Postergar mi pasaje|Postpone my ticket)$/ }).click();
  }

  newTicket(): Locator {
    return this.main.getByTestId('ticket');
  }
}

/** `/pasajes/declaracion/{numero}`: the passenger's sworn declaration, once. */
export class DeclarationPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  async fill(contacto: string, telefono: string): Promise<void> {
    await this.main.locator('[name="declaration-contacto_nombre"]').fill(contacto);
    await this.main.locator('[name="declaration-contacto_telefono"]').fill(telefono);
  }

  async acceptAll(): Promise<void> {
    for (const name of ['sin_objetos_prohibidos', 'apto_para_viajar', 'datos_veraces']) {
      await this.main.locator(`input[name="declaration-${name}"]`).check({ force: true });
    }
  }

  async submit(): Promise<void> {
    await this.main.getByRole('button', { name: /^(Registrar la declaración jurada|Register the sworn declaration)$/ }).click();
  }

  registered(): Locator {
    return this.main.locator('#declaration-saved');
  }
}

/** The points box of step 3 (signed-in customers). */
export class PointsBox {
  constructor(readonly main: Locator) {}

  available(): Locator {
    return this.main.getByTestId('points-available');
  }

  async useAllThatFit(): Promise<void> {
    await this.main.getByRole('button', { name: /^(Usar todos los que alcancen|Use all that fit)$/ }).click();
  }

  async use(puntos: number): Promise<void> {
    await this.main.locator('[name="points-puntos"]').fill(String(puntos));
    await this.main.getByRole('button', { name: /^(Usar puntos|Use points)$/ }).click();
  }

  discount(): Locator {
    return this.main.getByTestId('payment-points');
  }
}

/** `/pasajes/cambios/{numero}`: cancel a ticket (refund or credit) or transfer it. */
export class ChangesPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  async cancelForRefund(): Promise<void> {
    await this.main.getByRole('button', { name: /^(Anular y devolver|Cancel and refund)/ }).click();
  }

  async cancelForCredit(): Promise<void> {
    await this.main.getByRole('button', { name: /^(Anular y recibir|Cancel and get)/ }).click();
  }

  /** The answer once the ticket is cancelled. */
  cancelled(): Locator {
    return this.main.getByText(/^(Anulamos el pasaje|We cancelled the ticket)/);
  }

  /** The question asked before cancelling, with its "yes". */
  confirmation(): Locator {
    return this.main.getByRole('button', { name: /^(Sí, anular el pasaje|Yes, cancel the ticket)$/ });
  }
}
