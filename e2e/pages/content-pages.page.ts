import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './shell.page';

/** mf-content's pages beyond home and information: agencies, promotions, corporate, destinations. */
export class ContentPages extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  heading(): Locator {
    return this.main.getByRole('heading', { level: 1 });
  }

  /** Opens `path` and waits until its remote has mounted (`data-live`): the journeys here are about the live page. */
  async openPath(path: string): Promise<void> {
    await super.open(path);
    await this.heading().waitFor();
    await this.page.locator('#remotes > div[data-live]').waitFor({ state: 'attached' });
  }

  // Agencies (/oficina)
  agencyCards(): Locator {
    return this.main.getByTestId('agency-card');
  }

  agencyCount(): Locator {
    return this.main.getByTestId('agency-count');
  }

  async chooseCity(code: string): Promise<void> {
    await this.main.locator('select[name="ciudad"]').selectOption(code);
  }

  map(): Locator {
    return this.main.getByTestId('agency-map');
  }

  mapMarkers(): Locator {
    return this.map().locator('.leaflet-marker-icon');
  }

  // Promotions (/promociones)
  promotions(): Locator {
    return this.main.getByTestId('promotion');
  }

  async subscribe(correo: string): Promise<void> {
    const form = this.main.locator('section#subscribe form');
    await form.locator('input[name="correo"]').fill(correo);
    await form.locator('button[type="submit"]').click();
    await expect(this.main.getByTestId('subscribe-sent')).toBeVisible();
  }

  subscriptionNotice(): Locator {
    return this.main.getByTestId('subscription-link');
  }

  // Corporate (/corporativo)
  companyField(name: string): Locator {
    return this.main.locator(`[name="${name}"]`);
  }

  async submitCompany(): Promise<void> {
    await this.main.getByRole('button', { name: /Enviar solicitud|Send request/ }).click();
  }

  companySent(): Locator {
    return this.main.getByTestId('company-sent');
  }

  // Destination (/destinos/{city})
  routesTable(): Locator {
    return this.main.getByTestId('destination-routes');
  }

  searchFallback(): Locator {
    return this.main.getByTestId('search-fallback');
  }
}
