import { expect, failedResponse, test, type APIRequestContext } from '../support/test';
import { AccountPage } from '../pages/account.page';
import { CargoPage } from '../pages/cargo.page';
import { ShellPage } from '../pages/shell.page';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';
import { sessionToken, storeSession } from '../support/session';
import { holdShellCode } from '../support/hold-code';

/** Every route stitched at deploy, by the remote whose build prerendered its first screen. */
const STITCHED: [path: string, remote: string, heading: RegExp][] = [
  ['/', 'mf_content', /Viaja seguro a 23 destinos del Perú/],
  ['/promociones', 'mf_content', /Promociones/],
  ['/oficina', 'mf_content', /Nuestras agencias/],
  ['/corporativo', 'mf_content', /<h1/],
  // Rendered at deploy by mf-content's renderer with the API's answer (the API answers in the journeys).
  ['/destinos/cusco', 'mf_content', /<h1[^>]*>Viaja a Cusco<\/h1>[\s\S]*Terminal Cusco/],
  // Its text is the API's, fetched by the deploy's stitch (the API answers in the journeys).
  ['/informacion/terminos-condiciones', 'mf_content', /<h1 id="information-title"[^>]*>Términos y condiciones<\/h1>[\s\S]*29571/],
  ['/informacion/politica-postergacion', 'mf_content', /<h1 id="information-title"/],
  ['/libro_reclamaciones', 'mf_complaints', /Libro de Reclamaciones/],
  ['/cargo', 'mf_cargo', /<h1/],
  ['/cargo/seguimiento', 'mf_cargo', /Seguimiento de envíos/],
  ['/carga/clausulas', 'mf_cargo', /Cláusulas del servicio de carga/],
  ['/cuenta/registro', 'mf_account', /Crear una cuenta/],
  ['/cuenta/recuperar', 'mf_account', /Recuperar mi cuenta/],
  ['/login', 'mf_account', /Iniciar sesión[\s\S]*Ingresar/],
];

async function served(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.ok()).toBe(true);
  return response.text();
}

/** The data the deploy wrote into a stitched page (`<script type="application/json" id="page-data">`). */
function pageData(html: string): Record<string, unknown> {
  const text = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)?.[1];
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

