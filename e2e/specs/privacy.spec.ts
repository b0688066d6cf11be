import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { AccountPage, type NewCustomer } from '../pages/account.page';
import { expectAccessible } from '../support/axe';
import { SITE } from '../support/site';

/**
 * Issue 47 (D.S. 016-2024-JUS): a customer gives and withdraws a marketing consent and sees its
 * history, downloads their data (theirs, nobody else's), and closes their account: every session
 * ends and the password no longer signs in.
 */
function newCustomer(): NewCustomer {
  const stamp = `${Date.now()}`.slice(-7);
  return {
    num_doc: `7${stamp}`.slice(0, 8),
    nombres: 'rosa elena',
    paterno: 'Huamán',
    materno: 'Quispe',
    sexo: 'F',
    fnacimiento: '1988-07-21',
    telefono: '956123479',
    correo: `rosa.${stamp}@example.pe`,
    clave: 'Huascaran2026',
  };
}

test('consents with their history, the data downloaded, the account closed', async ({ page }) => {
  const account = new AccountPage(page);
  const customer = newCustomer();
  await account.openSignUp();
  await account.signUp(customer);
  await expect(account.heading()).toHaveText('Revise su correo');
  await page.goto(AccountPage.linkIn(await account.lastMail(customer.correo, /Confirme su email/)));
  await expect(account.heading()).toHaveText('Email confirmado');
  await account.openLogin();
  await account.signInWithPassword(customer.correo, customer.clave);
  await expect(page).toHaveURL(/\/micuenta$/);

  // Comunicaciones: service messages are said apart; a marketing consent is one unticked box per channel.
  await account.accountSection('Comunicaciones').click();
  await expect(account.main.getByTestId('consent-service-note')).toBeVisible();
  const byMail = account.main.getByRole('group', { name: 'Promociones y ofertas' }).getByRole('checkbox', { name: 'Correo electrónico' });
  await expect(byMail).not.toBeChecked();
  await expect(account.main.getByText('Aún no ha otorgado ni retirado ningún consentimiento.')).toBeVisible();
  await expectAccessible(page);
  await byMail.check({ force: true });
  await expect(account.main.getByTestId('consent-result')).toHaveText('Consentimiento otorgado: Promociones y ofertas por Correo electrónico.');
  await byMail.uncheck({ force: true });
  await expect(account.main.getByTestId('consent-result')).toHaveText('Consentimiento retirado: Promociones y ofertas por Correo electrónico.');
  const history = account.main.getByRole('table');
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('Retirado');
  await expect(history.getByRole('row').nth(2)).toContainText('Otorgado');

  // Mis datos: the download holds this customer's records, with the consents, and no one else's.
  await account.accountSection('Mis datos').click();
  await expectAccessible(page);
  const [download] = await Promise.all([page.waitForEvent('download'), account.main.getByRole('button', { name: 'Descargar mis datos' }).click()]);
  await expect(account.main.getByTestId('download-result')).toHaveText('Listo: se descargó el archivo con sus datos.');
  const text = await readFile((await download.path())!, 'utf8');
  const data = JSON.parse(text) as Record<string, unknown>;
  expect(text).toContain(customer.correo);
  expect(text).toContain('promociones');
  expect(text).not.toContain('demo@rumboandino.pe');
  expect(Object.keys(data).length).toBeGreaterThan(1);

  // Closing the account: what is erased, anonymised and kept is said before confirming.
  const sessionToken = await page.evaluate(() => document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1] ?? '');
  await account.main.getByRole('button', { name: 'Cerrar mi cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cerrar su cuenta?' });
  await expect(dialog.getByText('Se conserva (lo exige la ley)')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Contraseña actual').fill(customer.clave);
  await dialog.getByRole('button', { name: 'Cerrar mi cuenta definitivamente' }).click();
  await expect(account.accountButton).toHaveText('Acceder');
  expect(await page.evaluate(() => localStorage.getItem('auth_storage'))).toBeNull();

  // The session it had ends on the server; the password signs in no more.
  const profile = await page.request.post(`${SITE.apiUrl}/rest/user/editar`, { headers: { authorization: `Bearer ${decodeURIComponent(sessionToken)}` } });
  expect(profile.status()).toBe(401);
  const signIn = await page.request.post(`${SITE.apiUrl}/rest/login/verificar`, { data: { correo: customer.correo, clave: customer.clave } });
  expect(signIn.status()).toBeGreaterThanOrEqual(400);
});
