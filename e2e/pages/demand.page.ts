import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './shell.page';

/**
 * Issue 48 on the pages: step 1's price alert (under the trips) and, in Mi cuenta →
 * Comunicaciones, the customer's price alerts and the mobile's confirmation for WhatsApp.
 */
export class DemandPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  priceAlertForm(): Locator {
    return this.main.getByRole('form', { name: /^(Alerta de precio|Price alert)$/ });
  }

  /**
   * Opens step 1's price alert, tapped as soon as it shows: before the page's code, while it
   * hydrates or once live (a tap React took while hydrating was once tapped again at live, which
   * closed the form: shell/src/early-input.ts).
   */
  async openPriceAlert(): Promise<void> {
    await this.main.getByRole('button', { name: /^(Avisarme si baja el precio de esta ruta|Tell me if this route gets cheaper)$/ }).click();
    await expect(this.priceAlertForm()).toBeVisible();
  }

  async submitPriceAlert(): Promise<void> {
    await this.priceAlertForm().getByRole('button', { name: /^(Crear alerta|Create alert)$/ }).click();
  }

  /** Sets an alert below `tope` soles (on the days given), told by the channels named (each box ticked gives its consent). */
  async setPriceAlert(tope: number, channels: RegExp[], days?: { desde: string; hasta: string }): Promise<void> {
    const form = this.priceAlertForm();
    await form.getByLabel(/^(Avisarme cuando cueste menos de|Tell me when it costs less than)/).fill(String(tope));
    if (days) {
      await form.getByLabel(/^(Desde el día|From day)/).fill(days.desde);
      await form.getByLabel(/^(Hasta el día|Until day)/).fill(days.hasta);
    }
    for (const channel of channels) await form.getByRole('checkbox', { name: channel }).check({ force: true });
    await this.submitPriceAlert();
    await expect(this.main.getByTestId('price-alert-created')).toBeVisible();
  }

  myPriceAlerts(): Locator {
    return this.main.getByTestId('price-alerts');
  }

  /** "Mis viajes por WhatsApp" in Comunicaciones' service messages. */
  whatsappForTrips(): Locator {
    return this.main.getByRole('group', { name: /^(Mis viajes por WhatsApp|My trips on WhatsApp)$/ }).getByRole('checkbox', { name: 'WhatsApp' });
  }

  whatsappPhone(): Locator {
    return this.main.getByTestId('whatsapp-phone');
  }

  async askWhatsAppCode(): Promise<void> {
    await this.whatsappPhone().getByRole('button', { name: /^(Enviarme un código por WhatsApp|Send me a code by WhatsApp)$/ }).click();
    await expect(this.whatsappPhone().getByLabel(/^(Código recibido por WhatsApp|Code received by WhatsApp)/)).toBeFocused();
  }

  async confirmWhatsAppCode(code: string): Promise<void> {
    await this.whatsappPhone().getByLabel(/^(Código recibido por WhatsApp|Code received by WhatsApp)/).fill(code);
    await this.whatsappPhone().getByRole('button', { name: /^(Confirmar mi celular|Confirm my mobile)$/ }).click();
  }
}
