import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './shell.page';

export const INFORMATION_PAGES = {
  terms: '/informacion/terminos-condiciones',
  privacy: '/informacion/proteccion-datos',
  postponement: '/informacion/politica-postergacion',
} as const;

export class InformationPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  async openPage(which: keyof typeof INFORMATION_PAGES): Promise<void> {
    await super.open(INFORMATION_PAGES[which]);
    await expect(this.main.locator('[aria-busy="true"]')).toHaveCount(0);
  }

  heading(): Locator {
    return this.main.getByRole('heading', { level: 1 });
  }
}
