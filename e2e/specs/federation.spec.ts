import { expect, test, failedRequest } from '../support/test';
import { ShellPage } from '../pages/shell.page';
import { holdShellCode } from '../support/hold-code';
import { expectAccessible } from '../support/axe';
import { SITE } from '../support/site';

interface ShareEntry {
  loaded?: boolean;
  useIn?: string[];
  from?: string;
}
type ShareScope = Record<string, Record<string, Record<string, ShareEntry>>>;

test.describe('composition at run time', () => {
  test('shared is one singleton across shell and remotes: one React, one MobX, one i18n, one session store', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
    await shell.footer.getByRole('link', { name: 'Libro de reclamaciones' }).click();
    await expect(page.locator('#remote-mf_complaints')).not.toBeEmpty();

    expect(await page.evaluate(() => (globalThis as { __mobxInstanceCount?: number }).__mobxInstanceCount)).toBe(1);

    const scope = await page.evaluate(() => {
      const federation = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, { default: unknown }> } }).__FEDERATION__;
      // the host's share scope is keyed by name and version: `shell:1.0.0`
      const [, host] = Object.entries(federation.__SHARE__).find(([key]) => key.startsWith('shell'))!;
      return host.default as ShareScope;
    });
    for (const name of ['react', 'react-dom', 'mobx', 'mobx-react-lite', 'i18next', '@emotion/react', 'single-spa', 'single-spa-react', '@rumbo/shared', '@rumbo/shared/ui']) {
      const versions = Object.values(scope[name] ?? {});
      const loaded = versions.filter((entry) => entry.loaded);
      expect(loaded, `${name} loaded once`).toHaveLength(1);
      expect(loaded[0]!.from, `${name} provided by the shell`).toBe('shell');
    }
    // Both mounted remotes took the shell's shared module rather than their own copy.
    const sharedUsers = Object.values(scope['@rumbo/shared']!).flatMap((entry) => entry.useIn ?? []);
    expect(sharedUsers).toEqual(expect.arrayContaining(['mf_content', 'mf_complaints']));

    // One i18n: the shell's selector switches the remote's texts too.
    await shell.switchLanguage('en-EN');
    await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(/Complaints Book/i);
  });

  test('a remote that cannot load costs only its area; "try again" mounts it when it is back', async ({ consoleErrors, page }) => {
    // What this journey provokes on purpose: the remote that cannot load.
    consoleErrors.allow(failedRequest('/mf-manifest.json'));
    consoleErrors.allow(failedRequest('/remoteEntry.js'));
    consoleErrors.allow(/died in status LOADING_SOURCE_CODE/);
    const shell = new ShellPage(page);
    let down = true;
    await page.route(/:\d+\/[^/]+\/mf-manifest\.json$|remoteEntry\.js$/, async (route) => {
      const isComplaints = route.request().url().startsWith(`${SITE.remoteOrigin(2)}/`);
      if (down && isComplaints) return route.abort('connectionrefused');
      return route.continue();
    });
    await shell.open('/libro_reclamaciones');
    await expect(shell.remoteError()).toContainText('Esta sección no se pudo cargar');
    await expect(page).toHaveTitle('Libro de reclamaciones | Rumbo Andino');
    await expectAccessible(page);

    // Header, footer, language and other routes keep working.
    await shell.switchLanguage('en-EN');
    await expect(shell.remoteError()).toContainText('This section could not be loaded');
    await shell.switchLanguage('es-PE');
    await shell.footer.getByRole('link', { name: 'Términos y condiciones' }).click();
    await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(shell.remoteError()).toHaveCount(0);
    await page.goBack();
    await expect(shell.remoteError()).toBeVisible();

    down = false;
    await shell.remoteError().getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect(shell.remoteError()).toHaveCount(0);
    await expect(shell.main.getByRole('heading', { level: 1, name: /Libro de Reclamaciones/i })).toBeVisible();
  });
});

test('a link preloads its remote when it comes within 200px of the viewport, before it is clicked, from the first paint (before the code)', async ({ page }) => {
  const complaintsOrigin = new URL(SITE.remoteOrigin(2)).origin;
  const preloads: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(complaintsOrigin)) preloads.push(request.url());
  });
  // Spec §2 from the first paint: the shell's code is held until the link has been preloaded.
  const release = await holdShellCode(page);
  const shell = new ShellPage(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
  // The footer as the server rendered it (the live one replaces it once the code runs).
  const link = page.locator('#shell-footer').getByRole('link', { name: 'Libro de reclamaciones' });
  await link.waitFor({ state: 'attached' });
  const distance = await link.evaluate((element) => element.getBoundingClientRect().top - window.innerHeight);
  expect(distance, 'the footer starts well below the fold').toBeGreaterThan(400);
  await page.waitForTimeout(500);
  expect(preloads).toEqual([]);

  // Scroll until the link is 150px below the viewport: inside the 200px margin, still unseen. The
  // page's sections may still grow as their answers arrive, so the link is placed there again
  // until the remote is asked for.
  const placeNearLink = () =>
    link.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - window.innerHeight - 150));
  await expect
    .poll(async () => {
      await placeNearLink();
      return preloads.some((url) => url.endsWith('/mf-manifest.json'));
    })
    .toBe(true);
  // Its code is fetched into the cache (a prefetch hint), not run on this page.
  await expect.poll(() => preloads.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
  const scriptsFrom = (origin: string) => [...document.scripts].filter((script) => script.src.startsWith(origin)).length;
  expect(await page.evaluate(scriptsFrom, complaintsOrigin)).toBe(0);
  expect(await link.evaluate((element) => element.getBoundingClientRect().top > window.innerHeight)).toBe(true);

  release();
  await expect(page.locator('#remotes > div[data-live]')).toBeAttached();
  await link.click();
  await expect(shell.main.getByRole('heading', { level: 1, name: /Libro de Reclamaciones/i })).toBeVisible();
});
