import { createECDH, randomBytes } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '../support/test';
import { AccountPage } from '../pages/account.page';
import { sessionToken, storeSession } from '../support/session';
import { buyTicket } from '../pages/purchase.flow';
import { expectAccessible } from '../support/axe';
import { SITE } from '../support/site';

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/**
 * Chromium here cannot reach its push service (FCM), so PushManager.subscribe alone is played in
 * the page: it answers what a browser's subscription gives (a P-256 key, an auth secret, an
 * endpoint on a push service's host, PUSH_SERVICE_HOSTS of the e2e site). The rest is real: the
 * key from the API, the permission, the service worker, the API saving it. The API tests
 * (api/src/push/push.test.ts) send to such a subscription and decrypt what arrives.
 */
async function playSubscription(page: Page, context: BrowserContext) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = { endpoint: `https://push.e2e.invalid/sub/${stamp()}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
  await page.addInitScript((json) => {
    const w = window as unknown as { __permissionAsks: number; __subscribedWith?: string };
    w.__permissionAsks = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (() => {
      w.__permissionAsks += 1;
      return ask();
    }) as typeof Notification.requestPermission;
    const played = { ...json, toJSON: () => json };
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey as Uint8Array | undefined;
      w.__subscribedWith = key ? btoa(String.fromCharCode(...key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : undefined;
      return played as unknown as PushSubscription;
    };
  }, subscription);
  await context.grantPermissions(['notifications']);
  return subscription;
}

/** A paid ticket bought through the site (sandbox), its reservation page open. */
async function buyOne(page: Page) {
  // A whole purchase through the sandbox, then the page's own checks (as offline.spec's journey).
  test.setTimeout(120_000);
  const codigo = await buyTicket(page, {
    passenger: { numero: '43345678', nombres: 'Rosa', paterno: 'Mamani', materno: 'Quispe', genero: 'F', nacimiento: '1990-04-05' },
    buyerEmail: `rosa.${stamp()}@example.pe`,
    days: 9,
  });
  // The pocket's links come with the paid page, as the push key does.
  await expect(page.getByRole('link', { name: 'Agregar al calendario (.ics)' })).toBeVisible();
  return codigo;
}

test.describe('web push configured (issues 35 and 36)', () => {
  // The button subscribes through the site's service worker.
  test.use({ serviceWorkers: 'allow' });

  test('a paid ticket offers "Avisarme en este teléfono": the permission is asked on the tap only, and the subscription is saved for the purchase', async ({ page, context }) => {
    const subscription = await playSubscription(page, context);

    const codigo = await buyOne(page);
    const button = page.getByRole('button', { name: 'Avisarme en este teléfono' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleDescription(/si su viaje se retrasa o se cancela/);
    expect(await page.evaluate(() => (window as unknown as { __permissionAsks: number }).__permissionAsks)).toBe(0);
    await expectAccessible(page);

    const key = (await (await page.request.get(`${SITE.apiUrl}/rest/avisos/clave`)).json()).data.clave as string;
    expect(key).toMatch(/^[\w-]{87}$/);
    const saved = page.waitForRequest((request) => request.url().endsWith('/rest/avisos/suscripcion') && request.method() === 'POST');
    await button.click();
    const body = (await saved).postDataJSON() as { suscripcion: unknown; codigo: string; clave_bloqueo: string };
    expect(body).toMatchObject({ suscripcion: { endpoint: subscription.endpoint, keys: subscription.keys }, codigo });
    expect(body.clave_bloqueo).toMatch(/^[\w-]{16,}$/);
    await expect(page.getByRole('status').filter({ hasText: 'Listo: recibirá en este teléfono los avisos de esta compra.' })).toBeVisible();
    await expect(button).toBeHidden();
    const asked = await page.evaluate(() => {
      const w = window as unknown as { __permissionAsks: number; __subscribedWith?: string };
      return { asks: w.__permissionAsks, key: w.__subscribedWith };
    });
    expect(asked.asks).toBe(1);
    // Subscribed with the store's VAPID public key.
    expect(asked.key).toBe(key);
    await expectAccessible(page);
  });

  test('signed in, Mis viajes offers it for all the customer\'s trips: the subscription is saved for the account, no purchase named', async ({ page, context }) => {
    const subscription = await playSubscription(page, context);
    const token = await sessionToken();
    await storeSession(page, { token, customer: { name: 'ana' }, expiresAt: Date.now() + 3_600_000 });
    await context.addCookies([{ name: 'token', value: token, url: SITE.siteUrl }]);
    const account = new AccountPage(page);
    await account.open('/micuenta/viajes');
    const button = account.main.getByRole('button', { name: 'Avisarme en este teléfono' });
    await expect(button).toHaveAccessibleDescription(/si alguno de sus viajes se retrasa o se cancela/);
    await expectAccessible(page);
    const saved = page.waitForRequest((request) => request.url().endsWith('/rest/avisos/suscripcion') && request.method() === 'POST');
    const answered = page.waitForResponse((response) => response.url().endsWith('/rest/avisos/suscripcion') && response.request().method() === 'POST');
    await button.click();
    const body = (await saved).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({ suscripcion: { endpoint: subscription.endpoint, keys: subscription.keys } });
    expect((await answered).status()).toBe(200);
    await expect(account.main.getByRole('status').filter({ hasText: 'Listo: recibirá en este teléfono los avisos de todos sus viajes.' })).toBeVisible();
    // A language switch loads the page again, in English: the section with it.
    await account.switchLanguage('en-EN');
    await expect(account.main.getByRole('heading', { name: 'Notifications on this phone' })).toBeVisible();
  });
});

test('without VAPID keys the ticket shows no "Avisarme en este teléfono" (issues 35 and 36)', async ({ page }) => {
  // The e2e site has VAPID keys; this page reads the key as an API without them answers it
  // (`{ clave: null }`, asserted in api/src/push/push.test.ts).
  let read = 0;
  await page.route('**/rest/avisos/clave', (route) => {
    read += 1;
    return route.fulfill({ json: { data: { clave: null } }, headers: { 'access-control-allow-origin': SITE.siteUrl, 'access-control-allow-credentials': 'true' } });
  });
  await buyOne(page);
  await expect.poll(() => read).toBeGreaterThan(0);
  await expect(page.getByTestId('push-opt-in')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Avisarme en este teléfono/ })).toHaveCount(0);
});
