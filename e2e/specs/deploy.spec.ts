import { expect, test, type APIRequestContext } from '../support/test';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ShellPage } from '../pages/shell.page';
import { SITE } from '../support/site';

const ROOT = path.resolve(__dirname, '../..');
const deploy = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(ROOT, 'shell/scripts/deploy.mjs'), ...args], {
    env: { ...process.env, DEPLOY_DIR: SITE.deployDir },
    encoding: 'utf8',
  }).trim();
const liveEntry = () => JSON.parse(readFileSync(path.join(SITE.deployDir, 'shell/remotes.json'), 'utf8')).mf_complaints as string;

/**
 * The page as the site's origin serves it, before any script runs; its per-response CSP nonce
 * written as one (two renders of the same versions are otherwise the same, byte for byte).
 */
async function servedHtml(request: APIRequestContext, pathname: string): Promise<string> {
  const response = await request.get(pathname);
  expect(response.ok()).toBe(true);
  return (await response.text()).replace(/nonce="[^"]+"/g, 'nonce=""');
}

/** The first screen the server rendered in a remote's container (up to the shell's footer). */
const remoteFirstScreen = (html: string, remote: string) => {
  const start = html.indexOf(`<div id="remote-${remote}"`);
  return start < 0 ? '' : html.slice(start, html.indexOf('<div id="shell-footer">', start));
};

/**
 * What a server-rendered page holds in mf-booking's search slot: the home page's (TRIP_SEARCH_SLOT), or a
 * destination's, keyed by its city (TRIP_SEARCH_TO_SLOT).
 */
const searchSlot = (html: string, slot = '<div data-parcel-slot="trip-search">') => {
  const start = html.indexOf(slot);
  return start < 0 ? '' : html.slice(start, html.indexOf('</form>', start));
};
const CUSCO_SLOT = '<div data-parcel-slot="trip-search-to" data-slot-key="CUZ">';

/** A new build of one remote only (its folder), labelled `label`, into a folder of its own; answers that folder. */
function buildLabelled(folder: string, label: string): string {
  const out = mkdtempSync(path.join(tmpdir(), `${folder}-`));
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--config', 'webpack.config.mjs', '--output-path', out], {
    cwd: path.join(ROOT, folder),
    env: { ...process.env, BUILD_LABEL: label },
    stdio: 'ignore',
  });
  return out;
}

test('one remote rolls forward to a new build and back, with nothing else rebuilt', { tag: '@registry' }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const before = liveEntry();
  // The rendered pages: the complaints book's first screen in its HTML, and another remote's page.
  const bookBefore = await servedHtml(request, '/libro_reclamaciones');
  expect(remoteFirstScreen(bookBefore, 'mf_complaints')).toContain('<h1');
  expect(remoteFirstScreen(bookBefore, 'mf_complaints')).toContain('Libro de Reclamaciones');
  const homeBefore = await servedHtml(request, '/');
  const firstVersion = before.split('/').at(-2)!;
  const otherEntry = JSON.parse(readFileSync(path.join(SITE.deployDir, 'shell/remotes.json'), 'utf8')).mf_content;

  // A new build of mf-complaints only, published under its own immutable version.
  const label = `e2e-${Date.now()}`;
  const newVersion = deploy('publish', 'mf_complaints', buildLabelled('mf-complaints', label));
  expect(newVersion).not.toBe(firstVersion);

  const shell = new ShellPage(page);
  expect(deploy('point', 'mf_complaints', newVersion)).toBe(`mf_complaints: ${before} -> ${liveEntry()}`);
  // One registry write: the next request is rendered by the new version's renderer.
  const bookNew = await servedHtml(request, '/libro_reclamaciones');
  expect(remoteFirstScreen(bookNew, 'mf_complaints')).toContain(`data-build="${label}"`);
  expect(remoteFirstScreen(bookNew, 'mf_complaints')).toContain('Libro de Reclamaciones');
  await shell.open('/libro_reclamaciones');
  await expect(page.locator(`#remote-mf_complaints [data-build="${label}"]`)).toBeVisible();
  expect(liveEntry()).toContain(`/${newVersion}/`);

  deploy('point', 'mf_complaints', firstVersion);
  // Rolled back: the page is the older build's again, byte for byte.
  expect(await servedHtml(request, '/libro_reclamaciones')).toBe(bookBefore);
  await shell.open('/libro_reclamaciones');
  await expect(page.locator('#remote-mf_complaints [data-build]')).toBeVisible();
  await expect(page.locator(`[data-build="${label}"]`)).toHaveCount(0);
  expect(liveEntry()).toBe(before);
  // The other remote's pointer never moved.
  expect(JSON.parse(readFileSync(path.join(SITE.deployDir, 'shell/remotes.json'), 'utf8')).mf_content).toBe(otherEntry);
  expect(deploy('versions', 'mf_complaints')).toContain(`* ${firstVersion}`);
  // Nor did its pages change.
  expect(await servedHtml(request, '/')).toBe(homeBefore);
});

