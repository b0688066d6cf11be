import { expect, type Locator, type Page } from '@playwright/test';

/** The shell around every page: header, menu, language, account button, footer. */
export class ShellPage {
  readonly header: Locator;
  readonly footer: Locator;
  readonly main: Locator;
  readonly accountButton: Locator;
  readonly logo: Locator;

  constructor(readonly page: Page) {
    this.header = page.locator('header');
    // The hydrated footer: a server-rendered page's footer hydrates at idle (`#shell-footer` is then
    // marked live); its links load whole pages until then.
    this.footer = page.locator('#shell-footer[data-live] footer');
    this.main = page.locator('main');
    this.accountButton = page.getByTestId('account-button');
    this.logo = page.getByTestId('logo');
  }

  /**
   * Opens a page as a customer at a computer does: it loads, and the mouse moves over it (a page
   * whose first screen waits for nothing starts its code then: shell/src/route-hints.ts `onIntent`).
   */
  async open(path = '/'): Promise<void> {
    await this.page.goto(path);
    await expect(this.header).toBeVisible();
    await this.pointAtPage();
  }

  /** Reloads the page as a customer at a computer does (see `open`). */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.pointAtPage();
  }

  private async pointAtPage(): Promise<void> {
    await this.page.mouse.move(3, 3);
    await this.page.mouse.move(4, 4);
  }

  navLink(name: string): Locator {
    return this.header.getByRole('navigation').getByRole('link', { name, exact: true });
  }

  languageSelect(): Locator {
    return this.header.getByRole('combobox').first();
  }

  /**
   * Chooses a language and waits until the page has been loaded again in it (a switch is a
   * navigation), the mouse over it as a customer's (see `open`).
   */
  async switchLanguage(language: 'es-PE' | 'en-EN'): Promise<void> {
    await Promise.all([this.page.waitForEvent('load'), this.languageSelect().selectOption(language)]);
    await expect(this.page.locator('html')).toHaveAttribute('lang', language === 'en-EN' ? 'en' : 'es-PE');
    await this.pointAtPage();
  }

  async storedLanguage(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem('lang-webrumbo'));
  }

  async description(): Promise<string | null> {
    return this.page.locator('meta[name="description"]').getAttribute('content');
  }

  menuButton(): Locator {
    return this.page.getByTestId('menu-button');
  }

  mobileMenu(): Locator {
    return this.page.getByTestId('mobile-menu');
  }

  async openMobileMenu(): Promise<void> {
    await this.menuButton().click();
    await expect(this.mobileMenu()).toBeVisible();
  }

  notFound(): Locator {
    return this.page.getByTestId('not-found');
  }

  remoteError(): Locator {
    return this.main.getByRole('alert');
  }
}
