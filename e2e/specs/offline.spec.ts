import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { AccountPage } from '../pages/account.page';
import { ReservationStatusPage } from '../pages/booking.page';
import { buyTicket } from '../pages/purchase.flow';
import { ShellPage } from '../pages/shell.page';
import { expectAccessible } from '../support/axe';
import { sessionToken, storeSession } from '../support/session';
import { SITE } from '../support/site';

const ROOT = path.resolve(__dirname, '../..');
const TICKETS_CACHE = 'rumbo-tickets-v1';
/** What the browser says of a request it could not make, offline: expected while the network is off. */
const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource|net::ERR_FAILED/;

// This journey is the service worker's (every other one blocks it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** The site's service worker controls the page (registered at idle after the first page; `clients.claim`). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
}

/** Every cache of the site and the addresses it holds. */
const cachedAddresses = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) all[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    return all;
  });

test('a ticket bought on this device opens with no network, QR included, and so do my trips; signing out takes them off the device (issue 36)', async ({ consoleErrors, page, context }) => {
  test.setTimeout(180_000);
  // Signed in: the purchase goes to the customer's trips.
  await storeSession(page, { token: await sessionToken(), customer: null, expiresAt: Date.now() + 3_600_000 });
  const reservation = new ReservationStatusPage(page);
  const codigo = await buyTicket(page, {
    passenger: { numero: '43345678', nombres: 'Lucía', paterno: 'Huamán', materno: 'Torres', email: 'lucia@example.pe', genero: 'F', nacimiento: '1991-02-03' },
    buyerEmail: 'demo@rumboandino.pe',
    days: 9,
  });
  await controlled(page);

  // The ticket, opened on this device: kept, bound to its code and purchase key.
  await new ShellPage(page).reload();
  await expect(reservation.state()).toHaveText('Pagada');
  await expect(reservation.tickets().first().getByTestId('ticket-qr')).toBeVisible();
  await expect.poll(async () => (await cachedAddresses(page))[TICKETS_CACHE] ?? []).toContain(`${SITE.siteUrl}/__offline/reserva/${codigo}`);
  // My trips, opened online once.
  const account = new AccountPage(page);
  await account.open('/micuenta/viajes');
  const upcoming = account.main.locator('section[aria-labelledby="trips-upcoming"]');
  await expect(upcoming.getByRole('row').filter({ hasText: `${codigo}-1` })).toBeVisible();
  await expect.poll(async () => (await cachedAddresses(page))[TICKETS_CACHE] ?? []).toContain(`${SITE.siteUrl}/__offline/viajes`);

  // Of /rest, nothing but the customer's tickets is on the device.
  for (const [name, urls] of Object.entries(await cachedAddresses(page))) {
    expect(urls.filter((url) => url.includes('/rest/')), name).toEqual([]);
  }

  // No network: the ticket page reloads with its ticket and QR; the QR reads as the ticket's code.
  consoleErrors.allow(OFFLINE_NOISE);
  await context.setOffline(true);
  const offlineAnswer = await page.goto(`/pasajes/reserva/${codigo}`);
  // The worker's own document, not the site's code (issue 36's 1 s budget: offline-bench.mjs).
  expect(offlineAnswer?.fromServiceWorker()).toBe(true);
  expect(offlineAnswer?.headers()['x-rumbo-offline']).toBe('1');
  await expect(reservation.state()).toHaveText('Pagada');
  await expect(page.getByRole('status')).toHaveText(/^Sin conexión: este es el pasaje guardado en este equipo/);
  await expect(page).toHaveTitle('Tu reserva');
  const ticket = reservation.tickets().first();
  await expect(ticket.getByTestId('ticket-qr')).toBeVisible();
  await expect(ticket.getByTestId('ticket-qr')).toHaveAttribute('alt', `Código QR del pasaje ${codigo}-1, para el embarque`);
  await expect(ticket).toContainText('Lucía Huamán Torres');
  await expect(ticket).toContainText('Asiento');
  // Where and when to board: the terminal's address and the boarding time.
  await expect(ticket.getByTestId('ticket-boarding-time')).not.toBeEmpty();
  await expect(ticket).toContainText(/Embarque.*, .*\(/);
  // The purchase's electronic voucher, kept with the ticket.
  await expect(ticket.getByTestId('ticket-voucher')).toHaveText(/^B001-\d+$/);
  await expectAccessible(page);
  // In the reader's language: the same document in English once the reader chose it.
  await page.evaluate(() => localStorage.setItem('lang-webrumbo', 'en-EN'));
  await page.reload();
  await expect(reservation.state()).toHaveText('Paid');
  await expect(ticket.getByTestId('ticket-qr')).toHaveAttribute('alt', `QR code of ticket ${codigo}-1, for boarding`);
  await expectAccessible(page);
  await page.evaluate(() => localStorage.setItem('lang-webrumbo', 'es-PE'));
  // How long the offline ticket takes to show its QR (a figure, not a limit; see the budget).
  const started = Date.now();
  await page.reload();
  await expect(ticket.getByTestId('ticket-qr')).toBeVisible();
  const openedMs = Date.now() - started;
  test.info().annotations.push({ type: 'offline ticket', description: `${openedMs} ms from reload to the QR` });
  console.log(`offline ticket: ${openedMs} ms from reload to the QR`);
  // My trips too, and the customer is still signed in (the user-data fetch waits for the network).
  await page.goto('/micuenta/viajes');
  const row = upcoming.getByRole('row').filter({ hasText: `${codigo}-1` });
  await expect(row).toBeVisible();
  // With the boarding QR, where and when to board, from the trips kept for this customer.
  await row.getByText(`Pasaje para embarcar ${codigo}-1`).click();
  await expect(row.getByRole('img', { name: `Código QR del pasaje ${codigo}-1, para el embarque` })).toBeVisible();
  await expect(row.getByTestId('boarding-time')).not.toBeEmpty();
  await expectAccessible(page);

  // Back online, signing out takes the tickets off the device.
  await context.setOffline(false);
  await account.open('/micuenta');
  await account.logOut();
  await expect.poll(async () => Object.keys(await cachedAddresses(page))).not.toContain(TICKETS_CACHE);
  // And with the network off again, the ticket page has nothing to show.
  await context.setOffline(true);
  await page.goto(`/pasajes/reserva/${codigo}`);
  await expect(reservation.main.getByTestId('ticket-qr')).toHaveCount(0);
  await expect(reservation.main.getByRole('alert')).toHaveText(/^Este pasaje no está guardado en este equipo/);
  await expectAccessible(page);
  await context.setOffline(false);
});

/** A new build of one remote only, labelled `label`, into a folder of its own (as deploy.spec.ts). */
function buildLabelled(folder: string, label: string): string {
  const out = mkdtempSync(path.join(tmpdir(), `${folder}-`));
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--config', 'webpack.config.mjs', '--output-path', out], {
    cwd: path.join(ROOT, folder),
    env: { ...process.env, BUILD_LABEL: label },
    stdio: 'ignore',
  });
  return out;
}
const deploy = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(ROOT, 'shell/scripts/deploy.mjs'), ...args], { env: { ...process.env, DEPLOY_DIR: SITE.deployDir }, encoding: 'utf8' }).trim();
const registry = () => JSON.parse(readFileSync(path.join(SITE.deployDir, 'shell/remotes.json'), 'utf8')) as Record<string, string>;

