import { readFile } from 'node:fs/promises';
import { closeWatched, expect, test, watchedContext } from '../support/test';
import { AccountPage } from '../pages/account.page';
import { newCustomer, signUpAndSignIn } from '../pages/account.flow';
import { ChangesPage } from '../pages/aftersale.page';
import { PurchaseDataPage } from '../pages/purchase-data.page';
import { buyTicket, reserveTicket } from '../pages/purchase.flow';
import { expectAccessible } from '../support/axe';
import { SITE } from '../support/site';

/**
 * Issue 47 (D.S. 016-2024-JUS): a customer gives and withdraws a marketing consent and sees its
 * history, downloads their data (theirs, nobody else's: their purchase and its ticket, their consents
 * and price alerts in it; another customer's purchase on the same day not), and closes their account
 * with a code mailed to them: every session ends and the password no longer signs in. The journey
 * signs up a customer of its own and buys on Lima → Arequipa, day 23 (no other journey's).
 */
test('consents with their history, the data downloaded, the account closed by a mailed code', async ({ page, browser }) => {
  // Someone else's purchase on the same departure, from another browser: never in this customer's file.
  test.setTimeout(150_000);
  const otherBrowser = await watchedContext(browser, { baseURL: SITE.siteUrl, locale: 'es-PE', serviceWorkers: 'block' });
  const other = { correo: `otro.${Date.now()}@example.pe`, numero: `4${String(Date.now()).slice(-7)}` };
  const otherCodigo = await reserveTicket(await otherBrowser.newPage(), {
    passenger: { numero: other.numero, nombres: 'Teodoro', paterno: 'Ccori', materno: 'Mamani', genero: 'M', nacimiento: '1979-03-02' },
    buyerEmail: other.correo,
    days: 23,
  });
  await closeWatched(otherBrowser);

  const customer = newCustomer('rosa elena', '3');
  const account = await signUpAndSignIn(page, customer);
  // The customer's own purchase, signed in: it and its ticket are in the file.
  const codigo = await buyTicket(page, {
    passenger: { numero: customer.num_doc, nombres: 'Rosa Elena', paterno: 'Huamán', materno: 'Quispe', genero: 'F', nacimiento: '1988-07-21' },
    buyerEmail: customer.correo,
    days: 23,
  });
  await account.open('/micuenta');

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
  const history = account.main.getByTestId('consent-history');
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('Retirado');
  await expect(history.getByRole('row').nth(2)).toContainText('Otorgado');

  // Mis datos: the download holds this customer's records, with the consents, and no one else's.
  await account.accountSection('Mis datos').click();
  await expectAccessible(page);
  const [download] = await Promise.all([page.waitForEvent('download'), account.main.getByRole('button', { name: 'Descargar mis datos' }).click()]);
  await expect(account.main.getByTestId('download-result')).toHaveText('Listo: se descargó el archivo con sus datos.');
  const text = await readFile((await download.path())!, 'utf8');
  const data = JSON.parse(text) as {
    cuenta: { correo: string };
    compras: { codigo: string; comprador_email: string; estado: string; boletos: { numero: string; pasajero_numero: string; estado: string }[] }[];
    consentimientos: { finalidad: string; otorgado: boolean }[];
    alertas_precio: unknown[];
    lista_espera: unknown[];
    whatsapp: unknown;
  };
  expect(data.cuenta.correo).toBe(customer.correo);
  expect(data.compras.map((compra) => [compra.codigo, compra.comprador_email, compra.estado])).toEqual([[codigo, customer.correo, 'pagada']]);
  expect(data.compras[0]!.boletos.map((ticket) => ticket.pasajero_numero)).toEqual([customer.num_doc]);
  expect(data.compras[0]!.boletos[0]!.numero).toMatch(/\S/);
  for (const someoneElse of [otherCodigo, other.correo, other.numero]) expect(text).not.toContain(someoneElse);
  expect(data.consentimientos.map((row) => [row.finalidad, row.otorgado])).toEqual([['promociones', true], ['promociones', false]]);
  expect(data).toMatchObject({ alertas_precio: [], lista_espera: [], whatsapp: { telefono: null, confirmado: null, mensajes: [] } });
  expect(text).not.toContain('demo@rumboandino.pe');

  // Closing the account: what is erased, anonymised and kept is said before confirming; a code mailed confirms it.
  const sessionToken = await page.evaluate(() => document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1] ?? '');
  await account.main.getByRole('button', { name: 'Cerrar mi cuenta' }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Cerrar su cuenta?' });
  await expect(dialog.getByText('Se conserva (lo exige la ley)')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: /enviarme un código por correo/ }).click();
  await expect(dialog.getByTestId('close-code-sent')).toBeVisible();
  const code = AccountPage.codeIn(await account.lastMail(customer.correo, /código para cerrar su cuenta/));
  await dialog.getByLabel('Código de 6 dígitos').fill(code);
  await dialog.getByRole('button', { name: 'Cerrar mi cuenta definitivamente' }).click();
  await expect(account.accountButton).toHaveText('Acceder');
  expect(await page.evaluate(() => localStorage.getItem('auth_storage'))).toBeNull();

  // The session it had ends on the server; the password signs in no more.
  const profile = await page.request.post(`${SITE.apiUrl}/rest/user/editar`, { headers: { authorization: `Bearer ${decodeURIComponent(sessionToken)}` } });
  expect(profile.status()).toBe(401);
  const signIn = await page.request.post(`${SITE.apiUrl}/rest/login/verificar`, { data: { correo: customer.correo, clave: customer.clave } });
  expect(signIn.status()).toBeGreaterThanOrEqual(400);
});

