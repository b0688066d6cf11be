import { expect, failedResponse, test } from '../support/test';
import { ShellPage } from '../pages/shell.page';
import { expectAccessible } from '../support/axe';

test.describe('the shell around every page', () => {
  test('header: logo, the four sections, language selector and Acceder → /login', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(shell.logo).toBeVisible();
    for (const [name, path] of [
      ['Cargo', '/cargo'],
      ['Seguimiento', '/cargo/seguimiento'],
      ['Promociones', '/promociones'],
      ['Agencias', '/oficina'],
    ] as const) {
      await expect(shell.navLink(name)).toHaveAttribute('href', path);
    }
    await expect(shell.accountButton).toHaveText('Acceder');
    await expect(shell.accountButton).toHaveAttribute('href', '/login');
    await expect(shell.header).toHaveCSS('position', 'sticky');
    await expectAccessible(page);
  });

  test('footer: contact card, popular destinations, links of interest, social and legal links', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    const contact = page.getByTestId('contact-card');
    await expect(contact).toContainText('(01) 708-5000');
    await expect(contact.getByRole('link', { name: /\+51/ })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
    await expect(contact.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    for (const city of ['Arequipa', 'Cusco', 'Lima', 'Trujillo', 'Tumbes']) {
      await expect(shell.footer.getByRole('link', { name: city })).toHaveAttribute('href', `/destinos/${city.toLowerCase()}`);
    }
    for (const name of ['Corporativo', 'Cargo', 'Seguimiento', 'Promociones', 'Agencias']) {
      await expect(shell.footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of [/Facebook/, /YouTube/, /Instagram/]) {
      await expect(shell.footer.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    await expect(shell.footer.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute('href', '/informacion/terminos-condiciones');
    await expect(shell.footer.getByRole('link', { name: 'Protección de datos personales' })).toHaveAttribute('href', '/informacion/proteccion-datos');
    await expect(shell.footer.getByRole('link', { name: 'Libro de reclamaciones' })).toHaveAttribute('href', '/libro_reclamaciones');
  });

  test('every route has its own title and description; unknown routes show not-found with the default title', async ({ page, consoleErrors }) => {
    // The site server answers an address no route owns with its not-found page and a 404.
    consoleErrors.allow(failedResponse(404, '/no-existe/'));
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(page).toHaveTitle('Pasajes de bus a todo el Perú | Rumbo Andino');
    const homeDescription = await shell.description();

    await shell.footer.getByRole('link', { name: 'Libro de reclamaciones' }).click();
    await expect(page).toHaveURL(/\/libro_reclamaciones$/);
    await expect(page).toHaveTitle('Libro de reclamaciones | Rumbo Andino');
    expect(await shell.description()).not.toBe(homeDescription);

    await shell.open('/no-existe/esta-pagina');
    await expect(shell.notFound()).toBeVisible();
    await expect(shell.notFound().getByRole('heading', { level: 1 })).toHaveText('No encontramos esta página');
    await expect(page).toHaveTitle('Rumbo Andino | Pasajes de bus a todo el Perú');
    await expectAccessible(page);
  });

  test('language: a switch loads the page again with every text in the language chosen, and the choice is kept', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    // Switched on the live page (a switch while it still hydrates is a navigation all the same:
    // first-paint.spec.ts).
    await expect(page.locator('#shell-header[data-live]')).toBeAttached();
    await expect(page.locator('#remotes > div[data-live]')).toBeAttached();
    const heading = shell.main.getByRole('heading', { level: 1 });
    const spanishHeading = await heading.textContent();

    await shell.switchLanguage('en-EN');
    await expect(shell.accountButton).toHaveText('Sign in');
    await expect(shell.navLink('Tracking')).toBeVisible();
    await expect(shell.footer.getByRole('heading', { name: 'Popular destinations' })).toBeVisible();
    await expect(heading).not.toHaveText(spanishHeading ?? '');
    await expect(page).toHaveTitle('Bus tickets across Peru | Rumbo Andino');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await shell.storedLanguage()).toBe('en-EN');

    // As a customer reloads (the header is live once they act: its server copy holds both account buttons, neither the test id).
    await shell.reload();
    await expect(shell.accountButton).toHaveText('Sign in');
    await shell.switchLanguage('es-PE');
    await expect(shell.accountButton).toHaveText('Acceder');
    expect(await shell.storedLanguage()).toBe('es-PE');
  });

  test('below lg the hamburger menu closes on Escape, backdrop click and route change', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(shell.header.getByRole('navigation')).toBeHidden();

    await shell.openMobileMenu();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(shell.mobileMenu()).toBeHidden();

    await shell.openMobileMenu();
    await page.mouse.click(20, 450); // the backdrop, left of the drawer
    await expect(shell.mobileMenu()).toBeHidden();

    await shell.openMobileMenu();
    await shell.mobileMenu().getByRole('link', { name: 'Cargo' }).click();
    await expect(page).toHaveURL(/\/cargo$/);
    await expect(shell.mobileMenu()).toBeHidden();
  });

  test('a section whose remote is not deployed yet says so, under its own title', async ({ page }) => {
    const shell = new ShellPage(page);
    // Every remote is deployed on the test site: this registry lacks mf_account, as a new
    // environment would before its first deploy.
    await page.route('**/remotes.json', async (route) => {
      const registry = await (await route.fetch()).json();
      delete registry.mf_account;
      await route.fulfill({ json: registry });
    });
    await shell.open('/cuenta/recuperar');
    await expect(page.getByTestId('unavailable')).toContainText('Esta sección no está disponible por ahora');
    await expect(page).toHaveTitle('Recuperar cuenta | Rumbo Andino');
    await expectAccessible(page);
  });
});
