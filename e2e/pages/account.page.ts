import { expect, type Locator, type Page } from '@playwright/test';
import type { IdentityFields } from '../../shared/src/schemas/account.schema';
import { SITE } from '../support/site';
import { ShellPage } from './shell.page';

/** A customer to sign up: the account forms' identity fields (the document type defaults to DNI), e-mail and password. */
export interface NewCustomer extends Omit<IdentityFields, 'tipo_doc'> {
  tipo_doc?: string;
  correo: string;
  clave: string;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The account screens of mf-account: /login, /cuenta/registro, /cuenta/recuperar, /micuenta. Controls are found by their field names. */
export class AccountPage extends ShellPage {
  constructor(page: Page) {
    super(page);
  }

  heading(): Locator {
    return this.main.getByRole('heading', { level: 1 });
  }

  field(name: string): Locator {
    return this.main.locator(`form [name="${name}"]`).first();
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(values)) {
      const control = this.field(name);
      if ((await control.evaluate((element) => element.tagName)) === 'SELECT') await control.selectOption(value);
      else await control.fill(value);
    }
  }

  /**
   * Opens /login and waits until it is live: its HTML paints the form and the sign-in buttons
   * before the remote's code runs (rendered by the server), and the mounted page focuses its heading.
   */
  async openLogin(query = ''): Promise<void> {
    await this.open(`/login${query}`);
    await expect(this.field('correo')).toBeVisible();
    await expect(this.heading()).toBeFocused();
  }

  async signInWithPassword(correo: string, clave: string): Promise<void> {
    await this.fill({ correo, clave });
    await this.main.getByRole('button', { name: /^(Ingresar|Sign in)$/ }).click();
  }

  async chooseCodeSignIn(): Promise<void> {
    await this.main.getByRole('button', { name: /Con código por email|With a code by email/ }).click();
  }

  async requestCode(email: string): Promise<void> {
    await this.fill({ email });
    await this.main.getByRole('button', { name: /Enviar código|Send code/ }).click();
    await expect(this.field('key')).toBeVisible();
  }

  async enterCode(code: string): Promise<void> {
    await this.fill({ key: code });
    await this.main.getByRole('button', { name: /Ingresar con el código|Sign in with the code/ }).click();
  }

  async openSignUp(query = ''): Promise<void> {
    await this.open(`/cuenta/registro${query}`);
  }

  async signUp(customer: NewCustomer): Promise<void> {
    const { tipo_doc = '19', ...values } = customer;
    await this.fill({ tipo_doc, ...values });
    await this.main.getByText(/^(Acepto los|I accept the)/).click();
    await expect(this.main.getByRole('checkbox')).toBeChecked();
    await this.main.getByRole('button', { name: /Crear mi cuenta|Create my account/ }).click();
  }

  async openRecover(query = ''): Promise<void> {
    await this.open(`/cuenta/recuperar${query}`);
  }

  async requestResetLink(correo: string): Promise<void> {
    await this.fill({ correo });
    await this.main.getByRole('button', { name: /Enviar enlace|Send link/ }).click();
  }

  async setNewPassword(clave: string): Promise<void> {
    await this.fill({ clave });
    await this.main.getByRole('button', { name: /Guardar contraseña|Save password/ }).click();
  }

  accountSection(name: string | RegExp): Locator {
    return this.main.getByRole('navigation').getByRole('link', { name });
  }

  async saveProfile(values: Record<string, string>): Promise<void> {
    await this.fill(values);
    await this.main.getByRole('button', { name: /Guardar cambios|Save changes/ }).click();
  }

  async logOut(): Promise<void> {
    await this.main.getByRole('button', { name: /^(Cerrar sesión|Log out)$/ }).click();
  }

  /** The newest mail to `to` in the development mailbox (DEV_MAILBOX=1). */
  async lastMail(to: string, subject?: RegExp, timeout = 10_000): Promise<OutboxMail> {
    let found: OutboxMail | undefined;
    await expect(async () => {
      const response = await this.page.request.get(`${SITE.apiUrl}/dev/outbox.json?to=${encodeURIComponent(to)}&limit=5`);
      const mails = ((await response.json()) as { data?: OutboxMail[] } | OutboxMail[]);
      const list = Array.isArray(mails) ? mails : (mails.data ?? []);
      found = list.find((mail) => !subject || subject.test(mail.subject));
      expect(found).toBeDefined();
    }).toPass({ timeout });
    return found!;
  }

  /** The site path of the first link in a mail, e.g. `/cuenta/registro?confirmar=...`. */
  static linkIn(mail: OutboxMail): string {
    const url = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    return `${url.pathname}${url.search}`;
  }

  static codeIn(mail: OutboxMail): string {
    return /\b(\d{6})\b/.exec(mail.text)![1]!;
  }
}
