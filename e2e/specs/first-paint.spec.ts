import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, failedRequest, failedResponse, test, type APIRequestContext } from '../support/test';
import { AccountPage } from '../pages/account.page';
import { CargoPage } from '../pages/cargo.page';
import { ComplaintsPage } from '../pages/complaints.page';
import { ShellPage } from '../pages/shell.page';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';
import { sessionToken, storeSession } from '../support/session';
import { holdShellCode } from '../support/hold-code';
import { SITE } from '../support/site';

/**
 * Every page is rendered by the site server per request (docs/first-paint.md): the route's remote
 * version's renderer, the shell's header and footer around it, in the reader's language and state.
 */
const RENDERED: [path: string, remote: string, heading: RegExp][] = [
  ['/', 'mf_content', /Viaja seguro a 23 destinos del Perú/],
  ['/promociones', 'mf_content', /Promociones/],
  ['/oficina', 'mf_content', /Nuestras agencias/],
  ['/corporativo', 'mf_content', /<h1/],
  ['/destinos/cusco', 'mf_content', /<h1[^>]*>Viaja a Cusco<\/h1>[\s\S]*Terminal Cusco/],
  ['/informacion/terminos-condiciones', 'mf_content', /<h1 id="information-title"[^>]*>Términos y condiciones<\/h1>[\s\S]*29571/],
  ['/informacion/politica-postergacion', 'mf_content', /<h1 id="information-title"/],
  ['/libro_reclamaciones', 'mf_complaints', /Libro de Reclamaciones/],
  ['/cargo', 'mf_cargo', /<h1/],
  ['/cargo/seguimiento', 'mf_cargo', /Seguimiento de envíos/],
  ['/carga/clausulas', 'mf_cargo', /Cláusulas del servicio de carga/],
  ['/cuenta/registro', 'mf_account', /Crear una cuenta/],
  ['/cuenta/recuperar', 'mf_account', /Recuperar mi cuenta/],
  ['/login', 'mf_account', /Iniciar sesión[\s\S]*Ingresar/],
  ['/login?pathname=%2Fmicuenta', 'mf_account', /Iniciar sesión/],
  ['/pasajes?origen=LIM&destino=TRU&fecha=2030-01-01&pasajeros=1', 'mf_booking', /Elige tu viaje de ida/],
];

const LANGUAGE_COOKIE = 'lang-webrumbo';

