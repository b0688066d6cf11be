import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './shell.page';

export interface ComplaintData {
  nacimiento: string;
  numero: string;
  datos: string;
  paterno: string;
  materno: string;
  direccion: string;
  telefono: string;
  correo: string;
  motivo: string;
  viaje: string;
  detalle: string;
  resultado?: string;
}

/** The complaints book, /libro_reclamaciones: every control is found by its spec field name. */
export class ComplaintsPage extends ShellPage {
  readonly form: Locator;

  constructor(page: Page) {
    super(page);
    this.form = this.main.locator('form');
  }

  async openBook(): Promise<void> {
    await super.open('/libro_reclamaciones');
    await expect(this.field('detalle')).toBeVisible();
  }

  field(name: string): Locator {
    return this.form.locator(`[name="${name}"]`).first();
  }

  async fill(data: ComplaintData): Promise<void> {
    for (const [name, value] of Object.entries(data)) {
      const control = this.field(name);
      if ((await control.evaluate((element) => element.tagName)) === 'SELECT') await control.selectOption(value);
      else await control.fill(value);
    }
  }

  async submit(): Promise<void> {
    await this.form.getByRole('button', { name: /^(Enviar|Submit)$/ }).click();
  }

  errorSummary(): Locator {
    return this.main.getByRole('alert');
  }

  receipt(): Locator {
    return this.main.getByRole('heading', { name: /Registramos su hoja de reclamación|Your complaint sheet has been filed/ });
  }
}
