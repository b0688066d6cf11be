import { expect, test, failedResponse } from '../support/test';
import { SocialLoginPage, type SocialIdentity } from '../pages/social-login.page';
import { expectAccessible } from '../support/axe';
import { startFakeProviders, type FacebookUser, type FakeProviders, type GoogleAccount } from '../support/social-providers';
import { SITE } from '../support/site';

/**
 * "Continuar con Google" and "Continuar con Facebook" on /login through the composed site. The
 * providers' scripts are fakes served by the test; the tokens they hand over are real (an RS256
 * ID token signed by a key a local JWKS publishes; an access token a local Graph API stand-in
 * knows), and the API verifies them as it would Google's and Facebook's.
 */
let providers: FakeProviders;
let login: SocialLoginPage;

test.beforeAll(async () => {
  providers = await startFakeProviders();
});

test.afterAll(async () => {
  await providers.close();
});

let serial = 0;
/** A fresh document number and provider identity per test (the database lives for the whole run). */
function stamp(): string {
  serial += 1;
  return `${Date.now()}`.slice(-6) + serial;
}

function identity(id: string): SocialIdentity {
  return { num_doc: `7${id}`.slice(0, 8).padEnd(8, '0'), materno: 'Ccori', sexo: 'F', fnacimiento: '1994-08-21', telefono: `95${id}`.slice(0, 9).padEnd(9, '0') };
}

