import { expect, failedRequest, failedResponse, test } from '../support/test';
import { ContentPages } from '../pages/content-pages.page';
import { HomePage } from '../pages/home.page';
import { expectAccessible } from '../support/axe';
import { SITE } from '../support/site';

test.describe('agencies', () => {
  test('finds an agency by city; the list works with the map tiles blocked', async ({ consoleErrors, page }) => {
    // What this journey provokes on purpose: the map's tiles do not load.
    consoleErrors.allow(failedRequest('tile.openstreetmap.org/'));
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    const content = new ContentPages(page);
    await content.openPath('/oficina');
    await expect(content.heading()).toHaveText('Nuestras agencias');
    await expect(page).toHaveTitle(/Agencias \| Rumbo Andino/);
    await expect(content.agencyCards().first()).toBeVisible();
    await content.chooseCity('AQP');
    await expect(content.agencyCount()).toHaveText('2 agencias');
    await expect(content.agencyCards()).toHaveCount(2);
    const terminal = content.main.getByRole('article', { name: 'Terminal Arequipa' });
    await expect(terminal).toContainText('Todos los días, de 05:00 a 23:00');
    await expect(terminal.getByRole('link', { name: /Cómo llegar a Terminal Arequipa/ })).toHaveAttribute('href', /openstreetmap\.org\/directions/);
    await expect(content.mapMarkers()).toHaveCount(2);
    await expect(page).toHaveURL(/ciudad=AQP/);
    await expectAccessible(page);

    await content.switchLanguage('en-EN');
    await expect(content.heading()).toHaveText('Our agencies');
    await expect(content.agencyCount()).toHaveText('2 agencies');
    await expect(terminal).toContainText('Every day, 05:00 to 23:00');
  });

  test('the map library loads on /oficina only, not on the home page', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const home = new HomePage(page);
    await home.openHome();
    await expect(home.main.getByRole('heading', { name: 'Destinos populares' })).toBeVisible();
    expect(scripts.filter((url) => url.includes('agency-map'))).toEqual([]);
    // Leaflet defines the global `L` when it runs: it has not on the home page.
    expect(await page.evaluate(() => 'L' in window)).toBe(false);
    await home.header.getByRole('navigation').getByRole('link', { name: 'Agencias', exact: true }).click();
    await expect(home.main.locator('.leaflet-container')).toBeVisible();
    expect(scripts.filter((url) => url.includes('agency-map')).length).toBe(1);
    expect(await page.evaluate(() => 'L' in window)).toBe(true);
  });
});

test.describe('promotions', () => {
  test('shows current promotions; subscribing is confirmed from the mailed link, then unsubscribed', async ({ page, request }) => {
    const content = new ContentPages(page);
    await content.openPath('/promociones');
    await expect(content.heading()).toHaveText('Promociones');
    await expect(content.promotions()).toHaveCount(3);
    await expect(content.main.getByText('CUSCO20')).toBeVisible();
    await expectAccessible(page);

    const correo = `promo-${Date.now()}@example.pe`;
    await content.subscribe(correo);
    const mails = await (await request.get(`${SITE.apiUrl}/dev/outbox.json?to=${encodeURIComponent(correo)}`)).json();
    const text: string = mails.data?.[0]?.text ?? mails[0]?.text;
    const confirm = /(http\S+\/promociones\?confirmar=[\w-]+)/.exec(text)![1]!;
    expect(confirm.startsWith(SITE.siteUrl)).toBe(true);
    await page.goto(confirm);
    await expect(content.subscriptionNotice()).toContainText(`${correo} está confirmada`);
    await expectAccessible(page);

    const unsubscribe = /(http\S+\/promociones\?baja=[\w-]+)/.exec(text)![1]!;
    await page.goto(unsubscribe);
    await expect(content.subscriptionNotice()).toContainText('Anulamos tu suscripción');

    await content.switchLanguage('en-EN');
    await expect(content.heading()).toHaveText('Promotions');
    await expect(content.main.getByRole('heading', { name: '20% off to Cusco' })).toBeVisible();
  });
});

