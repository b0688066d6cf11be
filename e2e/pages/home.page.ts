import type { Locator, Page } from '@playwright/test';
import { ShellPage } from './shell.page';

export class HomePage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  async openHome(): Promise<void> {
    await super.open('/');
    await this.heading().waitFor();
  }

  heading(): Locator {
    return this.main.getByRole('heading', { level: 1 });
  }
}