test.describe('sign-in with Google and Facebook', () => {
  test.beforeEach(async ({ page }) => {
    login = new SocialLoginPage(page);
    await login.installProviders();
  });

  test('Continuar con Google: a first sign-in creates the account once; the second reaches the same account', async ({ page }) => {
    const id = stamp();
    const account: GoogleAccount = { sub: `1098${id}`, email: `ana.huaman.${id}@gmail.example`, givenName: 'ana lucía', familyName: 'Huamán' };
    const details = identity(id);

    await login.openLogin();
    await expect(login.heading()).toHaveText('Iniciar sesión');
    await expect(login.googleButton()).toHaveText('Continuar con Google');
    await expect(login.facebookButton()).toBeVisible();
    await expectAccessible(page);

    await login.continueWithGoogle(await providers.googleIdToken(account));
    expect(login.sdks.googlePopups).toEqual([SITE.providers.googleClientId]);
    // First time: the API verified the token but has no account for it; the page asks, once, for what Google does not give.
    await expect(login.heading()).toHaveText('Complete sus datos');
    await expect(login.main.getByText(`Es la primera vez que ingresa con ${account.email}.`, { exact: false })).toBeVisible();
    await expect(login.field('nombres')).toHaveValue('ana lucía');
    await expect(login.field('paterno')).toHaveValue('Huamán');
    expect(await login.storedSession()).toBeNull();
    await expectAccessible(page);
    await login.completeSignUp(details);

    await expect(page).toHaveURL(/\/micuenta$/);
    await expect(login.accountButton).toHaveText('Ana');
    await expect(login.main.getByTestId('profile-email')).toHaveText(account.email);
    await expect(login.field('nombres')).toHaveValue('ana lucía');
    await expect(login.field('num_doc')).toHaveValue(details.num_doc);
    await expect(login.field('telefono')).toHaveValue(details.telefono);
    const first = await login.storedSession();
    expect(first?.customer).toMatchObject({ name: 'ana lucía', email: account.email });

    await login.logOut();
    await expect(login.accountButton).toHaveText('Acceder');
    expect(await login.storedSession()).toBeNull();

    // Again, with a new ID token for the same Google account: straight in, to the same account.
    await login.openLogin();
    await login.continueWithGoogle(await providers.googleIdToken(account));
    await expect(page).toHaveURL(/\/micuenta$/);
    await expect(login.accountButton).toHaveText('Ana');
    await expect(login.field('num_doc')).toHaveValue(details.num_doc);
    await expect(login.field('telefono')).toHaveValue(details.telefono);
    const second = await login.storedSession();
    expect(second?.customer?.id).toBe(first?.customer?.id);
    expect(second?.token).not.toBe(first?.token);

    // The account knows Google as its way in; the address has one account.
    const lookup = await page.request.post(`${SITE.apiUrl}/rest/user/cuenta`, { data: { correo: account.email } });
    expect(await lookup.json()).toMatchObject({ data: { existe: true, metodos: ['codigo', 'google'] } });
  });

  test('Continuar con Facebook: closing the dialog leaves the customer signed out; signing in creates the account once', async ({ page }) => {
    const id = stamp();
    const user: FacebookUser = { id: `10229${id}`, email: `jorge.quispe.${id}@facebook.example`, firstName: 'Jorge', lastName: 'Quispe' };
    const details = { ...identity(id), sexo: 'M' };

    await login.openLogin();
    await expect(login.facebookButton()).toHaveText('Continuar con Facebook');

    // The customer opens Facebook's dialog and closes it: no token, nothing sent, still signed out.
    const debugTokenCalls = () => providers.calls.filter((call) => call.endsWith('/debug_token')).length;
    const verifiedBefore = debugTokenCalls();
    await login.continueWithFacebook(null);
    await expect.poll(() => login.sdks.facebookDialogs.length).toBe(1);
    expect(login.sdks.facebookDialogs[0]).toEqual({ appId: SITE.providers.facebookAppId, version: 'v21.0', scope: 'email,public_profile' });
    expect(login.sdks.facebookLocales).toEqual(['es_LA']);
    // The page says nothing about a closed dialog (login.page.tsx: no token, no call, no message); the button is usable again.
    await expect(login.facebookButton()).toBeEnabled();
    await expect(login.providersAlert()).toHaveCount(0);
    await expect(login.heading()).toHaveText('Iniciar sesión');
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.accountButton).toHaveText('Acceder');
    expect(await login.storedSession()).toBeNull();
    expect(debugTokenCalls()).toBe(verifiedBefore);

    await login.continueWithFacebook(providers.facebookToken(user));
    await expect(login.heading()).toHaveText('Complete sus datos');
    expect(debugTokenCalls()).toBe(verifiedBefore + 1);
    await expect(login.field('nombres')).toHaveValue('Jorge');
    await expect(login.field('paterno')).toHaveValue('Quispe');
    await login.completeSignUp(details);

    await expect(page).toHaveURL(/\/micuenta$/);
    await expect(login.accountButton).toHaveText('Jorge');
    await expect(login.main.getByTestId('profile-email')).toHaveText(user.email);
    await expect(login.field('num_doc')).toHaveValue(details.num_doc);
    const first = await login.storedSession();
    expect(first?.customer?.email).toBe(user.email);
    await expectAccessible(page);

    await login.logOut();
    await expect(login.accountButton).toHaveText('Acceder');
    await login.openLogin();
    await login.continueWithFacebook(providers.facebookToken(user));
    await expect(page).toHaveURL(/\/micuenta$/);
    await expect(login.accountButton).toHaveText('Jorge');
    await expect(login.field('num_doc')).toHaveValue(details.num_doc);
    expect((await login.storedSession())?.customer?.id).toBe(first?.customer?.id);
    const lookup = await page.request.post(`${SITE.apiUrl}/rest/user/cuenta`, { data: { correo: user.email } });
    expect(await lookup.json()).toMatchObject({ data: { existe: true, metodos: ['codigo', 'facebook'] } });
  });

  test('tokens the API rejects: the page says so in its language and stores no session', async ({ consoleErrors, page }) => {
    // What this journey provokes on purpose: the tokens the API rejects.
    consoleErrors.allow(failedResponse(400, '/rest/login/token'));
    consoleErrors.allow(failedResponse(400, '/rest/usuario/registrar/fb'));
    const id = stamp();
    const account: GoogleAccount = { sub: `2077${id}`, email: `rosa.mamani.${id}@gmail.example`, givenName: 'Rosa', familyName: 'Mamani' };

    await login.openLogin();
    // Issued for another site's client id.
    await login.continueWithGoogle(await providers.googleIdToken(account, { audience: 'another-site.apps.googleusercontent.com' }));
    await expect(login.providersAlert()).toHaveText('No pudimos verificar su cuenta del proveedor. Inténtelo de nuevo.');
    await expect(login.heading()).toHaveText('Iniciar sesión');
    await expectAccessible(page);

    // Signed with a key Google does not publish.
    await login.reload();
    await expect(login.googleButton()).toBeVisible();
    await login.continueWithGoogle(await providers.googleIdToken(account, { forged: true }));
    await expect(login.providersAlert()).toHaveText('No pudimos verificar su cuenta del proveedor. Inténtelo de nuevo.');
    expect(login.sdks.googlePopups).toHaveLength(2);

    // In English (the choice is kept; the reload clears the last message): Google's button speaks
    // English, and a Facebook token issued to another app is refused in English.
    await login.switchLanguage('en-EN');
    await expect(login.googleButton()).toHaveText('Continue with Google');
    await login.reload();
    await expect(login.heading()).toHaveText('Sign in');
    await expect(login.googleButton()).toHaveText('Continue with Google');
    await expect(login.providersAlert()).toHaveCount(0);
    const user: FacebookUser = { id: `10331${id}`, email: account.email, firstName: 'Rosa', lastName: 'Mamani' };
    await login.continueWithFacebook(providers.facebookToken(user, { appId: '999888777666555' }));
    await expect(login.providersAlert()).toHaveText('We could not verify your provider account. Please try again.');
    await expect(login.heading()).toHaveText('Sign in');
    expect(login.sdks.facebookLocales).toEqual(['en_US']);

    await expect(page).toHaveURL(/\/login$/);
    await expect(login.accountButton).toHaveText('Sign in');
    expect(await login.storedSession()).toBeNull();
    expect(await login.hasTokenCookie()).toBe(false);
    const lookup = await page.request.post(`${SITE.apiUrl}/rest/user/cuenta`, { data: { correo: account.email } });
    expect(await lookup.json()).toMatchObject({ data: { existe: false } });
  });
});

test.describe('when the providers\' scripts cannot load', () => {
  // What every other spec sees on /login (playwright.config.ts keeps the real hosts unreachable).
  test('the page says so, and signing in with a password still works', async ({ page }) => {
    const login = new SocialLoginPage(page);
    await page.route(/^https:\/\/(accounts\.google\.com|connect\.facebook\.net)\//, (route) => route.abort('internetdisconnected'));
    await login.openLogin();
    await expect(login.main.getByRole('status').filter({ hasText: 'No pudimos cargar el acceso con Google.' })).toBeVisible();
    await expect(login.googleButton()).toHaveCount(0);
    await login.facebookButton().click();
    await expect(login.providersAlert()).toHaveText('No pudimos completar el acceso con Facebook. Inténtelo de nuevo.');
    await expect(login.facebookButton()).toBeEnabled();
    await expectAccessible(page);

    await login.signInWithPassword('demo@rumboandino.pe', 'RumboDemo2026');
    await expect(page).toHaveURL(/\/micuenta$/);
    await expect(login.accountButton).toHaveText('María');
  });
});
