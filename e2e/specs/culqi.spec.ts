import { expect, failedResponse, test } from '../support/test';
import { ReservationStatusPage } from '../pages/booking.page';
import { reserveTicket, type TicketPurchase } from '../pages/purchase.flow';
import { expectAccessible } from '../support/axe';
import { SITE } from '../support/site';

// Issue 46: paying through Culqi (its stand-in, CULQI_SANDBOX=1, as `npm start` runs it).

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

const purchase = (nombres: string, numero: string, days: number): TicketPurchase => ({
  passenger: { numero, nombres, paterno: 'Quispe', materno: 'Mamani', genero: 'F', nacimiento: '1988-04-12' },
  buyerEmail: `${nombres.toLowerCase()}.${stamp()}@example.pe`,
  days,
});

test('a guest pays with Yape (the approval code), gets the ticket and the voucher', async ({ page }) => {
  const reservation = new ReservationStatusPage(page);
  await reserveTicket(page, purchase('Yolanda', '45123456', 8));
  await reservation.main.getByRole('radio', { name: /^Yape/ }).check({ force: true });
  await expect(reservation.main.getByText(/dura 2 minutos/)).toBeVisible();
  await expectAccessible(page);
  await reservation.payWithYape('912345678', '123456');
  await expect(reservation.state()).toHaveText('Pagada', { timeout: 20_000 });
  await expect(reservation.tickets()).toHaveCount(1);
  await expect(reservation.vouchers().first()).toBeVisible({ timeout: 20_000 });
});

test('a refused Yape code is explained and the seats stay held; a card in the page then sells', async ({ page, consoleErrors }) => {
  // The refusal is a 409 on purpose.
  consoleErrors.allow(failedResponse(409, '/rest/culqi/yape'));
  const reservation = new ReservationStatusPage(page);
  await reserveTicket(page, purchase('Carmen', '45123457', 8));
  await reservation.payWithYape('912345678', '111111');
  await expect(reservation.main.getByText(/El código de aprobación de Yape no es correcto/)).toBeVisible();
  await expect(reservation.state()).toHaveText('Pendiente de pago');
  await reservation.payWithCardInPage('4111111111111111');
  await expect(reservation.state()).toHaveText('Pagada', { timeout: 20_000 });
});

test('a purchase paid by a wallet QR is confirmed by Culqi\'s webhook', async ({ page }) => {
  const reservation = new ReservationStatusPage(page);
  await reserveTicket(page, purchase('Pilar', '45123458', 9));
  await reservation.payWith(/^Billetera con QR/);
  await reservation.payCulqiOrderByQr();
  await expect(reservation.state()).toHaveText('Pagada', { timeout: 20_000 });
});

test('a failing Yape is hidden while the card still sells (last: it leaves Yape hidden for 10 minutes)', async ({ page, request, consoleErrors }) => {
  // Culqi failing answers 502 on purpose.
  consoleErrors.allow(failedResponse(502, '/rest/culqi/yape'));
  const reservation = new ReservationStatusPage(page);
  await reserveTicket(page, purchase('Rocio', '45123459', 10));
  // The stand-in fails for this phone: three failures hide the rail for every instance.
  for (let i = 0; i < 3; i += 1) {
    await reservation.payWithYape('900000500', '123456');
    await expect(reservation.main.getByText(/no está disponible en este momento/)).toBeVisible();
  }
  const methods = await (await request.get(`${SITE.apiUrl}/rest/culqi/metodos`)).json();
  expect(methods.data.metodos.find((m: { metodo: string }) => m.metodo === 'yape').disponible).toBe(false);
  await page.reload();
  await expect(reservation.main.getByTestId('methods-hidden')).toContainText('Yape');
  await expect(reservation.main.getByRole('radio', { name: /^Yape/ })).toBeDisabled();
  await reservation.payWithCardInPage('4111111111111111');
  await expect(reservation.state()).toHaveText('Pagada', { timeout: 20_000 });
});