async function served(request: APIRequestContext, path: string, cookie?: string): Promise<string> {
  const response = await request.get(path, cookie ? { headers: { cookie } } : {});
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** The remote's area in a page (its container up to the footer). */
function area(html: string, remote: string): string {
  const start = html.indexOf(`<div id="remote-${remote}"`);
  return start < 0 ? '' : html.slice(start, html.indexOf('<div id="shell-footer">', start));
}

/** The page's data (`PAINT.data`). */
function pageData(html: string): Record<string, unknown> {
  const text = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)?.[1];
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

test.describe('every page rendered by the site server, per request', () => {
  test("each route: the shell around its remote's render, in Spanish by default, with its CSS, data and island; anonymous pages cacheable", async ({ request }) => {
    for (const [path, remote, first] of RENDERED) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(area(html, remote), `${path}: its area`).toMatch(first);
      expect(html, `${path}: the header`).toContain('aria-label="Navegación principal"');
      expect(html, `${path}: the footer`).toMatch(/<div id="shell-footer">[\s\S]*href="\/informacion\/terminos-condiciones"/);
      expect(html, `${path}: critical CSS`).toMatch(/<style data-emotion="css [^"]+">/);
      expect(html, `${path}: rendered in Spanish`).toMatch(new RegExp(`<div id="remote-${remote}" data-island="(intent|load)" data-language="es-PE">`));
      // No code in the HTML but the shell's first script, inline, which starts it as the island says.
      expect(html, path).not.toMatch(/<script [^>]*src="\/main\.js"/);
      expect(response.headers()['cache-control'], path).toBe('public, max-age=0, s-maxage=60');
      expect(response.headers()['vary'], path).toContain('Cookie');
    }
    // Read and used without code: an intent island; a purchase step starts at once, with its client part.
    // Streamed: the shell's first script is in the head (inline, allowed by its hash in the
    // response's CSP: a cached page holds no nonce), sent before the area; it reads the island
    // from the area's container.
    const complaints = await served(request, '/libro_reclamaciones');
    const firstScript = await (await request.get('/route-hints.js')).text();
    const head = complaints.slice(0, complaints.indexOf('</head>'));
    expect(head).toContain(`<script>${firstScript}</script>`);
    const complaintsCsp = (await request.get('/libro_reclamaciones')).headers()['content-security-policy'];
    expect(complaintsCsp).toContain(`'sha256-${createHash('sha256').update(firstScript).digest('base64')}'`);
    expect(complaints).not.toMatch(/<script nonce=/);
    expect(complaints).not.toContain('src="/route-hints.js"');
    expect(complaints).toContain('<div id="remote-mf_complaints" data-island="intent"');
    const seats = await served(request, '/pasajes/asientos');
    expect(seats).toMatch(/<script id="frame-fill" src="http:\/\/[^"]+\/frame-fill\.js" async[^>]*><\/script>[\s\S]*<div id="remote-mf_booking" data-island="load"/);
    // The data each page hydrates from (its route's loader value, `route`; a named part's, `part:<name>`), asked in the reader's language.
    expect(pageData(await served(request, '/informacion/terminos-condiciones')).route).toMatchObject({ language: 'es-PE', page: { titulo: 'Términos y condiciones' } });
    expect(pageData(await served(request, '/login'))).toEqual({ route: { signInProviders: ['google', 'facebook'] } });
    const home = await served(request, '/');
    // The home page's named part, filled by mf-booking's renderer, with the terminals it hydrates from.
    expect(home).toMatch(/<div data-parcel-slot="trip-search"><div data-build="[^"]+"><div><form [^>]*aria-labelledby="search-widget-title"/);
    expect(pageData(home)['part:trip-search']).toEqual(expect.arrayContaining([expect.objectContaining({ codigo: 'CUZ', ciudad: 'Cusco' })]));
    const cusco = await served(request, '/destinos/cusco');
    expect(pageData(cusco).route).toMatchObject({ language: 'es-PE', answer: { nombre: 'Cusco', codigo: 'CUZ' } });
    expect(cusco).toMatch(/<div data-parcel-slot="trip-search-to" data-slot-key="CUZ"><div data-build="[^"]+"><div><form [\s\S]*?name="destino" value="Cusco \(CUZ\)"/);
    const promotions = await served(request, '/promociones');
    expect(pageData(promotions).route).toMatchObject({ language: 'es-PE', answer: expect.arrayContaining([expect.objectContaining({ cupon: expect.any(String) })]) });
    expect(area(promotions, 'mf_content')).not.toContain('chakra-skeleton');
    // Step 2 whose address names no trip: no seat map asked, and no request described for the browser.
    expect(pageData(seats)).toEqual({});
    // An address whose query the page reads in the browser (a mailed link's token) is the browser's to render.
    expect(await served(request, '/promociones?confirmar=abc')).toContain('<div id="remote-mf_content" data-island="load" data-language="es-PE"></div>');
    expect(await served(request, '/cuenta/recuperar?token=abc')).toContain('<div id="remote-mf_account" data-island="load" data-language="es-PE"></div>');
    // Not found: the shell's not-found page, with a 404. Without compression, the same pages.
    expect((await request.get('/no-existe')).status()).toBe(404);
    const plain = await request.get('/', { headers: { 'accept-encoding': 'identity' } });
    expect(await plain.text()).toContain('<div id="remote-mf_content"');
    // Security headers: a nonce per response (for a signed-in reader's render, never cached), HSTS on the site origin.
    const nonce = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
    const [a, b] = await Promise.all([request.get('/cargo'), request.get('/cargo')]);
    expect(nonce(a.headers()['content-security-policy']!)).toBeTruthy();
    expect(nonce(a.headers()['content-security-policy']!)).not.toBe(nonce(b.headers()['content-security-policy']!));
    expect(a.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(a.headers()['content-security-policy']).toContain('https://accounts.google.com');
  });

  test('an English reader gets HTML in their language; a signed-in reader the page every reader gets, but Mi cuenta with their profile (without a session, sign in first), private', async ({ request }) => {
    const english = await served(request, '/libro_reclamaciones', `${LANGUAGE_COOKIE}=en-EN`);
    expect(english).toMatch(/<html lang="en">/);
    expect(area(english, 'mf_complaints')).toContain('Complaints Book');
    expect(area(english, 'mf_complaints')).not.toContain('Libro de Reclamaciones');
    expect(english).toContain('aria-label="Main navigation"');
    expect(english).toMatch(/<title>[^<]*Complaints/);
    const terms = await served(request, '/informacion/terminos-condiciones', `${LANGUAGE_COOKIE}=en-EN`);
    expect(pageData(terms).route).toMatchObject({ language: 'en-EN' });
    // A cookie with a language the site does not have: Spanish.
    expect(await served(request, '/cargo', `${LANGUAGE_COOKIE}=fr-FR`)).toMatch(/<html lang="es-PE">/);

    const token = await sessionToken();
    // A page every reader shares: the same response for a signed-in reader, nothing of theirs in
    // it; both account buttons, the name's place empty (their browser shows theirs: next test).
    const response = await request.get('/libro_reclamaciones', { headers: { cookie: `token=${token}` } });
    const signedIn = await response.text();
    expect(response.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(signedIn).not.toContain('María');
    expect(signedIn).toMatch(/data-account="out"[^>]*>Acceder</);
    expect(signedIn).toMatch(/<span[^>]*data-account-name=""[^>]*><\/span>/);
    expect(await served(request, '/libro_reclamaciones')).toBe(signedIn);

    // Mi cuenta: rendered with the customer's own profile from their token; a reader without a
    // session the API takes (none, or ended) is sent to sign in by the server, before any code.
    const account = await request.get('/micuenta', { headers: { cookie: `token=${token}` } });
    expect(account.headers()['cache-control']).toBe('private, no-store');
    const mine = area(await account.text(), 'mf_account');
    expect(mine).toContain('demo@rumboandino.pe');
    expect(mine).toMatch(/Hola, María/);
    expect(mine).not.toContain('chakra-skeleton');
    for (const cookie of [undefined, `token=${await sessionToken(undefined, -60)}`]) {
      const away = await request.get('/micuenta/viajes', { maxRedirects: 0, headers: cookie ? { cookie } : {} });
      expect(away.status()).toBe(303);
      expect(away.headers()['location']).toBe('/login?pathname=/micuenta/viajes');
    }
  });

  test('the remote and the shell hydrate the HTML: nothing painted again, nothing moves, and it works (Spanish and English readers)', async ({ page, context }) => {
    await recordLayoutShifts(page);
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __rendered: Element | null }).__rendered = document.querySelector('[id^="remote-"] > [data-build]');
      }),
    );
    const shell = new ShellPage(page);
    const live: [string, () => Promise<void>][] = [
      ['/', () => expect(shell.main.getByRole('button', { name: 'Buscar pasajes' })).toBeVisible()],
      ['/libro_reclamaciones', () => expect(shell.main.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible()],
      ['/informacion/terminos-condiciones', () => expect(shell.main.getByTestId('information-body')).toContainText('29571')],
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
    for (const language of ['es-PE', 'en-EN'] as const) {
      // English: only the cookie (storage cleared, or another device's choice): the page hydrates in it all the same.
      await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: SITE.siteUrl }]);
      for (const [path, isLive] of live) {
        if (language === 'en-EN' && path === '/cargo/seguimiento') continue;
        await shell.open(path);
        await expect(page.locator('#remotes > div[data-live]')).toBeAttached();
        if (language === 'es-PE') await isLive();
        await expect(page.locator('#remotes form:not([data-live])')).toHaveCount(0);
        await expect(page.locator('[id^="remote-"] > [data-build]')).toHaveCount(1);
        expect(await page.evaluate(() => (window as unknown as { __rendered: Element | null }).__rendered?.isConnected), `${language} ${path}: hydrated`).toBe(true);
        expect(await page.locator('html').getAttribute('lang'), path).toBe(language === 'en-EN' ? 'en' : 'es-PE');
        await page.waitForLoadState('networkidle');
        expect(await layoutShift(page), `${language} ${path}: layout shift`).toBeLessThanOrEqual(0.01);
      }
    }
  });

  test('a language switch loads the page again in the new language, from its first frame (header, main and footer), keeps what was typed, and the choice reaches the server as a cookie', async ({ page, context }) => {
    const shell = new ShellPage(page);
    const book = new ComplaintsPage(page);
    // Every frame of every page from here on: the language of the header, the main area and the footer.
    await page.addInitScript(() => {
      const frames: string[] = [];
      (window as unknown as { __frames: string[] }).__frames = frames;
      const sample = () => {
        // Once the page has its main heading and its footer (streamed after the header).
        if (document.querySelector('main h1') && document.querySelector('#shell-footer h2')) {
          const header = document.querySelector('#shell-header nav')?.getAttribute('aria-label') === 'Main navigation' ? 'en' : 'es';
          const main = document.querySelector('main h1')?.textContent?.includes('Complaints') ? 'en' : 'es';
          const footer = [...document.querySelectorAll('#shell-footer h2')].some((heading) => heading.textContent === 'Contact us') ? 'en' : 'es';
          frames.push(`${header}|${main}|${footer}`);
        }
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await book.openBook();
    // Typed before the switch: kept for the page loaded again, and its form told (not only its screen).
    await book.field('paterno').fill('Quispe');
    await book.field('detalle').fill('El bus salió dos horas tarde');
    await shell.switchLanguage('en-EN');
    await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(/Complaints Book/i);
    await expect(page.locator('#shell-footer').getByRole('heading', { name: 'Contact us' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames.filter((frame) => frame !== 'en|en|en')), 'frames not all in English').toEqual([]);
    expect((await context.cookies()).find((cookie) => cookie.name === LANGUAGE_COOKIE)?.value).toBe('en-EN');
    await expect(book.field('paterno')).toHaveValue('Quispe');
    await expect(book.field('detalle')).toHaveValue('El bus salió dos horas tarde');
    await book.submit();
    // Nine messages, not eleven: the surname and the detail were handed to the form's state.
    await expect(book.errorSummary().getByRole('listitem')).toHaveCount(9);
    await expect(book.errorSummary()).not.toContainText('paternal surname');
    await expect(book.errorSummary()).not.toContainText('Complete the detail');
    await expect(page.locator('#remotes > div[data-live]')).toBeAttached();
  });

  test("a signed-in reader is greeted from the first frame of the page every reader gets (the name from their browser's session), and the live header keeps every place", async ({ page }) => {
    await recordLayoutShifts(page);
    const documents: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'document') documents.push(await response.text());
    });
    // What the first frame with the header's account button shows (a frame callback runs just before it is drawn).
    await page.addInitScript(() => {
      const check = () => {
        const name = document.querySelector('#shell-header [data-account-name]');
        if (!name) return void requestAnimationFrame(check);
        const shown = (selector: string) => getComputedStyle(document.querySelector(selector)!).display !== 'none';
        (window as unknown as { __firstFrame: unknown }).__firstFrame = { acceder: shown('#shell-header [data-account="out"]'), signedIn: shown('#shell-header [data-account="in"]'), name: name.textContent };
      };
      requestAnimationFrame(check);
    });
    await storeSession(page, { token: await sessionToken(), customer: { name: 'maría elena' }, expiresAt: Date.now() + 3_600_000 });
    const release = await holdShellCode(page);
    // The first page after signing in: no cookie needed, the header reads the browser's session.
    await page.goto('/carga/clausulas', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => (window as unknown as { __firstFrame?: unknown }).__firstFrame);
    expect(await page.evaluate(() => (window as unknown as { __firstFrame: unknown }).__firstFrame)).toEqual({ acceder: false, signedIn: true, name: 'María' });
    expect(documents.at(-1)).not.toContain('María');
    release();
    const shell = new ShellPage(page);
    await page.mouse.move(5, 5);
    await expect(page.locator('#shell-header [data-account]')).toHaveCount(0);
    await expect(shell.accountButton).toHaveText('María');
    await page.waitForLoadState('networkidle');
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  });
});

