import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './shell.page';

/**
 * Issue 47 on a purchase's page (`/pasajes/reserva/{codigo}`, opened with its key in this browser):
 * "Tus datos en esta compra": download its records, erase its personal data once it is over.
 */
export class PurchaseDataPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  panel(): Locator {
    return this.main.getByTestId('purchase-data');
  }

  eraseButton(): Locator {
    return this.panel().getByRole('button', { name: /^(Borrar mis datos de esta compra|Erase my data in this purchase)$/ });
  }

  /** What is erased and what the law keeps, asked before erasing. */
  confirmation(): Locator {
    return this.panel().getByRole('region', { name: /^(¿Borrar los datos personales de esta compra\?|Erase this purchase's personal data\?)$/ });
  }

  async erase(): Promise<void> {
    await this.confirmation().getByRole('button', { name: /^(Sí, borrar mis datos|Yes, erase my data)$/ }).click();
  }

  /** The status once erased ("Los datos personales de esta compra se borraron el …"). */
  erased(): Locator {
    return this.panel().getByRole('status');
  }

  async openPurchase(codigo: string): Promise<void> {
    await this.open(`/pasajes/reserva/${codigo}`);
    await expect(this.panel()).toBeVisible();
  }
}