test.describe('footer subscription', () => {
  test('the footer offers the promotions subscription on every page', async ({ page, request }) => {
    const home = new HomePage(page);
    await home.openHome();
    const correo = `pie-${Date.now()}@example.pe`;
    await home.footer.getByLabel('Tu email').fill(correo);
    await home.footer.getByRole('button', { name: 'Suscribirme' }).click();
    await expect(home.footer.getByTestId('footer-subscribe-sent')).toContainText(correo);
    const mails = await (await request.get(`${SITE.apiUrl}/dev/outbox.json?to=${encodeURIComponent(correo)}`)).json();
    expect(JSON.stringify(mails)).toContain('/promociones?confirmar=');
    await expectAccessible(page);
  });
});

test.describe('corporate', () => {
  test('a company request with its RUC looked up is stored and acknowledged by e-mail', async ({ page, request }) => {
    const content = new ContentPages(page);
    await content.openPath('/corporativo');
    await expect(content.heading()).toHaveText('Servicios corporativos');
    await content.submitCompany();
    await expect(content.companyField('ruc')).toBeFocused();
    await expect(content.companyField('ruc')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    await content.companyField('ruc').fill('20487654320');
    await expect(content.companyField('razon_social')).toHaveValue('Agroexportadora Valle Sur S.A.');
    const correo = `empresa-${Date.now()}@example.pe`;
    await content.companyField('contacto').fill('Patricia Medina');
    await content.companyField('correo').fill(correo);
    await content.companyField('telefono').fill('987654321');
    await content.submitCompany();
    await expect(content.companySent()).toContainText('Agroexportadora Valle Sur S.A.');
    const mails = await (await request.get(`${SITE.apiUrl}/dev/outbox.json?to=${encodeURIComponent(correo)}`)).json();
    expect(JSON.stringify(mails)).toContain('servicios corporativos');

    await content.switchLanguage('en-EN');
    await expect(content.heading()).toHaveText('Corporate services');
  });
});

test.describe('destinations', () => {
  test('a destination page: description, routes with from prices, the search preset to it, terminals', async ({ page }) => {
    const content = new ContentPages(page);
    await content.openPath('/destinos/cusco');
    await expect(content.heading()).toHaveText('Viaja a Cusco');
    await expect(page).toHaveTitle(/Pasajes a Cusco \| Rumbo Andino/);
    await expect(content.routesTable().getByRole('row', { name: /Lima/ })).toContainText('S/');
    await expect(content.main.getByRole('link', { name: 'Ver pasajes de Lima a Cusco' })).toHaveAttribute('href', '/pasajes?origen=LIM&destino=CUZ');
    await expect(content.main.getByRole('region', { name: /Terminales/ }).getByText('Terminal Cusco')).toBeVisible();
    // The search (mf-booking's parcel) comes preset to the destination.
    await expect(content.main.getByRole('heading', { name: 'Busca tu pasaje a Cusco' })).toBeVisible();
    await expect(content.main.getByRole('combobox', { name: 'Destino' })).toHaveValue('Cusco (CUZ)');
    await expectAccessible(page);

    await content.switchLanguage('en-EN');
    await expect(content.heading()).toHaveText('Travel to Cusco');
  });

  test('the home page links to destination pages with from prices; an unknown city is not found', async ({ page, consoleErrors }) => {
    const home = new HomePage(page);
    await home.openHome();
    const card = home.main.getByTestId('destination-card').filter({ hasText: 'Tumbes' });
    await expect(card).toContainText('Desde S/');
    await expectAccessible(page);
    await card.click();
    await expect(home.heading()).toHaveText('Viaja a Tumbes');

    // The site server answers an unknown city with its not-found page and status 404.
    consoleErrors.allow(failedResponse(404, '/destinos/paris'));
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/destinos/paris');
    await home.open('/destinos/paris');
    expect((await answer).status()).toBe(404);
    await expect(home.notFound()).toBeVisible();
  });
});
