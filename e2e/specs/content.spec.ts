import { expect, test } from '../support/test';
import { HomePage } from '../pages/home.page';
import { InformationPage } from '../pages/information.page';
import { expectAccessible } from '../support/axe';

test.describe('home page', () => {
  test('tells the marketing facts and the three seat classes, in both languages', async ({ page }) => {
    const home = new HomePage(page);
    await home.openHome();
    await expect(home.heading()).toHaveText('Viaja seguro a 23 destinos del Perú');
    const age = new Date().getFullYear() - 1996;
    for (const text of ['Cambio de conductor cada 4 horas', 'Monitoreo GPS 24/7', '23 destinos', `${age} años creando`]) {
      await expect(home.main.getByText(text, { exact: true })).toBeVisible();
    }
    for (const [name, degrees] of [['Económico', 140], ['Especial', 160], ['VIP cama', 180]] as const) {
      await expect(home.main.getByRole('heading', { name, exact: true })).toBeVisible();
      // In the class's own card: a promotion's conditions may name a class's degrees too.
      await expect(home.main.getByTestId(`seat-class-${degrees}`).getByText(`${degrees}°`).first()).toBeVisible();
    }
    await expect(home.main.getByText('Puerto USB para cargar tu celular', { exact: true })).toHaveCount(3);
    await expect(home.main.getByText('Aire acondicionado', { exact: true })).toHaveCount(3);
    await expectAccessible(page);

    await home.switchLanguage('en-EN');
    await expect(home.heading()).toHaveText('Travel safely to 23 destinations in Peru');
    await expect(home.main.getByText(`${age} Years Creating`, { exact: true })).toBeVisible();
    await expect(home.main.getByRole('heading', { name: 'VIP bed', exact: true })).toBeVisible();
  });
});

test.describe('information pages', () => {
  for (const [which, title, heading] of [
    ['terms', 'Términos y condiciones', /términos y condiciones/i],
    ['privacy', 'Protección de datos personales', /protección de datos personales/i],
    ['postponement', 'Política de postergación', /postergación/i],
  ] as const) {
    test(`${which}: the API's page, sanitised, with its own title`, async ({ page }) => {
      const info = new InformationPage(page);
      await info.openPage(which);
      await expect(info.heading()).toContainText(heading);
      await expect(page).toHaveTitle(new RegExp(`${title} \\| Rumbo Andino`));
      expect(await info.main.locator('script, [onerror], a[href^="javascript:"]').count()).toBe(0);
      expect((await info.main.textContent())?.length ?? 0).toBeGreaterThan(500);
      await expectAccessible(page);
    });
  }

  test('the page is fetched again in English when the language changes', async ({ page }) => {
    const info = new InformationPage(page);
    await info.openPage('terms');
    const spanish = await info.heading().textContent();
    const english = page.waitForRequest((request) => request.url().endsWith('/rest/informacion/2') && request.headers()['accept-language'] === 'en-EN');
    await info.switchLanguage('en-EN');
    await english;
    await expect(info.heading()).not.toHaveText(spanish ?? '');
    await expect(info.heading()).toContainText(/Terms/i);
  });
});
