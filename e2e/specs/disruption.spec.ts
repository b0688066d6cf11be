import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { BookingPage, PaymentStepPage, ReservationStatusPage } from '../pages/booking.page';
import { AccountPage } from '../pages/account.page';
import { expectAccessible } from '../support/axe';
import { sessionToken, storeSession } from '../support/session';
import { SITE } from '../support/site';
import { limaDate } from '../support/dates';

let serial = 0;
const stamp = () => `${Date.now()}`.slice(-6) + String((serial += 1));

/** Steps 1–3 on the first trip of the day and a card payment approved in the sandbox; the payment code and the trip. */
async function buyAndPay(page: Page, email: string, fecha: string, pasajeros = 1): Promise<{ codigo: string; cviaje: number }> {
  const booking = new BookingPage(page);
  const payment = new PaymentStepPage(page);
  const reservation = new ReservationStatusPage(page);
  await booking.openTrips({ origen: 'LIM', destino: 'AQP', fecha, pasajeros });
  await booking.chooseTrip(/piso/);
  for (let n = 1; n <= pasajeros; n++) await booking.pickSeat();
  await booking.continueBooking();
  await expect(page).toHaveURL(/\/pasajes\/pago$/);
  for (let n = 1; n <= pasajeros; n++) {
    await payment.fillPassenger(n, { numero: `4${stamp()}`.slice(0, 8).padEnd(8, '1'), nombres: n === 1 ? 'Rosa' : 'Julia', paterno: 'Quispe', materno: 'Mamani', email, celular: '987654321', genero: 'F', nacimiento: '1988-04-12' });
  }
  await payment.fillBuyer('Rosa Quispe Mamani', email);
  await payment.acceptTerms();
  await payment.reserve();
  await expect(page).toHaveURL(/\/pasajes\/reserva\/[A-HJ-NP-Z2-9]{8}$/);
  const codigo = page.url().split('/').at(-1)!;
  const cviaje = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('CRESERVA') ?? '{}') as { ida?: { cviaje: number } }).ida?.cviaje ?? 0);
  await reservation.payWith(/^Tarjeta de crédito o débito/);
  await reservation.decideAtSafetyPay('approve');
  await expect(reservation.state()).toHaveText('Pagada', { timeout: 20_000 });
  return { codigo, cviaje };
}

/** The choice link of the latest disruption mail to `to` (the development mailbox). */
async function choiceLink(request: APIRequestContext, to: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`${SITE.apiUrl}/dev/outbox.json?to=${encodeURIComponent(to)}&limit=20`);
      const body = (await answer.json()) as { data?: { subject: string; text: string }[] } | { subject: string; text: string }[];
      const mails = Array.isArray(body) ? body : (body.data ?? []);
      const mail = mails.find((m) => /cancelado|cancelled/.test(m.subject));
      link = /(https?:\/\/\S+\/pasajes\/incidencia\/\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      return link;
    })
    .not.toBe('');
  return new URL(link).pathname + new URL(link).search;
}

test('an operator cancels a trip with two paid tickets: both holders are told, one rebooks in one tap, the other takes a refund once; both old tickets void', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A day no other journey buys on (the after-sale journey postpones a ticket to day 13): the
  // cancellation counts every ticket of the trip.
  const fecha = limaDate(18);
  const ana = `ana.${stamp()}@example.pe`;
  const bob = `bob.${stamp()}@example.pe`;
  const first = await buyAndPay(page, ana, fecha);
  const second = await buyAndPay(page, bob, fecha);
  expect(second.cviaje).toBe(first.cviaje);

  // The operator cancels the trip (what `operator.mjs cancel-trip` sends).
  const declared = await request.post(`${SITE.apiUrl}/rest/operador/incidencia`, {
    headers: { authorization: `Bearer ${SITE.operatorToken}` },
    data: { cviaje: first.cviaje, tipo: 'cancelacion', motivo_es: 'Huaico en la carretera', motivo_en: 'Mudslide on the road' },
  });
  expect(declared.status()).toBe(200);
  expect((await declared.json()).data).toMatchObject({ boletos: 2, avisos: 2, derecho: true });

  // Ana: the mailed link opens the choice without signing in; one tap rebooks her.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(await choiceLink(request, ana));
  await expect(page.getByRole('heading', { level: 1, name: 'Cambio en su viaje' })).toBeVisible();
  await expect(page.getByText('El viaje fue cancelado. Motivo: Huaico en la carretera')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Reprogramar a la salida del/ }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: /^Reprogramó su viaje\. Su nuevo pasaje es el [A-HJ-NP-Z2-9]{8}-1/ })).toBeFocused();
  await expect(page.getByTestId('ticket')).toHaveCount(2);

  // Bob: a refund to his card, once.
  await page.goto(await choiceLink(request, bob));
  await page.getByRole('button', { name: /^Devolver S\/ ?[\d.,]+ a mi medio de pago$/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Registramos la devolución de S\/ ?[\d.,]+ a su medio de pago\.$/ })).toBeFocused();
  await expect(page.getByText('El proveedor de pagos confirmó la devolución.')).toBeVisible();
  const refunds = (await (await request.get(`${SITE.apiUrl}/sandbox/safetypay/reembolsos`)).json()) as { refundId: string }[];
  expect(refunds.filter((r) => r.refundId.includes(`${second.codigo}-1`))).toHaveLength(1);

  // Both old tickets are void (their seat rows are freed: the API tests check them), Ana's replaced.
  const ticketOf = async (email: string, numero: string) => {
    const token = new URL(`http://site${await choiceLink(request, email)}`).searchParams.get('t');
    const answer = await request.post(`${SITE.apiUrl}/rest/incidencia/boleto`, { data: { numero, token } });
    return ((await answer.json()).data as { boleto: { estado: string; postergado_a: string | null } }).boleto;
  };
  expect(await ticketOf(bob, `${second.codigo}-1`)).toMatchObject({ estado: 'anulado' });
  expect(await ticketOf(ana, `${first.codigo}-1`)).toMatchObject({ estado: 'postergado', postergado_a: expect.stringMatching(/-1$/) });
});