test.describe('pages painted from HTML', () => {
  test('each data-free route is served complete: shell frame, the remote\'s first screen, its CSS and its code for after the first paint', async ({ request }) => {
    for (const [path, remote, first] of STITCHED) {
      const html = await served(request, path);
      const start = html.indexOf(`<div id="remote-${remote}">`);
      expect(start, `${path}: ${remote}'s container in the HTML`).toBeGreaterThan(0);
      const screen = html.slice(start, html.indexOf('<div id="shell-footer">'));
      expect(screen, `${path}: its first screen`).toMatch(first);
      expect(html, `${path}: the shell's header`).toContain('aria-label="Navegación principal"');
      // The footer's static copy: its links, its subscription form disabled until the live one replaces it.
      expect(html, `${path}: the footer's static copy`).toMatch(/<div id="shell-footer"><div data-static-footer="">[\s\S]*href="\/informacion\/terminos-condiciones"/);
      expect(html, `${path}: its form disabled`).toMatch(/<input id="footer-subscribe-correo"[^>]* disabled=""/);
      expect(html, `${path}: critical CSS`).toMatch(/<style data-emotion="css [^"]+">/);
      // It paints before any code is fetched: /route-hints.js starts the shell's entry and reads the remote's manifest then.
      expect(html, `${path}: the remote's manifest named for /route-hints.js`).toMatch(/<script src="\/route-hints\.js" async data-start="on-intent" data-main="\/main\.js" data-manifest="http:\/\/[^"]+\/mf-manifest\.json"><\/script>/);
      // (A page's own picture, its largest element, may be preloaded: a destination's.)
      expect(html, `${path}: no script or preload before the first paint`).not.toMatch(/<script [^>]*src="\/main\.js"|<link rel="preload"(?! as="image")/);
      expect(html, `${path}: no placeholder left`).not.toContain('__REMOTE_PUBLIC_PATH__');
    }
    // A page whose first screen is the customer's data is served as its frame (frames.spec.ts), for
    // every address of its pattern; pages with neither a prerender nor a frame stay the shell's.
    expect(await served(request, '/pasajes/reserva/ABCDEFGH')).toContain('<div id="remote-mf_booking">');
    expect(await served(request, '/pasajes/postergar/ABCDEFGH-1')).toContain('<div id="remotes"></div>');
    // The data an information page hydrates from, and the sign-in providers /login was stitched for.
    const terms = await served(request, '/informacion/terminos-condiciones');
    expect(pageData(terms)['/rest/informacion/2']).toMatchObject({ language: 'es-PE', page: { titulo: 'Términos y condiciones' } });
    expect(terms, 'no skeleton once the text is there').not.toContain('Cargando la página');
    // The journeys' site offers both (support/site.ts).
    expect(pageData(await served(request, '/login'))).toEqual({ signInProviders: ['google', 'facebook'] });
    // The home page holds mf-booking's search form in its slot, with the terminals it hydrates ready with.
    const home = await served(request, '/');
    expect(home).toMatch(/<div data-parcel-slot="trip-search"><div data-build="[^"]+"><div><form [^>]*aria-labelledby="search-widget-title"/);
    expect(pageData(home)['/rest/terminales']).toEqual(expect.arrayContaining([expect.objectContaining({ codigo: 'CUZ', ciudad: 'Cusco' })]));
    // A destination was rendered with the API's answer, which it hydrates from.
    expect(pageData(await served(request, '/destinos/cusco'))['/rest/destino/cusco']).toMatchObject({ language: 'es-PE', answer: { nombre: 'Cusco', codigo: 'CUZ' } });
    // With mf-booking's search in its slot, its city preset (the terminals it hydrates with beside it).
    const cusco = await served(request, '/destinos/cusco');
    expect(cusco).toMatch(/<div data-parcel-slot="trip-search-to" data-slot-key="CUZ"><div data-build="[^"]+"><div><form [^>]*aria-labelledby="search-widget-title"[\s\S]*?name="destino" value="Cusco \(CUZ\)"/);
    expect(pageData(cusco)['/rest/terminales']).toEqual(expect.arrayContaining([expect.objectContaining({ codigo: 'CUZ' })]));
    // The promotions too: in the HTML, with no placeholder waiting for code, each with its last day.
    const promotions = await served(request, '/promociones');
    expect(pageData(promotions)['/rest/promocion/obtener']).toMatchObject({ language: 'es-PE', answer: expect.arrayContaining([expect.objectContaining({ cupon: expect.any(String) })]) });
    expect(promotions).toMatch(/<article [^>]*data-testid="promotion" data-lima-until="\d{4}-\d{2}-\d{2}"/);
    expect(promotions).not.toContain('chakra-skeleton');
  });

  test('a client that takes no compression (a monitor, a crawler) gets the same pages, `/` included', async ({ request }) => {
    for (const path of ['/', '/login', '/pasajes/xyz']) {
      const response = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toContain('<div id="remotes"');
    }
  });

  test('the remote hydrates its first screen: no mismatch, nothing moves, and it works', async ({ page }) => {
    await recordLayoutShifts(page);
    // The element the HTML brought, kept to see whether React adopted it or painted a new one.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __prerendered: Element | null }).__prerendered = document.querySelector('[id^="remote-"] > [data-build]');
      }),
    );
    const shell = new ShellPage(page);
    // What only the mounted remote does on each page.
    const live: [string, () => Promise<void>][] = [
      ['/', () => expect(shell.main.getByRole('button', { name: 'Buscar pasajes' })).toBeVisible()],
      ['/libro_reclamaciones', () => expect(shell.main.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible()],
      [
        '/login',
        async () => {
          // Once live: a tap held from before would show its messages later than the half second
          // after it that layout shift forgives (early-input.ts), which is not what this measures.
          await expect(shell.main.locator('form[data-live]')).toBeAttached();
          await shell.main.getByRole('button', { name: 'Ingresar' }).click();
          await expect(shell.main.locator('[aria-invalid="true"]').first()).toBeVisible();
        },
      ],
      // The stitched text, hydrated: its links are the page's (same-site ones preload their remote).
      ['/informacion/terminos-condiciones', () => expect(shell.main.getByTestId('information-body')).toContainText('29571')],
      // Rendered at deploy with the API's answer, hydrated from the page's data: its search (mf-booking's parcel) mounts preset.
      ['/destinos/cusco', () => expect(shell.main.getByRole('combobox', { name: 'Destino' })).toHaveValue('Cusco (CUZ)')],
      [
        '/cargo/seguimiento',
        async () => {
          await expect(shell.main.locator('form[data-live]')).toBeAttached();
          await shell.main.getByRole('button', { name: 'Buscar envío' }).click();
          await expect(shell.main.locator('[aria-invalid="true"]').first()).toBeVisible();
        },
      ],
    ];
    for (const [path, isLive] of live) {
      await shell.open(path);
      await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
      await isLive();
      // Every form of the first screen says it is hydrated (`useLiveForm`): what a customer sent
      // before is held until then (shell/src/early-input.ts), so a form without it would stay held.
      await expect(page.locator('#remotes form:not([data-live])')).toHaveCount(0);
      // The element the HTML brought is the one React now owns: hydrated, not painted again.
      await expect(page.locator('[id^="remote-"] > [data-build]')).toHaveCount(1);
      expect(await page.evaluate(() => (window as unknown as { __prerendered: Element | null }).__prerendered?.isConnected), path).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page), `${path}: layout shift`).toBeLessThanOrEqual(0.01);
    }
  });

  test('pages whose data arrives after they paint keep everything in view in its place (phone and computer)', async ({ page }) => {
    await recordLayoutShifts(page);
    for (const viewport of [{ width: 412, height: 823 }, { width: 1280, height: 900 }]) {
      await page.setViewportSize(viewport);
      for (const [path, arrived] of [
        ['/promociones', page.getByTestId('promotion').first()],
        ['/oficina', page.getByTestId('agency-card').first()],
        ['/destinos/cusco', page.getByTestId('destination-routes')],
      ] as const) {
        await page.goto(path);
        await expect(arrived).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await layoutShift(page), `${path} at ${viewport.width}px: layout shift`).toBeLessThanOrEqual(0.01);
      }
    }
  });

  test("a destination's picture has its place before it arrives: nothing under it moves when it does", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/cusco\.[0-9a-f]+\.svg$/, async (route) => {
      await held;
      await route.continue();
    });
    // The picture is preloaded by the page's HTML (its largest element): held, the page never loads.
    await page.goto('/destinos/cusco', { waitUntil: 'domcontentloaded' });
    const search = page.locator('section[aria-labelledby="search-widget-title"]');
    await expect(search).toBeVisible();
    const before = (await search.boundingBox())!.y;
    release();
    await expect.poll(() => page.locator('main img').first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect((await search.boundingBox())!.y).toBe(before);
  });

  test("/: below the hero, the page hydrates when it comes into view: its code and its API requests wait until then", async ({ page }) => {
    // A phone's viewport: the hero and the search form fill it.
    await page.setViewportSize({ width: 412, height: 823 });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(shell.main.getByRole('button', { name: 'Buscar pasajes' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const below = page.locator('#home-below');
    await below.evaluate((element) => ((window as unknown as { __below: Element | null }).__below = element.firstElementChild));
    // Painted from the HTML (its headings are there), not yet live.
    await expect(below.getByRole('heading', { name: 'Destinos populares' })).toBeAttached();
    expect(asked.filter((url) => /home-below\.[0-9a-f]+\.js$/.test(url))).toEqual([]);
    expect(asked.filter((url) => /\/rest\/(destino|promocion|componente\/punto_venta)/.test(url))).toEqual([]);

    await below.getByRole('heading', { name: 'Destinos populares' }).scrollIntoViewIfNeeded();
    await expect(below.getByTestId('destination-card').filter({ hasText: 'Tumbes' })).toContainText('Desde S/');
    expect(asked.filter((url) => /home-below\.[0-9a-f]+\.js$/.test(url))).toHaveLength(1);
    // Hydrated: the element the HTML brought is the one React now owns.
    expect(await below.evaluate((element) => element.firstElementChild === (window as unknown as { __below: Element | null }).__below)).toBe(true);
  });

  test('a signed-in customer\'s first name replaces Acceder in the stitched header without moving anything', async ({ page }) => {
    await recordLayoutShifts(page);
    // Where the header's links and controls are, in the HTML as served (signed out: 'Acceder').
    await page.addInitScript(() => {
      const places = () =>
        [...document.querySelectorAll('header nav a, header select, [data-testid="logo"], [data-testid="account-button"]')].map((element) => {
          const box = element.getBoundingClientRect();
          return `${element.textContent?.trim() || element.tagName}@${Math.round(box.left)},${Math.round(box.top)}`;
        });
      const w = window as unknown as { __places: () => string[]; __placesBefore: string[] };
      w.__places = places;
      document.addEventListener('DOMContentLoaded', () => (w.__placesBefore = places()));
    });
    await storeSession(page, { token: await sessionToken(), customer: { name: 'maría elena' }, expiresAt: Date.now() + 3_600_000 });
    const shell = new ShellPage(page);
    await shell.open('/libro_reclamaciones');
    await expect(shell.accountButton).toHaveText('María');
    await page.waitForLoadState('networkidle');
    const before = await page.evaluate(() => (window as unknown as { __placesBefore: string[] }).__placesBefore);
    expect(before.some((place) => place.startsWith('Acceder@'))).toBe(true);
    // Everything but the account button's label is where it was; the button starts where it did.
    const after = await page.evaluate(() => (window as unknown as { __places: () => string[] }).__places());
    expect(after.map((place) => place.replace(/^María@/, 'Acceder@'))).toEqual(before);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  });

  test('a customer who chose English never sees the Spanish first screen', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang-webrumbo', 'en-EN'));
    // Every moment the complaints book's Spanish heading is visible, from the first paint on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __spanishSeen: string[] }).__spanishSeen = seen;
      const check = () => {
        for (const heading of document.querySelectorAll('h1')) {
          const box = heading.getBoundingClientRect();
          if (heading.textContent === 'Libro de Reclamaciones' && box.height > 0 && getComputedStyle(heading).visibility === 'visible') seen.push(heading.textContent);
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    const shell = new ShellPage(page);
    await shell.open('/libro_reclamaciones');
    await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(/Complaints Book/i);
    expect(await page.evaluate(() => (window as unknown as { __spanishSeen: string[] }).__spanishSeen)).toEqual([]);
  });

  test("the first screen paints before the shell's code is asked for", async ({ page }) => {
    let askedAt = 0;
    await page.route(/\/main\.js$/, async (route) => {
      askedAt ||= Date.now();
      await route.continue();
    });
    const shell = new ShellPage(page);
    await shell.open('/libro_reclamaciones');
    await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText('Libro de Reclamaciones');
    await expect.poll(() => askedAt).toBeGreaterThan(0);
    const paintedAt = await page.evaluate(() => performance.timeOrigin + (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity));
    expect(askedAt).toBeGreaterThan(paintedAt);
  });

  test('a page where nothing waits for data asks for no code until the customer acts, then goes live', async ({ page }) => {
    // `/` too: its search form is in its HTML (mf-booking's part, stitched into the home page's
    // slot). On a phone: on a computer's screen, its promotions (data) are in view at once.
    await page.setViewportSize({ width: 412, height: 823 });
    for (const path of ['/cuenta/recuperar', '/']) {
      const asked: string[] = [];
      const onRequest = (request: { resourceType(): string; url(): string }) => {
        if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
      };
      page.on('request', onRequest);
      // Not `open`: its mouse is a customer's intent.
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      // Read, not touched: the page's only script is /route-hints.js.
      expect(asked, path).toEqual(['/route-hints.js']);
      await page.mouse.move(200, 200);
      await expect(page.locator('#remotes > div[data-live]')).toBeAttached();
      // Every form of it hydrated, the home's search (the parcel's) too.
      await expect(page.locator('#remotes form[data-live]').first()).toBeAttached();
      await expect(page.locator('#remotes form:not([data-live])')).toHaveCount(0);
      expect(asked, path).toContain('/main.js');
      page.off('request', onRequest);
      await page.mouse.move(0, 0);
    }
  });

  test("the complaints book shows today's date (Lima's) from its HTML, and asks for no code until the customer acts", async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
    });
    const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).split('-');
    const today = `${d}/${m}/${y}`;
    const shell = new ShellPage(page);
    await page.goto('/libro_reclamaciones');
    const sheet = shell.main.getByRole('region', { name: 'Datos del proveedor' });
    await expect(sheet).toContainText(today);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(asked).toEqual(['/route-hints.js']);
    await page.mouse.move(200, 200);
    await expect(page.locator('#remotes > div[data-live]')).toBeAttached();
    // The same date, now the remote's, shown once.
    await expect(sheet.getByText(today, { exact: true })).toHaveCount(1);
    await expect(sheet.locator('.chakra-skeleton')).toHaveCount(0);
  });

  test("a screen reader's activation (a click with no pointer, key or focus before it) starts the code and is answered", async ({ page }) => {
    const account = new AccountPage(page);
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    await account.main.getByRole('button', { name: 'Ingresar' }).dispatchEvent('click');
    await expect(page.locator('#remote-mf_account[data-live]')).toBeAttached();
    await expect(account.main.locator('[aria-invalid="true"]').first()).toBeVisible();
  });

  test('a customer who starts typing before the code is live keeps the focus and what they type', async ({ page }) => {
    const release = await holdShellCode(page);
    const account = new AccountPage(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await account.field('correo').click();
    await page.keyboard.type('ana@');
    release();
    await expect(page.locator('#remotes > div[data-live]')).toBeAttached();
    await page.keyboard.type('example.pe');
    // The live page does not take the focus to its heading: the customer is in its form.
    await expect(account.field('correo')).toBeFocused();
    await expect(account.field('correo')).toHaveValue('ana@example.pe');
  });

  test('tracking: a code typed and sent before the code is live is searched', async ({ page }) => {
    const release = await holdShellCode(page);
    await page.goto('/cargo/seguimiento', { waitUntil: 'commit' });
    const cargo = new CargoPage(page);
    await cargo.track('ra48213907');
    release();
    await expect(cargo.main.getByRole('heading', { name: 'Envío RA48213907' })).toBeVisible();
  });

  test('a form typed in and sent before its code has started is sent once it has, with what was typed, never in the address', async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResponse(400, '/rest/login/verificar'));
    const release = await holdShellCode(page);
    const account = new AccountPage(page);
    // Not `open`: the page's load event waits for the held script.
    await page.goto('/login', { waitUntil: 'commit' });
    await account.signInWithPassword(`nadie.${Date.now()}@example.pe`, 'NoEsLaClave1');
    release();
    // The sign-in was tried with both typed fields: the API's answer, not the form's "required".
    await expect(account.main.getByText('El email o la contraseña no son correctos')).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    expect(page.url()).not.toContain('NoEsLaClave1');
  });

  test('a form sent before any script has arrived (a slow phone) is not sent to its own address', async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResponse(400, '/rest/login/verificar'));
    // Not even /route-hints.js, the page's first script, has arrived.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/route-hints\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('clave=')) sent.push(request.url());
    });
    const account = new AccountPage(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await account.signInWithPassword(`nadie.${Date.now()}@example.pe`, 'NoEsLaClave1');
    // The page stays as it is (a navigation would have started at once).
    await expect(account.field('correo')).toHaveValue(/nadie\./);
    expect(sent).toEqual([]);
    expect(new URL(page.url()).search).toBe('');
    release();
    // Once the code is there, sending it again signs in with what is on screen.
    await expect(page.locator('#remote-mf_account[data-live]')).toBeAttached();
    await account.main.getByRole('button', { name: 'Ingresar' }).click();
    await expect(account.main.getByText('El email o la contraseña no son correctos')).toBeVisible();
    expect(sent).toEqual([]);
  });

  test('a page whose /route-hints.js never arrives still gets its code once loaded, and its forms work', async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResponse(400, '/rest/login/verificar'));
    consoleErrors.allow(/route-hints\.js|ERR_FAILED/);
    await page.route(/\/route-hints\.js$/, (route) => route.abort());
    const account = new AccountPage(page);
    await page.goto('/login');
    await expect(page.locator('#remote-mf_account[data-live]')).toBeAttached();
    await account.signInWithPassword(`nadie.${Date.now()}@example.pe`, 'NoEsLaClave1');
    await expect(account.main.getByText('El email o la contraseña no son correctos')).toBeVisible();
  });

  test('English chosen in the stitched header before the shell has started is kept', async ({ page }) => {
    // The shell's code waits until the customer has chosen, in the header as the HTML painted it.
    const release = await holdShellCode(page);
    const shell = new ShellPage(page);
    // Not `open`: the page's load event waits for the held script.
    await page.goto('/libro_reclamaciones', { waitUntil: 'commit' });
    await shell.languageSelect().selectOption('en-EN');
    release();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(/Complaints Book/i);
    await expect(shell.languageSelect()).toHaveValue('en-EN');
    expect(await shell.storedLanguage()).toBe('en-EN');
  });

  test('a customer who switches language while the page still hydrates, the mouse moving over it, gets the page in English and no error', async ({ page }) => {
    const shell = new ShellPage(page);
    // The mouse keeps moving over the page (a customer at a computer) from its first paint: pointer
    // events over a part not hydrated yet make React hydrate it at once.
    let moving = true;
    const move = async () => {
      for (let step = 0; moving; step += 1) {
        await page.mouse.move(200 + (step % 20) * 20, 300 + (step % 7) * 40).catch(() => undefined);
      }
    };
    await page.goto('/', { waitUntil: 'commit' });
    const mouse = move();
    // As soon as the language can be chosen live (the header), while the remote still hydrates.
    await expect(page.locator('#shell-header[data-live]')).toBeAttached();
    await shell.switchLanguage('en-EN');
    await expect(page.locator('#remotes > div[data-live]')).toBeAttached();
    await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(/Travel safely/i);
    await expect(shell.main.getByRole('button', { name: 'Search tickets' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    moving = false;
    await mouse;
    await expect(shell.main.getByText('Buscar pasajes')).toHaveCount(0);
  });

  test("the footer paints from HTML, takes no keystroke there, and the live one replaces it without moving anything", async ({ page }) => {
    await recordLayoutShifts(page);
    const release = await holdShellCode(page);
    const shell = new ShellPage(page);
    await page.goto('/carga/clausulas', { waitUntil: 'commit' });
    const footer = page.locator('#shell-footer');
    const email = footer.getByRole('textbox', { name: 'Tu email' });
    await footer.getByRole('link', { name: 'Cusco' }).scrollIntoViewIfNeeded();
    await expect(email).toBeDisabled();
    await expect(footer.locator('[data-static-footer]')).toHaveCount(1);
    const placeBefore = await email.boundingBox();
    release();
    // Live: one footer, its form usable, in the same place.
    await expect(footer.locator('[data-static-footer]')).toHaveCount(0);
    await expect(footer.locator('footer')).toHaveCount(1);
    await expect(email).toBeEnabled();
    await email.fill('ana@example.pe');
    await expect(email).toHaveValue('ana@example.pe');
    expect(await email.boundingBox()).toEqual(placeBefore);
    await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  });
});