test('the worker never serves a stale remote: a deploy and a rollback are seen on the next load, and offline shows the live one (issue 36)', { tag: '@registry' }, async ({ consoleErrors, page, context }) => {
  test.setTimeout(240_000);
  const shell = new ShellPage(page);
  const firstVersion = registry().mf_complaints!.split('/').at(-2)!;
  const versionsBase = new URL('..', registry().mf_complaints!).href;
  const folderOf = (version: string) => `${versionsBase}${version}/`;
  await shell.open('/libro_reclamaciones');
  await controlled(page);
  // Installable: the manifest of the reader's language is linked; it and the worker are revalidated on every load.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  for (const [file, language] of [['/manifest.webmanifest', 'es-PE'], ['/manifest.en-EN.webmanifest', 'en-EN']] as const) {
    const answer = await page.request.get(file);
    expect(answer.headers()['cache-control']).toBe('no-cache');
    const manifest = (await answer.json()) as { lang: string; start_url: string; name: string; icons: { src: string }[]; theme_color: string };
    expect(manifest).toMatchObject({ lang: language, start_url: `/?idioma=${language}`, theme_color: '#0f3a60' });
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).ok()).toBe(true);
  }
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['service-worker-allowed']).toBeUndefined();
  await shell.reload();
  await expect(page.locator('#remote-mf_complaints [data-build]')).toBeVisible();
  const remotesCaches = async () => Object.entries(await cachedAddresses(page)).filter(([name]) => name.startsWith('rumbo-remotes-'));
  await expect.poll(async () => (await remotesCaches()).flatMap(([, urls]) => urls).some((url) => url.startsWith(folderOf(firstVersion)))).toBe(true);
  expect(await remotesCaches()).toHaveLength(1);
  const before = (await remotesCaches())[0]![0];

  const label = `e2e-offline-${Date.now()}`;
  const newVersion = deploy('publish', 'mf_complaints', buildLabelled('mf-complaints', label));
  try {
    deploy('point', 'mf_complaints', newVersion);
    // Online: the new build at once, not the kept one.
    await shell.reload();
    await expect(page.locator(`#remote-mf_complaints [data-build="${label}"]`)).toBeVisible();
    // One cache for the new pointer; the old version's files and pages are gone with the old one.
    await expect.poll(async () => (await remotesCaches()).map(([name]) => name)).not.toContain(before);
    expect(await remotesCaches()).toHaveLength(1);
    const urls = (await remotesCaches())[0]![1];
    expect(urls.some((url) => url.startsWith(folderOf(firstVersion)))).toBe(false);
    // The page's files of the new version are kept (through the worker, or sent by the page at idle).
    await expect.poll(async () => (await remotesCaches())[0]![1]).toContain(`${folderOf(newVersion)}remoteEntry.js`);
    // Offline: the live build, as last seen.
    consoleErrors.allow(OFFLINE_NOISE);
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator(`#remote-mf_complaints [data-build="${label}"]`)).toBeVisible();
    await context.setOffline(false);
  } finally {
    // Rolled back: the older build again on the next load, online and then offline.
    deploy('point', 'mf_complaints', firstVersion);
  }
  await context.setOffline(false);
  await shell.reload();
  await expect(page.locator('#remote-mf_complaints [data-build]')).toBeVisible();
  await expect(page.locator(`[data-build="${label}"]`)).toHaveCount(0);
  await expect.poll(async () => (await remotesCaches())[0]![1]).toContain(`${folderOf(firstVersion)}remoteEntry.js`);
  expect((await remotesCaches()).flatMap(([, urls]) => urls).some((url) => url.startsWith(folderOf(newVersion)))).toBe(false);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('#remote-mf_complaints [data-build]')).toBeVisible();
  await expect(page.locator(`[data-build="${label}"]`)).toHaveCount(0);
  await context.setOffline(false);
});