test('a customer transfers a ticket and cancels another from Mi cuenta, seeing the limits and amounts first', async ({ page, request }) => {
  test.setTimeout(300_000);
  await storeSession(page, { token: await sessionToken(), customer: null, expiresAt: Date.now() + 3_600_000 });
  const { codigo } = await buyAndPay(page, `micuenta.${stamp()}@example.pe`, limaDate(16), 2);
  const qrOf = async (numero: string) => {
    const answer = await request.post(`${SITE.apiUrl}/rest/venta/cambios`, { headers: { authorization: `Bearer ${await sessionToken()}` }, data: { numero } });
    return ((await answer.json()).data as { boleto: { qr: string } }).boleto.qr;
  };
  const boards = async (qr: string) =>
    ((await (await request.post(`${SITE.apiUrl}/rest/operador/abordaje`, { headers: { authorization: `Bearer ${SITE.operatorToken}` }, data: { qr } })).json()).data as { valido: boolean }).valido;
  const oldQr = await qrOf(`${codigo}-1`);
  expect(await boards(oldQr)).toBe(true);

  // Transfer the first ticket from my trips.
  await page.evaluate(() => sessionStorage.clear());
  const account = new AccountPage(page);
  await account.open('/micuenta/viajes');
  const upcoming = account.main.locator('section[aria-labelledby="trips-upcoming"]');
  await upcoming.getByRole('link', { name: `Anular o transferir ${codigo}-1` }).click();
  await expect(page).toHaveURL(new RegExp(`/pasajes/cambios/${codigo}-1$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Anular o transferir su pasaje' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Anular y devolver S\/ ?[\d.,]+ a mi medio de pago \(cargo de S\/ ?[\d.,]+\)$/ })).toBeVisible();
  await expectAccessible(page);
  const field = (name: string) => page.locator(`[name="transfer-${name}"]`);
  await field('numero').fill('43218765');
  await field('nombres').fill('Luis');
  await field('paterno').fill('Huamán');
  await field('materno').fill('Ccori');
  await field('email').fill('luis.huaman@example.pe');
  await field('celular').fill('987001122');
  await field('genero').selectOption('M');
  await field('nacimiento').fill('1985-07-21');
  await page.getByRole('button', { name: 'Transferir el pasaje' }).click();
  const transferred = page.getByRole('heading', { level: 2, name: new RegExp(`^Transferimos el pasaje\\. El nuevo pasaje es el ${codigo}-3`) });
  await expect(transferred).toBeFocused();
  await expect(page.locator(`[data-testid="ticket"][data-numero="${codigo}-3"]`)).toContainText('Luis Huamán Ccori');
  expect(await boards(oldQr)).toBe(false);
  expect(await boards(await qrOf(`${codigo}-3`))).toBe(true);
  // The old (void) ticket, shown beside the new one, still names whom it was issued to.
  const oldCard = page.locator(`[data-testid="ticket"][data-numero="${codigo}-1"]`);
  await expect(oldCard).toContainText('Rosa Quispe Mamani');
  await expect(oldCard).not.toContainText('Luis');

  // Cancel the second one for travel credit: the amount is said before confirming.
  await account.open('/micuenta/viajes');
  await upcoming.getByRole('link', { name: `Anular o transferir ${codigo}-2` }).click();
  await page.getByRole('button', { name: /^Anular y recibir S\/ ?[\d.,]+ de crédito de viaje/ }).click();
  await expect(page.getByText(/^¿Confirma que anula el pasaje\? Le abonaremos S\/ ?[\d.,]+ de crédito de viaje/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sí, anular el pasaje' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Anulamos el pasaje: S\/ ?[\d.,]+ a su favor\.$/ })).toBeFocused();

  // My trips: the transferred and the cancelled tickets are void, the new one valid.
  await account.open('/micuenta/viajes');
  await expect(upcoming.getByTestId('trip-state')).toHaveCount(2);
  await expect(upcoming).toContainText('Transferido');
  await expect(upcoming).toContainText('Anulado');
  await expect(upcoming.getByRole('link', { name: `Anular o transferir ${codigo}-3` })).toBeVisible();
  const credit = await request.get(`${SITE.apiUrl}/rest/user/credito`, { headers: { authorization: `Bearer ${await sessionToken()}` } });
  expect(((await credit.json()).data as { disponible_centimos: number }).disponible_centimos).toBeGreaterThan(0);
  // Mi saldo: the credit and the movement it came from.
  await account.open('/micuenta/saldo');
  await expect(account.main.getByTestId('credit-balance')).toHaveText(/^S\/ ?[1-9][\d.,]*$/);
  await expect(account.main.getByTestId('credit-movements')).toContainText(`Abono por el pasaje ${codigo}-2`);
  await expectAccessible(page);
});