test.describe('code starts per island; input before it is kept', () => {
  test('a page where nothing waits for data paints first and asks for no code until the customer acts; the complaints book shows today from its HTML', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).split('-');
    for (const path of ['/cuenta/recuperar', '/', '/libro_reclamaciones']) {
      const asked: string[] = [];
      const onRequest = (request: { resourceType(): string; url(): string }) => {
        if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
      };
      page.on('request', onRequest);
      await page.goto(path);
      if (path === '/libro_reclamaciones') await expect(page.getByRole('region', { name: 'Datos del proveedor' })).toContainText(`${d}/${m}/${y}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      // Not even a file of the shell's: its first script is in the page (the site server inlines it).
      expect(asked, path).toEqual([]);
      await page.mouse.move(200, 200);
      await expect(page.locator('#remotes > div[data-live]')).toBeAttached();
      await expect(page.locator('#remotes form[data-live]').first()).toBeAttached();
      await expect(page.locator('#remotes form:not([data-live])')).toHaveCount(0);
      const paintedAt = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity);
      const codeAt = await page.evaluate(() => performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/main.js'))?.startTime ?? -1);
      expect(codeAt, `${path}: code after the first paint`).toBeGreaterThan(paintedAt);
      page.off('request', onRequest);
      await page.mouse.move(0, 0);
    }
  });

  test('typed and sent before the code is live: the focus, the text and the submit are kept, never in the address, and through a failed load and "try again"', async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResponse(400, '/rest/login/verificar'));
    const account = new AccountPage(page);
    // Sent before the code: held by the page's first script (in its head, so before any field
    // exists), never sent by the browser with its fields in the address, and sent once live.
    const releaseLogin = await holdShellCode(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('clave=')) sent.push(request.url());
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await account.signInWithPassword(`nadie.${Date.now()}@example.pe`, 'NoEsLaClave1');
    await expect(account.field('correo')).toHaveValue(/nadie\./);
    expect(new URL(page.url()).pathname).toBe('/login');
    releaseLogin();
    await expect(page.locator('#remote-mf_account[data-live]')).toBeAttached();
    await expect(account.main.getByText('El email o la contraseña no son correctos')).toBeVisible();
    expect(sent).toEqual([]);
    expect(new URL(page.url()).search).toBe('');
    await page.unrouteAll();

    // While the code downloads: typing keeps its focus, a submit is sent once live.
    const release = await holdShellCode(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await account.field('correo').click();
    await page.keyboard.type('ana@');
    release();
    await expect(page.locator('#remotes > div[data-live]')).toBeAttached();
    await page.keyboard.type('example.pe');
    await expect(account.field('correo')).toBeFocused();
    await expect(account.field('correo')).toHaveValue('ana@example.pe');
    await page.unrouteAll();

    const releaseCargo = await holdShellCode(page);
    await page.goto('/cargo/seguimiento', { waitUntil: 'commit' });
    const cargo = new CargoPage(page);
    await cargo.track('ra48213907');
    releaseCargo();
    await expect(cargo.main.getByRole('heading', { name: 'Envío RA48213907' })).toBeVisible();
    // The page's own address for the shipment it found (written once live), not the form's native
    // submit, which would have loaded a page with what was typed (`ra48213907`).
    expect(new URL(page.url()).search).toBe('?codigo=RA48213907');
    await page.unrouteAll();

    // Typed while the remote's code cannot load: still there after "try again", and searched then.
    consoleErrors.allow(failedRequest('/mf-manifest.json'));
    consoleErrors.allow(failedRequest('/remoteEntry.js'));
    consoleErrors.allow(/died in status LOADING_SOURCE_CODE/);
    let down = true;
    await page.route(/:\d+\/[^/]+\/mf-manifest\.json$|remoteEntry\.js$/, async (route) => {
      if (down && route.request().url().startsWith(`${SITE.remoteOrigin(4)}/`)) return route.abort('connectionrefused');
      return route.continue();
    });
    const shell = new ShellPage(page);
    await page.goto('/cargo/seguimiento');
    const code = cargo.codeField();
    await code.fill('RA48213907');
    await expect(shell.remoteError()).toContainText('Esta sección no se pudo cargar');
    await expect(code).toHaveValue('RA48213907');
    down = false;
    await shell.remoteError().getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect(shell.remoteError()).toHaveCount(0);
    await expect(page.locator('#remote-mf_cargo[data-live]')).toBeAttached();
    await expect(code).toHaveValue('RA48213907');
    await cargo.main.getByRole('button', { name: 'Buscar envío' }).click();
    await expect(cargo.main.getByRole('heading', { name: 'Envío RA48213907' })).toBeVisible();
  });
});

test.describe('a renderer that fails costs only its area', { tag: '@registry' }, () => {
  const ROOT = path.resolve(__dirname, '../..');
  const deploy = (...args: string[]) =>
    execFileSync(process.execPath, [path.join(ROOT, 'shell/scripts/deploy.mjs'), ...args], { env: { ...process.env, DEPLOY_DIR: SITE.deployDir }, encoding: 'utf8' }).trim();
  const registry = () => JSON.parse(readFileSync(path.join(SITE.deployDir, 'shell/remotes.json'), 'utf8')) as Record<string, string>;

  /** mf-complaints' live build with its renderer replaced by `renderer`, published and pointed at. */
  function pointAtBrokenRenderer(renderer: string): string {
    const live = registry().mf_complaints!.split('/').at(-2)!;
    const copy = mkdtempSync(path.join(tmpdir(), 'mf-complaints-broken-'));
    cpSync(path.join(SITE.deployDir, 'cdn/mf_complaints', live), copy, { recursive: true });
    writeFileSync(path.join(copy, 'renderer.cjs'), renderer);
    deploy('point', 'mf_complaints', deploy('publish', 'mf_complaints', copy));
    return live;
  }

  test("one that throws, or is slower than its budget: the page comes with the shell and the area's sized skeleton, the browser renders it, never a 500", async ({ page, request }) => {
    test.setTimeout(90_000);
    for (const renderer of [
      'exports.render = async () => { throw new Error("broken on purpose"); };',
      'exports.render = () => new Promise(() => undefined);',
    ]) {
      const live = pointAtBrokenRenderer(renderer);
      try {
        const response = await request.get('/libro_reclamaciones');
        expect(response.status()).toBe(200);
        const html = await response.text();
        expect(html).toContain('aria-label="Navegación principal"');
        expect(html).toContain('<div id="remote-mf_complaints" data-island="load" data-language="es-PE"></div>');
        expect(html).toContain('href="/informacion/terminos-condiciones"');
        // Its skeleton holds the area's place (CSS of the empty area), and the browser renders the book.
        const shell = new ShellPage(page);
        await page.goto('/libro_reclamaciones');
        await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText('Libro de Reclamaciones');
        // Other remotes' pages are untouched.
        expect(await served(request, '/cargo')).toMatch(/<div id="remote-mf_cargo" data-island="intent" data-language="es-PE"><div data-build/);
      } finally {
        deploy('point', 'mf_complaints', live);
      }
      // Pointed back: rendered by the server again.
      expect(area(await served(request, '/libro_reclamaciones'), 'mf_complaints')).toContain('Libro de Reclamaciones');
    }
  });
});
