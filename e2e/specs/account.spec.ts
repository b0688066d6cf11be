import { expect, test, failedResponse } from '../support/test';
import { AccountPage, type NewCustomer } from '../pages/account.page';
import { expectAccessible } from '../support/axe';
import { sessionToken, storeSession } from '../support/session';
import { SITE } from '../support/site';

/** The demo customer the API seeds (api/src/accounts/accounts.seed.ts). */
const DEMO = { correo: 'demo@rumboandino.pe', clave: 'RumboDemo2026', firstName: 'María', points: '170' };

let serial = 0;
function newCustomer(): NewCustomer {
  serial += 1;
  const stamp = `${Date.now()}`.slice(-6);
  return {
    num_doc: `6${stamp}${serial}`.slice(0, 8).padEnd(8, '0'),
    nombres: 'lucía fernanda',
    paterno: 'Condori',
    materno: 'Vargas',
    sexo: 'F',
    fnacimiento: '1992-03-14',
    telefono: '956123478',
    correo: `lucia.${stamp}.${serial}@example.pe`,
    clave: 'Titicaca2026',
  };
}

test.describe('accounts', () => {
  test('sign up → confirm from the mailbox → sign in → first name in the header → edit profile → log out', async ({ consoleErrors, page }) => {
    // What this journey provokes on purpose: a wrong password first.
    consoleErrors.allow(failedResponse(400, '/rest/login/verificar'));
    const account = new AccountPage(page);
    const customer = newCustomer();

    await account.openSignUp();
    await expect(account.heading()).toHaveText('Crear una cuenta');
    await expectAccessible(page);
    // A weak password is refused on its field, in Spanish, before anything is sent.
    await account.signUp({ ...customer, clave: 'corta' });
    await expect(account.main.getByText('La contraseña debe tener al menos 8 caracteres, con letras y números')).toBeVisible();
    await account.fill({ clave: customer.clave });
    await account.main.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await expect(account.heading()).toHaveText('Revise su correo');
    await expect(account.main.getByText(customer.correo)).toBeVisible();

    const mail = await account.lastMail(customer.correo, /Confirme su email/);
    await page.goto(AccountPage.linkIn(mail));
    await expect(account.heading()).toHaveText('Email confirmado');
    await expectAccessible(page);
    await account.main.getByRole('link', { name: 'Iniciar sesión' }).click();

    await expect(account.heading()).toHaveText('Iniciar sesión');
    await expectAccessible(page);
    await account.signInWithPassword(customer.correo, 'NoEsLaClave1');
    await expect(account.main.getByText('El email o la contraseña no son correctos')).toBeVisible();
    await account.signInWithPassword(customer.correo, customer.clave);

    await expect(page).toHaveURL(/\/micuenta$/);
    await expect(account.accountButton).toHaveText('Lucía');
    await expect(account.field('nombres')).toHaveValue('lucía fernanda');
    await expect(account.main.getByTestId('profile-email')).toHaveText(customer.correo);
    await expectAccessible(page);

    await account.saveProfile({ nombres: 'Rocío', telefono: '912000111', correo_cc: 'copia@example.pe' });
    await expect(account.main.getByText('Sus datos se guardaron.')).toBeVisible();
    await expect(account.accountButton).toHaveText('Rocío');
    await page.reload();
    await expect(account.field('telefono')).toHaveValue('912000111');
    await expect(account.field('correo_cc')).toHaveValue('copia@example.pe');
    // Issue 15: the CC address counts once proven through the link mailed to it.
    await expect(account.main.getByTestId('profile-cc-pending')).toHaveText('Pendiente de confirmación: abra el enlace que enviamos a copia@example.pe.');
    await expectAccessible(page);
    const ccMail = await account.lastMail('copia@example.pe', /Confirme su email de copia/);
    await page.goto(AccountPage.linkIn(ccMail));
    await expect(account.heading()).toHaveText('Email en copia confirmado');
    await expectAccessible(page);
    await page.goto('/micuenta');
    await expect(account.field('correo_cc')).toHaveValue('copia@example.pe');
    await expect(account.main.getByTestId('profile-cc-pending')).toHaveCount(0);

    await account.accountSection('Mis viajes').click();
    await expect(account.main.getByText('No tiene viajes próximos.')).toBeVisible();
    await expect(account.main.getByText('Aún no tiene viajes anteriores.')).toBeVisible();
    await expectAccessible(page);
    await account.accountSection('Mis puntos').click();
    await expect(account.main.getByTestId('points-balance')).toHaveText('0 puntos');
    await expect(account.main.getByText('Aún no tiene movimientos de puntos.', { exact: false })).toBeVisible();

    await account.logOut();
    await expect(page).toHaveURL(`${SITE.siteUrl}/`);
    await expect(account.accountButton).toHaveText('Acceder');
    expect(await page.evaluate(() => localStorage.getItem('auth_storage'))).toBeNull();
    expect(await page.evaluate(() => document.cookie.includes('token='))).toBe(false);
  });

  test('sign in with a one-time code read from the development mailbox', async ({ consoleErrors, page }) => {
    // What this journey provokes on purpose: a wrong code first.
    consoleErrors.allow(failedResponse(400, '/rest/otp/validate'));
    const account = new AccountPage(page);
    await account.openLogin();
    await account.chooseCodeSignIn();
    await account.requestCode(DEMO.correo);
    await expect(account.main.getByText(`le enviamos un código a ${DEMO.correo}`, { exact: false })).toBeVisible();
    await expectAccessible(page);

    const mail = await account.lastMail(DEMO.correo, /código de acceso/);
    await account.enterCode('000000' === AccountPage.codeIn(mail) ? '111111' : '000000');
    await expect(account.main.getByText('El código no es válido o ya venció', { exact: false })).toBeVisible();
    await account.enterCode(AccountPage.codeIn(mail));

    await expect(page).toHaveURL(/\/micuenta$/);
    await expect(account.accountButton).toHaveText(DEMO.firstName);
  });

  test('password reset: the mailed link sets a new password once', async ({ consoleErrors, page }) => {
    // What this journey provokes on purpose: the used link, refused.
    consoleErrors.allow(failedResponse(400, '/rest/usuario/validar'));
    const account = new AccountPage(page);
    const customer = newCustomer();
    const signUp = await page.request.post(`${SITE.apiUrl}/rest/usuario/registrar`, {
      data: { ...customer, tipo_doc: '19', terminos: true },
      headers: { origin: SITE.siteUrl },
    });
    expect(signUp.status()).toBe(202);

    await account.openRecover();
    await expect(account.heading()).toHaveText('Recuperar mi cuenta');
    await expectAccessible(page);
    await account.requestResetLink(customer.correo);
    await expect(account.heading()).toHaveText('Revise su correo');

    const link = AccountPage.linkIn(await account.lastMail(customer.correo, /Restablezca su contraseña/));
    await page.goto(link);
    await expect(account.heading()).toHaveText('Elija una nueva contraseña');
    await expectAccessible(page);
    await account.setNewPassword('Huascaran2027');
    await expect(account.heading()).toHaveText('Contraseña actualizada');

    // The link works once.
    await page.goto(link);
    await expect(account.heading()).toHaveText('El enlace no sirve');

    await account.openLogin();
    await account.signInWithPassword(customer.correo, 'Huascaran2027');
    await expect(page).toHaveURL(/\/micuenta$/);
    await expect(account.accountButton).toHaveText('Lucía');
  });

  test('/micuenta signed out goes to /login?pathname=… and back there after sign-in', async ({ page }) => {
    const account = new AccountPage(page);
    await account.open('/micuenta/puntos');
    await expect(page).toHaveURL(`${SITE.siteUrl}/login?pathname=/micuenta/puntos`);
    await account.signInWithPassword(DEMO.correo, DEMO.clave);
    await expect(page).toHaveURL(/\/micuenta\/puntos$/);
    await expect(account.accountButton).toHaveText(DEMO.firstName);
    await expect(account.main.getByTestId('points-balance')).toHaveText(`${DEMO.points} puntos`);
    await expect(account.main.getByRole('cell', { name: /Viaje · Lima → Cusco/ })).toBeVisible();
    await expectAccessible(page);
  });

  // Issue 32 item 2: a crafted link that normalises to `//evil.example/x` (another site).
  test('after sign-in, a return path that leaves the site goes to /micuenta instead', async ({ page }) => {
    const account = new AccountPage(page);
    await account.openLogin('?pathname=/.//evil.example/x');
    await account.signInWithPassword(DEMO.correo, DEMO.clave);
    await expect(page).toHaveURL(`${SITE.siteUrl}/micuenta`);
    await expect(account.accountButton).toHaveText(DEMO.firstName);
  });

  test('an expired stored session on /micuenta shows Acceder and asks to sign in', async ({ page }) => {
    await storeSession(page, { token: await sessionToken(undefined, -60), customer: { name: 'maría elena' }, expiresAt: Date.now() - 1000 });
    const account = new AccountPage(page);
    await account.open('/micuenta');
    await expect(page).toHaveURL(`${SITE.siteUrl}/login?pathname=/micuenta`);
    await expect(account.accountButton).toHaveText('Acceder');
  });

  test('in English: sign-in messages, my trips and my points', async ({ consoleErrors, page }) => {
    // What this journey provokes on purpose: a wrong password first.
    consoleErrors.allow(failedResponse(400, '/rest/login/verificar'));
    const account = new AccountPage(page);
    await account.openLogin('?pathname=/micuenta/viajes');
    await account.switchLanguage('en-EN');
    await expect(account.heading()).toHaveText('Sign in');
    await account.signInWithPassword(DEMO.correo, 'Wrong-password-1');
    await expect(account.main.getByText('The email or the password is not correct')).toBeVisible();
    await account.signInWithPassword(DEMO.correo, DEMO.clave);
    await expect(page).toHaveURL(/\/micuenta\/viajes$/);
    await expect(account.main.getByRole('heading', { level: 2, name: 'My trips' })).toBeVisible();
    await expect(account.main.getByText('You have no upcoming trips.')).toBeVisible();
    await expectAccessible(page);
    await account.accountSection('My points').click();
    await expect(account.main.getByTestId('points-balance')).toHaveText(`${DEMO.points} points`);

    await account.open('/cuenta/registro');
    await expect(account.heading()).toHaveText('Create an account');
    await expectAccessible(page);
  });
});
