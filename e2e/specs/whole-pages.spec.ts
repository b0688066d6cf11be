import { expect, failedResponse, test } from '../support/test';
import { CargoPage } from '../pages/cargo.page';
import { ComplaintsPage } from '../pages/complaints.page';
import { ContentPages } from '../pages/content-pages.page';
import { HomePage } from '../pages/home.page';
import { buyTicket } from '../pages/purchase.flow';
import { ChangesPage, RecoveryPage } from '../pages/aftersale.page';
import { holdShellCode } from '../support/hold-code';
import { sessionToken } from '../support/session';

/**
 * Whole pages (issue 49): what the server can give is in the HTML, readable with scripts off and
 * usable before the code starts; what is done before the code is done once it is live.
 */

/** The content pages, each with a text only its data gives (the API's answer, drawn by the server). */
const CONTENT: [path: string, text: RegExp][] = [
  ['/destinos/lima', /Terminal Javier Prado/],
  ['/', /Destinos populares/],
  ['/promociones', /Cupón/],
  ['/informacion/terminos-condiciones', /29571/],
  ['/cargo', /Calcula el precio de tu envío/],
  ['/libro_reclamaciones', /Libro de Reclamaciones/],
];

test('with JavaScript off, every content page shows its content, not skeletons: a crawler or a reader whose scripts fail reads it whole', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const pages = new ContentPages(page);
  for (const [path, text] of CONTENT) {
    await page.goto(path);
    await expect(pages.main.getByText(text).first(), path).toBeVisible();
    await expect(pages.main.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(pages.main.locator('.chakra-skeleton:visible'), path).toHaveCount(0);
  }
  // The destination's routes: every one, in place (was a hidden copy only a script reveals).
  await page.goto('/destinos/lima');
  await expect(pages.main.getByTestId('destination-routes').getByRole('link', { name: /^Ver pasajes de .+ a Lima$/ }).first()).toBeVisible();
  await context.close();
});

test("before the code, the home page's promotions, destinations and agencies come in the HTML; its code hydrates them in view, then asks them anew", async ({ page }) => {
  const release = await holdShellCode(page);
  const home = new HomePage(page);
  await page.goto('/');
  await expect(home.main.getByTestId('promotion').first()).toBeVisible();
  await expect(home.main.getByTestId('destination-card').first()).toBeVisible();
  await expect(home.main.getByTestId('agency-card').first()).toBeVisible();
  await expect(home.main.locator('#home-below .chakra-skeleton')).toHaveCount(0);
  const promotions = await home.main.getByTestId('promotion').allTextContents();
  release();
  await page.mouse.move(200, 200);
  await expect(page.locator('#remote-mf_content[data-live]')).toBeAttached();
  // In view, the lower half hydrates what the HTML shows (a mismatch would be logged: the journey fails), then refreshes.
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/rest/promocion/obtener');
  await home.main.getByTestId('agency-card').first().scrollIntoViewIfNeeded();
  await asked;
  await page.waitForLoadState('networkidle');
  expect(await home.main.getByTestId('promotion').allTextContents()).toEqual(promotions);
});

test("before the code, the cargo estimate's and the complaints book's city lists are whole, and a city chosen then is kept", async ({ page }) => {
  const release = await holdShellCode(page);
  const book = new ComplaintsPage(page);
  await page.goto('/libro_reclamaciones');
  await expect(book.field('destino').locator('option')).not.toHaveCount(1);
  await expect(book.field('destino')).toHaveValue('4');

  const cargo = new CargoPage(page);
  await page.goto('/cargo');
  const destino = cargo.main.locator('select[name="destino"]');
  await expect(destino.locator('option')).not.toHaveCount(1);
  await destino.selectOption('AQP');
  await cargo.main.locator('input[name="peso"]').fill('12');
  release();
  await page.mouse.move(200, 200);
  await expect(page.locator('#remote-mf_cargo[data-live]')).toBeAttached();
  await cargo.main.locator('form button[type="submit"]').click();
  await expect(cargo.main.getByTestId('estimate-result')).toContainText('Arequipa');
});

test('a page below /micuenta no section names is rendered by the server for the signed-in reader, as the browser routes it', async ({ request }) => {
  const response = await request.get('/micuenta/no-existe', { headers: { cookie: `token=${await sessionToken()}` }, maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const area = html.slice(html.indexOf('<div id="remote-mf_account"'), html.indexOf('<div id="shell-footer">'));
  expect(area).toContain('data-testid="not-found"');
  expect(area).toContain('Mi cuenta');
});

test('the purchase recovery form comes in the HTML: typed and sent before the code, it is sent once live, never by the browser with its fields in the address', async ({ page, consoleErrors }) => {
  consoleErrors.allow(failedResponse(404, '/rest/venta/recovery'));
  const release = await holdShellCode(page);
  const recovery = new RecoveryPage(page);
  await page.goto('/pasajes/recuperar', { waitUntil: 'commit' });
  await recovery.recover('ZZZZ2345', `nadie.${Date.now()}@example.pe`);
  expect(new URL(page.url()).search).toBe('');
  release();
  await expect(recovery.problem()).toContainText('No encontramos una compra con ese código');
  expect(new URL(page.url()).search).toBe('');
});

test('the ticket changes page: "Anular y devolver" tapped as soon as it shows, while the code is slow, asks for the confirmation at once', async ({ page }) => {
  test.setTimeout(120_000);
  const codigo = await buyTicket(page, {
    passenger: { numero: '45127836', nombres: 'Elena', paterno: 'Rojas', materno: 'Salas', genero: 'F', nacimiento: '1990-06-14' },
    buyerEmail: `elena.${Date.now()}@example.pe`,
    days: 21,
  });
  // The remote's code arrives late, as on a slow phone.
  await page.route(/:\d+\/[^/]+\/remoteEntry\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  const changes = new ChangesPage(page);
  await page.goto(`/pasajes/cambios/${codigo}-1`, { waitUntil: 'commit' });
  await changes.cancelForRefund();
  await expect(changes.confirmation()).toBeVisible({ timeout: 1500 });
});
