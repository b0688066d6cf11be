import { expect, test, type APIRequestContext, type Page, failedResponse } from '../support/test';
import { DeclarationPage, PointsBox, PostponePage, RecoveryPage, TicketActions } from '../pages/aftersale.page';
import { AccountPage } from '../pages/account.page';
import { BookingPage, PaymentStepPage, ReservationStatusPage } from '../pages/booking.page';
import { expectAccessible } from '../support/axe';
import { storeSession } from '../support/session';
import { SITE } from '../support/site';
import { limaDate } from '../support/dates';

let serial = 0;
const stamp = () => `${Date.now()}`.slice(-6) + String((serial += 1));

// Each journey buys and pays one or two purchases through the sandbox before its own steps.
test.describe.configure({ timeout: 120_000 });

interface Purchase {
  origen: string;
  destino: string;
  fecha: string;
  pasajeros: number;
  email: string;
  /** A signed-in buyer's points to use in step 3 ("all that fit"). */
  usePoints?: boolean;
}

/** Steps 1–3 and a card payment approved in the sandbox; answers the payment code. */
async function buyAndPay(page: Page, purchase: Purchase): Promise<string> {
  const booking = new BookingPage(page);
  const payment = new PaymentStepPage(page);
  const reservation = new ReservationStatusPage(page);
  await booking.openTrips({ origen: purchase.origen, destino: purchase.destino, fecha: purchase.fecha, pasajeros: purchase.pasajeros });
  await booking.chooseTrip(/piso/);
  for (let i = 0; i < purchase.pasajeros; i++) await booking.pickSeat();
  await booking.continueBooking();
  await expect(page).toHaveURL(/\/pasajes\/pago$/);
  const id = stamp();
  for (let n = 1; n <= purchase.pasajeros; n++) {
    await payment.fillPassenger(n, {
      numero: `4${id}${n}`.slice(0, 8).padEnd(8, '1'),
      nombres: n === 1 ? 'Rosa' : 'Julia',
      paterno: 'Quispe',
      materno: 'Mamani',
      email: purchase.email,
      celular: '987654321',
      genero: 'F',
      nacimiento: '1988-04-12',
    });
  }
  await payment.fillBuyer('Rosa Quispe Mamani', purchase.email);
  if (purchase.usePoints) {
    const points = new PointsBox(payment.main);
    await expect(points.available()).toContainText(/\d+ puntos/);
    await points.useAllThatFit();
    await expect(points.discount()).toBeVisible();
    await expectAccessible(page);
  }
  await payment.acceptTerms();
  await payment.reserve();
  await expect(page).toHaveURL(/\/pasajes\/reserva\/[A-HJ-NP-Z2-9]{8}$/);
  const codigo = page.url().split('/').at(-1)!;
  await expect(reservation.amount()).toBeVisible();
  const zero = purchase.usePoints && /S\/\s*0\.00$/.test((await reservation.amount().textContent()) ?? '');
  if (zero) {
    await page.getByRole('button', { name: 'Confirmar con mis puntos' }).click();
  } else {
    await reservation.payWith(/^Tarjeta de crédito o débito/);
    await reservation.decideAtSafetyPay('approve');
  }
  await expect(reservation.state()).toHaveText('Pagada', { timeout: 20_000 });
  return codigo;
}

async function mailsTo(request: APIRequestContext, to: string): Promise<{ subject: string }[]> {
  const answer = await request.get(`${SITE.apiUrl}/dev/outbox.json?to=${encodeURIComponent(to)}&limit=50`);
  const body = (await answer.json()) as { data?: { subject: string }[] } | { subject: string }[];
  return Array.isArray(body) ? body : (body.data ?? []);
}

