import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './shell.page';

/** The cargo remote: `/cargo`, `/cargo/seguimiento`, `/carga/clausulas`. */
export class CargoPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  heading(): Locator {
    return this.main.getByRole('heading', { level: 1 });
  }

  async openService(): Promise<void> {
    await super.open('/cargo');
    await this.heading().waitFor();
  }

  async openTracking(code?: string): Promise<void> {
    await super.open(code ? `/cargo/seguimiento?codigo=${code}` : '/cargo/seguimiento');
    await this.heading().waitFor();
  }

  async openClauses(): Promise<void> {
    await super.open('/carga/clausulas');
    await this.heading().waitFor();
  }

  codeField(): Locator {
    return this.main.locator('input[name="codigo"]');
  }

  documentField(): Locator {
    return this.main.locator('input[name="documento"]');
  }

  async track(code: string): Promise<void> {
    await this.codeField().fill(code);
    await this.main.locator('form button[type="submit"]').click();
  }

  status(): Locator {
    return this.main.getByTestId('tracking-status');
  }

  /** The timeline's steps, in order. */
  steps(): Locator {
    return this.main.locator('ol li');
  }

  async estimate(origen: string, destino: string, peso: string): Promise<Locator> {
    const form = this.main.locator('form');
    await expect(form.locator('select[name="destino"] option')).not.toHaveCount(1);
    await form.locator('select[name="origen"]').selectOption(origen);
    await form.locator('select[name="destino"]').selectOption(destino);
    await form.locator('input[name="peso"]').fill(peso);
    await form.locator('button[type="submit"]').click();
    return this.main.getByTestId('estimate-result');
  }
}
