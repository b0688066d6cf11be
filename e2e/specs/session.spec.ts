import { expect, test, failedResponse } from '../support/test';
import { ShellPage } from '../pages/shell.page';
import { mintedToken, DEMO_CUSTOMER_ID, sessionIsOpen, sessionToken, signIn, storeSession } from '../support/session';
import { SITE } from '../support/site';

test.describe('the stored session (spec §3–§4)', () => {
  test('a valid session shows the first name, capitalised, linking to /micuenta; the data comes from the API', async ({ page }) => {
    const token = await sessionToken();
    const expiresAt = Date.now() + 3_600_000;
    await storeSession(page, { token, customer: null, expiresAt });
    const userData = page.waitForResponse((response) => response.url().endsWith('/rest/user/editar'));
    const shell = new ShellPage(page);
    await shell.open('/');
    expect((await userData).status()).toBe(200);
    await expect(shell.accountButton).toHaveText('María');
    await expect(shell.accountButton).toHaveAttribute('href', '/micuenta');

    const stored = await page.evaluate(() => {
      const bytes = Uint8Array.from(atob(localStorage.getItem('auth_storage') ?? ''), (c) => c.charCodeAt(0));
      return JSON.parse(new TextDecoder().decode(bytes));
    });
    // the customer loaded from the API is kept with the session, which is otherwise unchanged
    expect(stored).toMatchObject({ token, expiresAt, customer: { name: 'maría elena', email: 'demo@rumboandino.pe' } });
  });

  test('an expired stored session is removed on load and the header says Acceder', async ({ page }) => {
    await storeSession(page, {
      token: await sessionToken(undefined, -60),
      customer: { name: 'maría elena' },
      expiresAt: Date.now() - 1000,
    });
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(shell.accountButton).toHaveText('Acceder');
    expect(await page.evaluate(() => localStorage.getItem('auth_storage'))).toBeNull();
  });

  test('a session the API rejects is cleared ("Auth load failed")', async ({ consoleErrors, page }) => {
    // What this journey provokes on purpose: the rejected session; the spec logs "Auth load failed".
    consoleErrors.allow(failedResponse(401, '/rest/user/editar'));
    consoleErrors.allow(/Auth load failed/);
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    // Well formed and unexpired, but signed with a key that is not the server's.
    const forged = await sessionToken(undefined, 3600, 'not-the-server-secret-0123456789abcdef');
    await storeSession(page, { token: forged, customer: { name: 'intruso' }, expiresAt: Date.now() + 3_600_000 });
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(shell.accountButton).toHaveText('Acceder');
    expect(messages).toContain('Auth load failed');
    expect(await page.evaluate(() => localStorage.getItem('auth_storage'))).toBeNull();
  });

  test('a token signed with the server secret but never issued by a sign-in opens nothing (issue 15)', async ({ consoleErrors, page }) => {
    // The API refuses the forged session (401), and the spec logs "Auth load failed".
    consoleErrors.allow(failedResponse(401, '/rest/user/editar'));
    consoleErrors.allow(/Auth load failed/);
    const forged = await mintedToken(DEMO_CUSTOMER_ID, 3600, SITE.sessionSecret);
    await storeSession(page, { token: forged, customer: { name: 'intruso' }, expiresAt: Date.now() + 3_600_000 });
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(shell.accountButton).toHaveText('Acceder');
  });

  test('log out from the account menu ends the session on the server too; the header is back to Acceder', async ({ page }) => {
    const token = await sessionToken();
    await storeSession(page, { token, customer: null, expiresAt: Date.now() + 3_600_000 });
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(shell.accountButton).toHaveText('María');
    await page.getByRole('button', { name: 'Menú de mi cuenta' }).click();
    for (const item of ['Mi perfil', 'Mis viajes', 'Mis puntos']) await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(shell.accountButton).toHaveText('Acceder');
    expect(await page.evaluate(() => localStorage.getItem('auth_storage'))).toBeNull();
    // A copy of the token (stolen, say) no longer works either.
    await expect.poll(() => sessionIsOpen(token)).toBe(false);
  });

  test('"log out of every device" in Mi cuenta ends the sessions of other devices too (issue 15)', async ({ page }) => {
    const other = await signIn();
    await storeSession(page, { token: await sessionToken(), customer: null, expiresAt: Date.now() + 3_600_000 });
    const shell = new ShellPage(page);
    await shell.open('/micuenta');
    await expect(shell.accountButton).toHaveText('María');
    expect(await sessionIsOpen(other)).toBe(true);
    await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
    await expect(page).toHaveURL(`${SITE.siteUrl}/`);
    await expect(shell.accountButton).toHaveText('Acceder');
    await expect.poll(() => sessionIsOpen(other)).toBe(false);
  });
});