test('a guest recovers a purchase in another browser with code and e-mail, re-sends the tickets and fills the sworn declaration', async ({ consoleErrors, page, request }) => {
  // What this journey provokes on purpose: a wrong code or e-mail first.
  consoleErrors.allow(failedResponse(404, '/rest/venta/recovery'));
  // A wrong one-time code (the buyer's proof) is answered 400 on purpose below.
  consoleErrors.allow(failedResponse(400, '/rest/venta/recovery'));
  const email = `guest.${stamp()}@example.pe`;
  const codigo = await buyAndPay(page, { origen: 'LIM', destino: 'AQP', fecha: limaDate(10), pasajeros: 1, email });
  const reservation = new ReservationStatusPage(page);
  const recovery = new RecoveryPage(page);

  // another browser: nothing of the purchase is stored
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(reservation.main.getByRole('alert')).toContainText(`No encontramos la reserva ${codigo} en este navegador`);
  await reservation.main.getByRole('link', { name: 'Recuperar su compra con el código y el correo' }).click();
  await expect(page).toHaveURL(new RegExp(`/pasajes/recuperar\\?codigo=${codigo}$`));
  await expect(page).toHaveTitle(/Recupera tu compra/);
  await expect(recovery.code()).toHaveValue(codigo);
  await expectAccessible(page);

  // the browser checks the form; the server refuses an e-mail that is not the buyer's
  await recovery.recover('ABC', 'no-es-correo');
  await expect(recovery.main).toContainText('El código de pago debe tener 8 caracteres');
  await expect(recovery.main).toContainText('Digite un correo electrónico válido');
  await expect(recovery.code()).toBeFocused();
  await expectAccessible(page);
  await recovery.recover(codigo, 'otra.persona@example.pe');
  await expect(recovery.problem()).toContainText('No encontramos una compra con ese código');

  // The code and e-mail (printed on every passenger's ticket) only send a code to the buyer's address.
  await recovery.recover(codigo.toLowerCase(), email.toUpperCase());
  await expect(recovery.verification()).toBeFocused();
  await expect(recovery.main).toContainText(`Enviamos un código de 6 dígitos al correo del comprador (${email})`);
  await expectAccessible(page);
  await recovery.prove('000000');
  await expect(recovery.main).toContainText('El código no es correcto o ya venció. Pida uno nuevo.');
  await expect(recovery.verification()).toBeFocused();
  const mailed = await mailsTo(request, email);
  const code = /\b(\d{6}) es su código para recuperar la compra/.exec(mailed.find((mail) => mail.subject.includes(`recuperar la compra ${codigo}`))?.subject ?? '')?.[1];
  expect(code).toBeTruthy();
  await recovery.prove(code!);
  await expect(page).toHaveURL(new RegExp(`/pasajes/reserva/${codigo}$`));
  await expect(reservation.state()).toHaveText('Pagada');
  await expect(reservation.tickets()).toHaveCount(1);

  const before = (await mailsTo(request, email)).length;
  await reservation.main.getByRole('button', { name: 'Reenviar' }).click();
  await expect(reservation.main).toContainText(`Reenviamos los pasajes a ${email}`);
  await expect.poll(async () => (await mailsTo(request, email)).length).toBeGreaterThan(before);

  // the sworn declaration, with the recovered access
  const ticket = new TicketActions(reservation.tickets().first());
  const numero = (await ticket.numero())!;
  await expect(ticket.declaration()).toHaveText('Falta la declaración jurada');
  await ticket.declare();
  await expect(page).toHaveURL(new RegExp(`/pasajes/declaracion/${numero}$`));
  await expect(page).toHaveTitle(/Declaración jurada/);
  const declaration = new DeclarationPage(page);
  await expectAccessible(page);
  await declaration.submit();
  await expect(declaration.main).toContainText('Digite el nombre de su contacto de emergencia');
  await expect(declaration.main).toContainText('Debe declarar que está apto para viajar');
  await expect(declaration.main.locator('[name="declaration-contacto_nombre"]')).toBeFocused();
  await expectAccessible(page);
  await declaration.fill('Juan Quispe', '+51987654321');
  await declaration.acceptAll();
  await declaration.submit();
  await expect(declaration.registered()).toContainText('Declaración jurada registrada el');
  await expect(declaration.main.getByRole('button', { name: 'Registrar la declaración jurada' })).toHaveCount(0);
  await expectAccessible(page);

  // shown on the ticket, in both languages
  await page.goto(`/pasajes/reserva/${codigo}`);
  await expect(ticket.declaration()).toHaveText('Declaración jurada registrada');
  await reservation.switchLanguage('en-EN');
  await expect(ticket.declaration()).toHaveText('Sworn declaration registered');
});

