import { expect, test, type Page } from '../support/test';
import { AccountPage } from '../pages/account.page';
import { BookingPage, PaymentStepPage, ReservationStatusPage } from '../pages/booking.page';
import { limaDate } from '../support/dates';
import { holdShellCode } from '../support/hold-code';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';
import { sessionToken, storeSession } from '../support/session';
import { SITE } from '../support/site';

/**
 * A purchase page's frame is rendered by mf-booking's renderer per request; what it shows from this
 * browser's session storage is written by its client part (`frame-fill.js`). Step 2's address names
 * its trip, whose seat map its loader asks on the server; step 1's and the reservation's first
 * request starts from their data (`earlyRequest`) before the code has arrived.
 */
const QUERY = { origen: 'LIM', destino: 'TRU', fecha: limaDate(5), pasajeros: 1 };
const STEP_1 = `/pasajes?${new URLSearchParams(Object.entries(QUERY).map(([key, value]) => [key, String(value)]))}`;
/** The remotes' origins (shell/scripts/start.mjs: in REMOTE_FOLDERS' order, from 1). */
const ORIGIN = { mf_booking: 3, mf_account: 5 } as const;
const PHONE = { width: 412, height: 823 };
const DESKTOP = { width: 1280, height: 900 };

/** A page's first request: its remote (whose entry is held until the request went), method and path. */
interface FirstRequest {
  remote: keyof typeof ORIGIN;
  method?: 'GET' | 'POST';
  endpoint: string;
}

/**
 * Loads a server-rendered page with `load` and answers the bodies of its first request (`endpoint`; a
 * GET's are empty), checking on the way that the request went before the remote's code arrived
 * (its entry is held until then), that React adopted the HTML's first screen, and that nothing moved.
 */
async function loadFromHtml(page: Page, first: FirstRequest | string, load: () => Promise<void>, ready: () => Promise<void>): Promise<unknown[]> {
  const { remote, method = 'POST', endpoint } = typeof first === 'string' ? { remote: 'mf_booking' as const, endpoint: first } : first;
  await recordLayoutShifts(page);
  await page.addInitScript((container) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __prerendered: Element | null }).__prerendered = document.querySelector(`#remote-${container} > [data-build]`);
    });
  }, remote);
  const bodies: string[] = [];
  const onRequest = (sent: { method(): string; url(): string; postData(): string | null }) => {
    if (sent.method() === method && new URL(sent.url()).pathname === endpoint) bodies.push(sent.postData() ?? '');
  };
  page.on('request', onRequest);
  let sentBeforeCode = false;
  await page.route(
    (url) => url.origin === SITE.remoteOrigin(ORIGIN[remote]) && url.pathname.endsWith('/remoteEntry.js'),
    async (route) => {
      await expect.poll(() => bodies.length).toBe(1);
      sentBeforeCode = true;
      await route.continue();
    },
  );
  await load();
  await ready();
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  await page.unrouteAll();
  expect(sentBeforeCode, `${endpoint} asked before ${remote}'s code arrived`).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __prerendered: Element | null }).__prerendered?.isConnected), 'hydrated, not painted again').toBe(true);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  return bodies.map((body) => (body ? JSON.parse(body) : {}));
}

/** A purchase of one seat, up to step 3. */
async function toStep3(booking: BookingPage): Promise<void> {
  await booking.openTrips(QUERY);
  await booking.chooseTrip(/piso/);
  await booking.pickSeat();
  await booking.continueBooking();
}

