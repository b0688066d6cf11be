import { expect, type Locator, type Page } from '@playwright/test';
import { FakeSdks } from '../support/social-providers';
import { AccountPage } from './account.page';

/** The identity a first Google or Facebook sign-in asks for once (what the provider does not give). */
export interface SocialIdentity {
  tipo_doc?: string;
  num_doc: string;
  materno: string;
  sexo: string;
  fnacimiento: string;
  telefono: string;
}

/** What `auth_storage` holds (spec §3), decoded. */
export interface StoredSession {
  token: string;
  customer: { id: string; name: string; email: string; phone: string } | null;
  expiresAt: number;
}

/**
 * `/login`'s Google and Facebook buttons, with the providers' scripts served as fakes
 * (support/social-providers.ts): the test says what the customer does in the provider's window,
 * then clicks the page's button.
 */
export class SocialLoginPage extends AccountPage {
  readonly sdks = new FakeSdks();

  constructor(page: Page) {
    super(page);
  }

  /** Serves the fake SDKs to this page; call before the first navigation. */
  async installProviders(): Promise<void> {
    await this.sdks.install(this.page);
  }

  /** The button Google's script draws (in the page's language). */
  googleButton(): Locator {
    return this.main.getByRole('button', { name: /^(Continuar con Google|Continue with Google)$/ });
  }

  facebookButton(): Locator {
    return this.main.getByRole('button', { name: /^(Continuar con Facebook|Continue with Facebook)$/ });
  }

  /** The alert of the provider buttons (the API's refusal, a script that failed). */
  providersAlert(): Locator {
    return this.main.locator('#providers-summary');
  }

  /** Clicks "Continuar con Google"; in Google's popup the customer picks the account of `idToken`, or closes it (null). */
  async continueWithGoogle(idToken: string | null): Promise<void> {
    this.sdks.googleAnswer = idToken;
    await this.googleButton().click();
  }

  /** Clicks "Continuar con Facebook"; Facebook's dialog hands back `accessToken`, or is closed (null). */
  async continueWithFacebook(accessToken: string | null): Promise<void> {
    this.sdks.facebookAnswer = accessToken;
    await this.facebookButton().click();
  }

  /** The one-time form of a first social sign-in: the document, the rest of the identity, the terms. */
  async completeSignUp(identity: SocialIdentity): Promise<void> {
    const { tipo_doc = '19', ...values } = identity;
    await this.fill({ tipo_doc, ...values });
    await this.main.getByText(/^(Acepto los|I accept the)/).click();
    await expect(this.main.getByRole('checkbox')).toBeChecked();
    await this.main.getByRole('button', { name: /Crear mi cuenta|Create my account/ }).click();
  }

  /** The stored session (`auth_storage`, base64 JSON), or null when there is none. */
  async storedSession(): Promise<StoredSession | null> {
    return this.page.evaluate(() => {
      const stored = localStorage.getItem('auth_storage');
      if (!stored) return null;
      const bytes = Uint8Array.from(atob(stored), (char) => char.charCodeAt(0));
      return JSON.parse(new TextDecoder().decode(bytes)) as StoredSession;
    });
  }

  async hasTokenCookie(): Promise<boolean> {
    return this.page.evaluate(() => document.cookie.split('; ').some((cookie) => cookie.startsWith('token=')));
  }
}
