import { expect, test } from '../support/test';
import { BookingPage } from '../pages/booking.page';
import { limaDate } from '../support/dates';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';
import { SITE } from '../support/site';

/** mf-booking's origin (shell/scripts/start.mjs: the remotes' origins in REMOTE_FOLDERS' order, from 1). */
const MF_BOOKING = 3;

/** Issue 17 item 5: a purchase page's frame paints from HTML and its first request starts from it. */
const QUERY = { origen: 'LIM', destino: 'TRU', fecha: limaDate(5), pasajeros: 1 };
const STEP_1 = `/pasajes?${new URLSearchParams(Object.entries(QUERY).map(([key, value]) => [key, String(value)]))}`;
const isTripSearch = (url: string) => new URL(url).pathname === '/rest/viaje';

test.describe('purchase pages painted from HTML (frames)', () => {
  test("step 1's frame is served for its addresses with a query, with its first request described; other queries stay the shell's", async ({ request }) => {
    const html = await (await request.get(STEP_1)).text();
    const start = html.indexOf('<div id="remote-mf_booking">');
    expect(start, "mf-booking's container in the HTML").toBeGreaterThan(0);
    const frame = html.slice(start, html.indexOf('<div id="shell-footer">'));
    expect(frame).toContain('aria-label="Pasos de la compra"');
    expect(frame).toContain('Elige tu viaje de ida');
    expect(frame).toContain('Buscando viajes');
    // No customer data in it: not this address's cities.
    expect(frame).not.toContain('TRU');
    expect(html).toMatch(/<script type="application\/json" id="early-request">\{"method":"POST","path":"\/rest\/viaje"/);
    // The same page without a query.
    expect(await (await request.get('/pasajes')).text()).toBe(html);
    // Pages whose first screen depends on their query are still the shell's to render.
    expect(await (await request.get('/promociones?confirmar=abc')).text()).toContain('<div id="remotes"></div>');
    expect(await (await request.get('/login?pathname=%2Fmicuenta')).text()).toContain('<div id="remotes"></div>');
  });

  for (const [device, viewport] of [
    ['phone', { width: 412, height: 823 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    test(`step 1 (${device}): the search starts before mf-booking's code arrives, once; the frame hydrates and nothing moves`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await recordLayoutShifts(page);
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () => {
          const w = window as unknown as { __prerendered: Element | null; __searchPlaceholder: number };
          w.__prerendered = document.querySelector('#remote-mf_booking > [data-build]');
          // The search widget's place in the frame, as the HTML painted it.
          w.__searchPlaceholder = document.querySelector('#remote-mf_booking [aria-busy="true"]')?.getBoundingClientRect().height ?? 0;
        }),
      );
      const searches: string[] = [];
      let searchedBeforeCode = false;
      page.on('request', (sent) => {
        if (sent.method() === 'POST' && isTripSearch(sent.url())) searches.push(sent.postData() ?? '');
      });
      // mf-booking's entry is held until the search has been sent: the HTML started it.
      await page.route((url) => url.origin === SITE.remoteOrigin(MF_BOOKING) && url.pathname.endsWith('/remoteEntry.js'), async (route) => {
        await expect.poll(() => searches.length).toBe(1);
        searchedBeforeCode = true;
        await route.continue();
      });
      const booking = new BookingPage(page);
      await booking.open(STEP_1);
      await expect(booking.tripCards().first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(searchedBeforeCode).toBe(true);
      expect(searches.map((body) => JSON.parse(body))).toEqual([{ origen: 'LIM', destino: 'TRU', fecha: QUERY.fecha, cusuario: 50005, coficina_venta: 577 }]);
      // Hydrated, not painted again; the search shows this address's cities.
      expect(await page.evaluate(() => (window as unknown as { __prerendered: Element | null }).__prerendered?.isConnected)).toBe(true);
      await expect(booking.cityBox('origen')).not.toHaveValue('');
      // The frame kept the widget's exact place: no gap left under it either.
      const widget = await booking.searchForm().evaluate((form) => form.closest('section')!.getBoundingClientRect().height);
      expect(await page.evaluate(() => (window as unknown as { __searchPlaceholder: number }).__searchPlaceholder)).toBeCloseTo(widget, 0);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    });
  }
});