test('a guest postpones a paid ticket to the next day: same route, a new seat, the old ticket void', async ({ page }) => {
  const email = `postpone.${stamp()}@example.pe`;
  const fecha = limaDate(12);
  const codigo = await buyAndPay(page, { origen: 'LIM', destino: 'AQP', fecha, pasajeros: 1, email });
  const reservation = new ReservationStatusPage(page);
  const ticket = new TicketActions(reservation.tickets().first());
  const numero = (await ticket.numero())!;
  await ticket.postpone();

  const postpone = new PostponePage(page);
  await expect(page).toHaveURL(new RegExp(`/pasajes/postergar/${numero}$`));
  await expect(page).toHaveTitle(/Postergar pasaje/);
  await expect(postpone.until()).toContainText('Puede postergar este pasaje hasta');
  await expect(postpone.date()).toHaveValue(limaDate(13));
  await expectAccessible(page);

  await postpone.showTrips();
  await expect(postpone.main).toContainText('Lima → Arequipa');
  await expectAccessible(page);
  await postpone.chooseTrip();
  const seat = await postpone.pickSeat();
  await expect(postpone.chosenSeat()).toContainText(`Nuevo asiento ${seat}`);
  await expectAccessible(page);
  await postpone.confirm();

  // the new seat costs the same or less: the ticket is issued now; more: its difference is paid on the reservation page
  await expect(page.getByText(/Su nuevo pasaje es el|Diferencia de tarifa por postergar/).first()).toBeVisible({ timeout: 15_000 });
  if (/\/pasajes\/reserva\//.test(page.url())) {
    await expect(reservation.main).toContainText(`Diferencia de tarifa por postergar el pasaje ${numero}`);
    await expectAccessible(page);
    await reservation.payWith(/^Tarjeta de crédito o débito/);
    await reservation.decideAtSafetyPay('approve');
    await expect(reservation.state()).toHaveText('Pagada', { timeout: 20_000 });
    await expect(reservation.tickets()).toHaveCount(1);
    await expect(reservation.tickets().first()).toContainText(`${seat}, piso`);
  } else {
    await expect(postpone.newTicket()).toHaveCount(1);
    await expect(postpone.newTicket()).not.toHaveAttribute('data-numero', numero);
    await expectAccessible(page);
  }

  // the old ticket is void and says by which one it was replaced; it cannot be postponed again
  await page.goto(`/pasajes/postergar/${numero}`);
  await expect(postpone.main.getByTestId('postpone-refusal')).toHaveText('Este pasaje ya fue postergado y quedó sin efecto');
  await expect(postpone.main.getByRole('button', { name: 'Ver viajes' })).toHaveCount(0);
  await expectAccessible(page);
  void codigo;
});

test('a customer earns points on a paid purchase, then redeems them in step 3 and sees both in my points', async ({ page, request }) => {
  const id = stamp();
  const correo = `puntos.${id}@example.pe`;
  const clave = 'Titicaca2026';
  // the confirmation link points to the site the request comes from
  const signUp = await request.post(`${SITE.apiUrl}/rest/usuario/registrar`, {
    headers: { origin: SITE.siteUrl },
    data: {
      tipo_doc: '19',
      num_doc: `7${id}`.slice(0, 8).padEnd(8, '3'),
      nombres: 'Ana',
      paterno: 'Huamán',
      materno: 'Torres',
      sexo: 'F',
      telefono: '956123478',
      fnacimiento: '1990-02-10',
      correo,
      clave,
      terminos: true,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(202);
  const account = new AccountPage(page);
  const mail = await account.lastMail(correo, /Confirme su email/);
  const token = new URL(AccountPage.linkIn(mail), SITE.siteUrl).searchParams.get('confirmar')!;
  expect((await request.post(`${SITE.apiUrl}/rest/usuario/confirmar`, { data: { token } })).ok()).toBe(true);
  const signedIn = await request.post(`${SITE.apiUrl}/rest/login/verificar`, { data: { correo, clave } });
  const session = ((await signedIn.json()) as { data: { token: string } }).data.token;
  await storeSession(page, { token: session, customer: null, expiresAt: Date.now() + 3_600_000 });

  // earn: two seats Lima → Cusco, 1 point per sol paid
  await buyAndPay(page, { origen: 'LIM', destino: 'CUZ', fecha: limaDate(14), pasajeros: 2, email: correo });
  await account.open('/micuenta/puntos');
  await expect(account.main.getByTestId('points-balance')).not.toHaveText('0 puntos');
  const earned = Number((await account.main.getByTestId('points-balance').textContent())!.replace(/\D/g, ''));
  expect(earned).toBeGreaterThanOrEqual(100);
  await expect(account.main.getByRole('table').first()).toContainText('Viaje');
  await expect(account.main.getByTestId('points-rules')).not.toBeEmpty();
  await expectAccessible(page);

  // redeem: all that fit on a second purchase; the quote shows them before paying
  const codigo = await buyAndPay(page, { origen: 'LIM', destino: 'AQP', fecha: limaDate(15), pasajeros: 1, email: correo, usePoints: true });
  await expect(new ReservationStatusPage(page).main.getByTestId('reservation-points')).toContainText('puntos');
  await account.open('/micuenta/puntos');
  const redemption = account.main.getByRole('table').first().getByRole('row').filter({ hasText: 'Canje' });
  await expect(redemption).toHaveCount(1);
  await expect(redemption).toContainText('−');

  // my trips: a signed-in customer reaches a ticket's postponement with the session alone
  await page.evaluate(() => sessionStorage.clear());
  await account.open('/micuenta/viajes');
  const upcoming = account.main.locator('section[aria-labelledby="trips-upcoming"]');
  await expect(upcoming.getByTestId('trip-declaration').first()).toHaveText('Falta la declaración jurada');
  await expectAccessible(page);
  await upcoming.getByRole('link', { name: new RegExp(`^Postergar ${codigo}-1$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/pasajes/postergar/${codigo}-1$`));
  await expect(new PostponePage(page).until()).toContainText('Puede postergar este pasaje hasta');
});