test.describe('purchase steps and Mi cuenta: frames rendered by the server, their client part', () => {
  test('Mi cuenta signed out: its frame, no request from it, and the way to sign in as before', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.startsWith('/rest/user/')) asked.push(sent.url());
    });
    const account = new AccountPage(page);
    await account.open('/micuenta');
    await expect(page).toHaveURL(`${SITE.siteUrl}/login?pathname=/micuenta`);
    await expect(account.accountButton).toHaveText('Acceder');
    expect(asked).toEqual([]);
  });


  test(`step 1 (phone): the search and the day's trips come in the HTML from the server's loader; the code starts when the customer acts, hydrates them and asks the trips once; nothing moves`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await recordLayoutShifts(page);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const w = window as unknown as { __prerendered: Element | null; __cards: number; __form: number; __busy: number };
        w.__prerendered = document.querySelector('#remote-mf_booking > [data-build]');
        w.__cards = document.querySelectorAll('#remote-mf_booking li h3').length;
        w.__form = document.querySelector('#remote-mf_booking form')?.getBoundingClientRect().height ?? 0;
        w.__busy = document.querySelectorAll('#remote-mf_booking [aria-busy="true"]').length;
      });
    });
    const asked: unknown[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/rest/viaje') asked.push(JSON.parse(sent.postData() ?? '{}'));
    });
    const booking = new BookingPage(page);
    // Loaded, and not touched (`open` would point at the page, as a customer at a computer does).
    await page.goto(STEP_1);
    const loaded = await page.evaluate(
      () => (JSON.parse(document.getElementById('page-data')?.textContent ?? '{}') as { route?: { trips?: { query: unknown; answer: unknown[] } } }).route?.trips,
    );
    expect(loaded?.query).toEqual({ origen: 'LIM', destino: 'TRU', fecha: QUERY.fecha });
    expect(loaded?.answer.length).toBeGreaterThan(0);
    // In the HTML, before any code: the search form and one card per trip, nothing waiting.
    const html = await page.evaluate(() => {
      const w = window as unknown as { __cards: number; __form: number; __busy: number };
      return { __cards: w.__cards, __form: w.__form, __busy: w.__busy };
    });
    expect(html.__cards).toBe(loaded!.answer.length);
    expect(html.__form).toBeGreaterThan(0);
    expect(html.__busy).toBe(0);
    await expect(booking.tripCards().first()).toBeVisible();
    // A page read and left asks nothing; the customer's first act starts its code.
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
    await page.mouse.move(20, 300);
    await expect(page.locator('#remote-mf_booking[data-live]')).toBeAttached();
    await expect.poll(() => asked.length).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([{ origen: 'LIM', destino: 'TRU', fecha: QUERY.fecha, cusuario: 50005, coficina_venta: 577 }]);
    expect(await page.evaluate(() => (window as unknown as { __prerendered: Element | null }).__prerendered?.isConnected), 'hydrated, not painted again').toBe(true);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    await expect(booking.cityBox('origen')).not.toHaveValue('');
    // The live form has the HTML's height: nothing under it moved.
    expect(await booking.searchForm().evaluate((form) => form.getBoundingClientRect().height)).toBeCloseTo(html.__form, 0);
  });

  test(`step 2 (desktop): its address names the chosen trip; reloaded, the seat map comes in the HTML from the server's loader, then the live one once`, async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const booking = new BookingPage(page);
    await booking.openTrips(QUERY);
    await booking.chooseTrip(/piso/);
    const chosen = await page.evaluate(() => {
      const stored = JSON.parse(sessionStorage.getItem('CRESERVA') ?? '{}') as { ida: { cviaje: number; cterminal_origen: number; cterminal_destino: number } };
      return stored.ida;
    });
    const trip = { cviaje: chosen.cviaje, cterminal_origen: chosen.cterminal_origen, cterminal_destino: chosen.cterminal_destino };
    expect(new URL(page.url()).search).toBe(`?${new URLSearchParams(Object.entries(trip).map(([key, value]) => [key, String(value)]))}`);
    const asked: unknown[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/rest/maqueta') asked.push(JSON.parse(sent.postData() ?? '{}'));
    });
    await page.reload();
    const loaded = await page.evaluate(() => (JSON.parse(document.getElementById('page-data')?.textContent ?? '{}') as { route?: { trip: unknown; answer: { asientos: unknown[] } } }).route);
    expect(loaded?.trip).toEqual(trip);
    expect(loaded?.answer.asientos.length).toBeGreaterThan(0);
    await expect(booking.seatDeck()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // No request described in the HTML: the browser asks the map only as the live page refreshes it.
    expect(asked).toEqual([{ ...trip, susuario: 'TVIRT', cusuario: 50005 }]);
  });

  test(`step 2 (phone): the chosen trip shows from the HTML before any code, in the words the live page keeps`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    const booking = new BookingPage(page);
    await booking.openTrips(QUERY);
    await booking.chooseTrip(/piso/);
    // The shell's code held: what shows is the HTML and mf-booking's frame-fill.js only.
    const release = await holdShellCode(page);
    await page.reload({ waitUntil: 'commit' });
    const line = page.locator('#remote-mf_booking [data-frame-fill="seats-trip"]');
    await expect(line).toHaveText(/^Lima → Trujillo · \d{2}:\d{2} → \d{2}:\d{2} · \S.*$/);
    const text = (await line.textContent())!;
    release();
    await expect(booking.seatDeck()).toBeVisible();
    await expect(page.locator('#remote-mf_booking').getByText(text, { exact: true })).toBeVisible();
    await page.unrouteAll();
  });

  test(`step 3 (desktop): reloaded, the trip shows from the HTML before any code; the frame hydrates and the purchase's form comes under it without moving anything; a logo tap before the code still ends the purchase`, async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    const html = await (await request.get('/pasajes/pago')).text();
    expect(html.slice(html.indexOf('<div id="remote-mf_booking"'))).toContain('Datos de los pasajeros y pago');
    const booking = new BookingPage(page);
    const payment = new PaymentStepPage(page);
    await toStep3(booking);
    await expect(page).toHaveURL(/\/pasajes\/pago$/);
    await recordLayoutShifts(page);
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __prerendered: Element | null }).__prerendered = document.querySelector('#remote-mf_booking > [data-build]');
      }),
    );
    // The shell's code held: what shows is the HTML and mf-booking's frame-fill.js only.
    const release = await holdShellCode(page);
    await page.reload({ waitUntil: 'commit' });
    const ida = page.locator('#remote-mf_booking [data-frame-fill="payment-leg-ida"]');
    await expect(ida).toHaveText(/^Lima → Trujillo · \S+, \d+ de \S+ \d{2}:\d{2} · .+ · embarque en .+, desembarque en .+$/);
    await expect(page.locator('#remote-mf_booking li').filter({ hasText: 'Ida:' })).toBeVisible();
    // A one-way trip: the return's line stays hidden.
    await expect(page.locator('#remote-mf_booking li').filter({ hasText: 'Regreso:' })).toBeHidden();
    const line = (await ida.textContent())!;
    release();
    await expect(payment.passenger(1)).toBeVisible();
    await expect(page.locator('#remote-mf_booking').getByText(line, { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.unrouteAll();
    expect(await page.evaluate(() => (window as unknown as { __prerendered: Element | null }).__prerendered?.isConnected), 'hydrated, not painted again').toBe(true);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);

    // Spec §2: a logo tap made before the code has started still releases the held seats (83),
    // clears ASIENTOS and CRESERVA and goes home, as the live logo does.
    const held = await page.evaluate(() => JSON.parse(sessionStorage.getItem('ASIENTOS') ?? '[]') as unknown[]);
    expect(held.length).toBeGreaterThan(0);
    const releases: unknown[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/rest/asiento/bloquear' && sent.postDataJSON()?.gestado_asiento === 83) releases.push(sent.postDataJSON());
    });
    const releaseCode = await holdShellCode(page);
    await page.reload({ waitUntil: 'commit' });
    await page.getByTestId('logo').click();
    await page.waitForTimeout(300);
    // Not followed as a plain link while the code is away.
    expect(new URL(page.url()).pathname).toBe('/pasajes/pago');
    releaseCode();
    await expect(page).toHaveURL(`${SITE.siteUrl}/`);
    await expect.poll(() => releases.length).toBe(held.length);
    await expect.poll(() => page.evaluate(() => [sessionStorage.getItem('ASIENTOS'), sessionStorage.getItem('CRESERVA')])).toEqual([null, null]);
    await page.unrouteAll();
  });

  test(`the reservation (phone): reloaded, it is asked from the HTML with this tab's purchase key, once; the frame hydrates and nothing moves`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    const booking = new BookingPage(page);
    const payment = new PaymentStepPage(page);
    const reservation = new ReservationStatusPage(page);
    await toStep3(booking);
    await payment.fillPassenger(1, { numero: '44567890', nombres: 'Rosa', paterno: 'Quispe', materno: 'Mamani', email: 'rosa@example.pe', celular: '987654321', genero: 'F', nacimiento: '1988-04-12' });
    await payment.fillBuyer('rosa quispe mamani', `rosa.${Date.now()}@example.pe`);
    await payment.acceptTerms();
    await payment.reserve();
    await expect(page).toHaveURL(/\/pasajes\/reserva\/[A-HJ-NP-Z2-9]{8}$/);
    const codigo = page.url().split('/').at(-1)!;
    await expect(reservation.code()).toHaveText(codigo);
    const clave = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('CRESERVA') ?? '{}') as { clave_bloqueo: string }).clave_bloqueo);
    const lookups = await loadFromHtml(
      page,
      '/rest/venta/consulta',
      async () => {
        await page.reload();
      },
      () => expect(reservation.state()).toHaveText('Pendiente de pago'),
    );
    expect(lookups).toEqual([{ codigo, clave_bloqueo: clave }]);
    // This tab's purchase: its trip shows from the HTML before any code, and the answer's page keeps the line.
    const release = await holdShellCode(page);
    await page.reload({ waitUntil: 'commit' });
    const ida = page.locator('#remote-mf_booking [data-frame-fill="reservation-leg-ida"]');
    await expect(ida).toHaveText(/^Lima → Trujillo · \S+, \d+ de \S+ \d{2}:\d{2} · .+ · embarque en .+, desembarque en .+$/);
    const line = (await ida.textContent())!;
    release();
    await expect(reservation.state()).toHaveText('Pendiente de pago');
    await expect(page.locator('#remote-mf_booking').getByText(line, { exact: true })).toBeVisible();
    await page.unrouteAll();
  });

  test(`Mi cuenta (desktop): signed in, the page comes with the customer's profile in its HTML (their token reached the server); it hydrates without asking for it and nothing moves`, async ({ page, context }) => {
    await page.setViewportSize(DESKTOP);
    const token = await sessionToken();
    await storeSession(page, { token, customer: { name: 'ana' }, expiresAt: Date.now() + 3_600_000 });
    // The session as a sign-in leaves it: stored, and shared with the server in the spec's `token` cookie.
    await context.addCookies([{ name: 'token', value: token, url: SITE.siteUrl }]);
    await recordLayoutShifts(page);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const w = window as unknown as { __prerendered: Element | null; __emailInHtml: string | null };
        w.__prerendered = document.querySelector('#remote-mf_account > [data-build]');
        w.__emailInHtml = document.querySelector('[data-testid="profile-email"]')?.textContent ?? null;
      });
    });
    const asked: string[] = [];
    page.on('request', (sent) => new URL(sent.url()).pathname === '/rest/user/perfil' && asked.push(sent.method()));
    const account = new AccountPage(page);
    await account.open('/micuenta');
    await expect(page.locator('#remote-mf_account[data-live]')).toBeAttached();
    await expect(account.main.getByTestId('profile-email')).toHaveText('demo@rumboandino.pe');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __emailInHtml: string | null }).__emailInHtml), 'the profile is in the HTML').toBe('demo@rumboandino.pe');
    expect(await page.evaluate(() => (window as unknown as { __prerendered: Element | null }).__prerendered?.isConnected), 'hydrated, not painted again').toBe(true);
    expect(asked, 'the profile is not asked again by the browser').toEqual([]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  });
});