test("mf-booking's purchase frames and its named part in other remotes' pages roll forward and back with it", { tag: '@registry' }, async ({ page, request }) => {
  test.setTimeout(240_000);
  const registry = () => JSON.parse(readFileSync(path.join(SITE.deployDir, 'shell/remotes.json'), 'utf8')) as Record<string, string>;
  const firstVersion = registry().mf_booking!.split('/').at(-2)!;
  const step1 = '/pasajes?origen=LIM&destino=TRU&fecha=2030-01-01&pasajeros=1';
  const frameBefore = await servedHtml(request, step1);
  expect(remoteFirstScreen(frameBefore, 'mf_booking')).toContain('Pasos de la compra');
  // The home page (mf-content's) holds mf-booking's search form in its slot, from HTML.
  const homeBefore = await servedHtml(request, '/');
  expect(searchSlot(homeBefore)).toContain('<form');
  // A destination's page holds it with its city preset.
  const cuscoBefore = await servedHtml(request, '/destinos/cusco');
  expect(searchSlot(cuscoBefore, CUSCO_SLOT)).toContain('value="Cusco (CUZ)"');

  const label = `e2e-booking-${Date.now()}`;
  const newVersion = deploy('publish', 'mf_booking', buildLabelled('mf-booking', label));
  deploy('point', 'mf_booking', newVersion);
  // Every address of step 1 now gets the new build's frame.
  const frameNew = await servedHtml(request, step1);
  expect(remoteFirstScreen(frameNew, 'mf_booking')).toContain(`data-build="${label}"`);
  const shell = new ShellPage(page);
  await shell.open(step1.replace('2030-01-01', '2030-01-02'));
  await expect(page.locator(`#remote-mf_booking [data-build="${label}"]`)).toBeVisible();
  // The home page's named part is filled by the new build's renderer, and hydrates there.
  expect(searchSlot(await servedHtml(request, '/'))).toContain(`data-build="${label}"`);
  const cuscoNew = await servedHtml(request, '/destinos/cusco');
  expect(searchSlot(cuscoNew, CUSCO_SLOT)).toContain(`data-build="${label}"`);
  expect(searchSlot(cuscoNew, CUSCO_SLOT)).toContain('value="Cusco (CUZ)"');
  expect(remoteFirstScreen(cuscoNew, 'mf_content')).toMatch(/<h1[^>]*>Viaja a Cusco<\/h1>/);
  await shell.open('/');
  await page.getByRole('combobox', { name: 'Origen' }).click();
  await expect(page.locator(`[data-parcel-slot] [data-build="${label}"] form[data-live]`)).toBeVisible();

  deploy('point', 'mf_booking', firstVersion);
  // Rolled back: the older build's frame, byte for byte, for every query; the home page's search too.
  expect(await servedHtml(request, step1)).toBe(frameBefore);
  expect(await servedHtml(request, '/')).toBe(homeBefore);
  expect(await servedHtml(request, '/destinos/cusco')).toBe(cuscoBefore);
  expect(remoteFirstScreen(await servedHtml(request, '/pasajes?origen=CUZ'), 'mf_booking')).not.toContain(label);
  expect(registry().mf_booking).toContain(`/${firstVersion}/`);
});

// Issue 32 item 10: HSTS on the site's and the remotes' origins; the builds' source maps on neither.
test('the origins send HSTS and serve no source map (the maps stay in the deploy folder)', { tag: '@registry' }, async ({ request }) => {
  const home = await request.get('/');
  expect(home.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect((await request.get('/main.js')).ok()).toBe(true);
  expect((await request.get('/main.js.map')).status()).toBe(404);
  const entry = liveEntry();
  const remote = await request.get(entry);
  expect(remote.ok()).toBe(true);
  expect(remote.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  // Neither referenced by the code nor served.
  expect(await remote.text()).not.toContain('sourceMappingURL');
  expect((await request.get(`${entry}.map`)).status()).toBe(404);
  const version = entry.split('/').at(-2)!;
  expect(readFileSync(path.join(SITE.deployDir, 'source-maps', 'mf_complaints', version, 'remoteEntry.js.map'), 'utf8')).toContain('"mappings"');
});

test('the shell rolls forward and back like a remote: publish, point (one registry write), versions', { tag: '@registry' }, async ({ page, request }) => {
  const registry = () => JSON.parse(readFileSync(path.join(SITE.deployDir, 'shell/remotes.json'), 'utf8')) as Record<string, string>;
  const firstVersion = registry().shell!;
  expect(deploy('versions', 'shell')).toContain(`* ${firstVersion}`);
  // A new shell build: today's, with one file more (what a new build would bring).
  const copy = mkdtempSync(path.join(tmpdir(), 'shell-'));
  cpSync(path.join(SITE.deployDir, 'cdn/shell', firstVersion), copy, { recursive: true });
  writeFileSync(path.join(copy, 'probe.txt'), 'new shell');
  const newVersion = deploy('publish', 'shell', copy);
  expect(newVersion).not.toBe(firstVersion);
  expect((await request.get('/probe.txt')).status()).toBe(404);

  expect(deploy('point', 'shell', newVersion)).toBe(`shell: ${firstVersion} -> ${newVersion}`);
  expect(await (await request.get('/probe.txt')).text()).toBe('new shell');
  expect(deploy('versions', 'shell')).toContain(`* ${newVersion}`);
  const shell = new ShellPage(page);
  await shell.open('/libro_reclamaciones');
  await expect(page.locator('#remote-mf_complaints[data-live]')).toBeAttached();
  await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText('Libro de Reclamaciones');

  deploy('point', 'shell', firstVersion);
  expect((await request.get('/probe.txt')).status()).toBe(404);
  expect(registry().shell).toBe(firstVersion);
});