/**
 * Issue 47 (Ley 29733 art. 20, suppression): a guest erases a past purchase's personal data through
 * its key. A purchase is past once nothing of it is left to perform: its trips ran, or every ticket
 * was cancelled and its money went back (api/src/privacy/guest-data.ts). The site runs on the real
 * clock, so the journey takes the second way: bought, cancelled for travel credit, erased, all before
 * the day of the trip. Lima → Arequipa, day 25: no other journey's.
 */
test('a guest erases the personal data of a purchase that is over (its ticket cancelled) through its key', async ({ page }) => {
  test.setTimeout(120_000);
  const codigo = await buyTicket(page, {
    passenger: { numero: `4${String(Date.now()).slice(-7)}`, nombres: 'Gabriela', paterno: 'Ticona', materno: 'Apaza', genero: 'F', nacimiento: '1992-10-03' },
    buyerEmail: `gabriela.${Date.now()}@example.pe`,
    days: 25,
  });
  const data = new PurchaseDataPage(page);
  // The trip is ahead: nothing can be erased yet, and the page says why.
  await expect(data.panel()).toContainText('La compra aún tiene un viaje o un pago por delante');
  await expect(data.eraseButton()).toHaveCount(0);

  // The guest cancels the ticket for travel credit: nothing of the purchase is left to perform.
  const changes = new ChangesPage(page);
  await changes.open(`/pasajes/cambios/${codigo}-1`);
  await changes.cancelForCredit();
  await changes.confirmation().click();
  await expect(changes.cancelled()).toBeVisible();

  // Back on the purchase (its key is in this browser): what is erased and what the law keeps, then erased.
  await data.openPurchase(codigo);
  await expect(data.main.getByText('Gabriela').first()).toBeVisible();
  await data.eraseButton().click();
  await expect(data.confirmation()).toContainText('el comprobante de pago electrónico tal como se emitió');
  await expectAccessible(page);
  await data.erase();
  await expect(data.erased()).toHaveText(/^Los datos personales de esta compra se borraron el /);
  await expectAccessible(page);

  // Opened again with its key: erased, the passenger's name gone, nothing more to erase.
  await data.openPurchase(codigo);
  await expect(data.erased()).toHaveText(/^Los datos personales de esta compra se borraron el /);
  await expect(data.eraseButton()).toHaveCount(0);
  await expect(page.getByText('Gabriela')).toHaveCount(0);
});
