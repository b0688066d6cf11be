import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The site server (server/site-server.ts, from its sources) around renderers of its own making: the page is
 * streamed (head and header before the area's loaders have answered), each response has its own
 * nonce around a cached render, a renderer that throws or is slow costs only its area, and the
 * status is the route table's (docs/first-paint.md, "Streaming").
 */
const opened: ChildProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(
    opened.map((child) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))))),
  );
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const SERVER = path.resolve(__dirname, '../server/site-server.ts');
const CDN = 'http://cdn.test';
/** How long the slow page's loader takes. */
const SLOW_MS = 1500;
const BUDGET_MS = 2500;

/**
 * The shell's renderer: `/no-existe` belongs to no remote (404), any other address to `mf_test`;
 * `/mia` is for signed-in readers only (a token 'caducado' the API no longer takes). Given a
 * session, its header names the reader ("de Rosa"): a render for one reader, which a page every
 * reader shares must never be.
 */
const SHELL_RENDERER = `
exports.render = async (input) => (input.path === '/mia' && (!input.session || input.session.token === 'caducado')) ? {
  status: 303, redirect: '/login?pathname=/mia', head: {}, html: '', css: { text: '', ids: [] }, data: {}, footer: { html: '' }, remote: 'mf_test', personal: true,
} : ({
  status: input.path === '/no-existe' ? 404 : 200,
  head: { title: 'Título ' + input.path },
  html: '<header>Cabecera ' + input.language + (input.session ? ' de Rosa' : '') + '</header>',
  css: { text: '', ids: [] },
  data: {},
  footer: { html: '<footer>Pie</footer>' },
  remote: input.path === '/no-existe' ? undefined : 'mf_test',
  // The signed-in reader's profile, asked (here: taken) with their token for the header.
  user: input.session ? { nombres: 'Rosa', token: input.session.token } : undefined,
  // Pages of the reader's own (Mi cuenta's, in the real route table).
  personal: ['/perfil', '/revelada', '/mia'].includes(input.path),
  globalCss: 'body{}',
});`;

/** The owner of the named part `trip-search`: fails its first call (late, broken), then fills it. */
const PART_RENDERER = `
let calls = 0;
exports.render = async () => ({ status: 200, head: {}, html: '', css: { text: '', ids: [] }, data: {} });
exports.renderPart = async () => {
  calls += 1;
  if (calls === 1) throw new Error('late');
  return { status: 200, head: {}, html: '<form>Buscar</form>', css: { text: '', ids: [] }, data: {} };
};`;

/** The remote's: its "loader" takes `SLOW_MS` on `/lenta`, forever on `/colgada`; `/rota` throws. */
const REMOTE_RENDERER = `
let renders = 0;
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
exports.render = async (input) => {
  if (input.path === '/rota') throw new Error('broken');
  if (input.path === '/lenta') await wait(${SLOW_MS});
  if (input.path === '/colgada') await wait(60000);
  renders += 1;
  const host = '<p>Anfitrión</p><div data-parcel-slot="trip-search"></div>';
  // As React writes a boundary it reveals by script: under the nonce it was given, if any.
  if (input.path === '/revelada') return { status: 200, head: {}, html: '<p>Revelada</p>' + (input.nonce ? '<script nonce="' + input.nonce + '">revelar()</script>' : ''), css: { text: '', ids: [] }, data: {}, island: 'intent' };
  if (input.path === '/perfil' || input.path === '/mia') return { status: 200, head: {}, html: '<p>Perfil de ' + (input.profile ? input.profile.nombres + ' (' + input.profile.token + ')' : 'nadie') + '</p>', css: { text: '', ids: [] }, data: {}, island: 'intent' };
  if (input.path === '/con-parte') return { status: 200, head: {}, html: host, css: { text: '', ids: [] }, data: {}, parts: [{ name: 'trip-search', props: {}, at: host.indexOf('</div>') }], island: 'intent' };
  return { status: 200, head: {}, html: '<p>Área ' + input.path + ' #' + renders + '</p>', css: { text: '', ids: [] }, data: { answer: 42 }, island: 'intent' };
};`;

/** The shell's first script (route-hints.js in its version's folder). */
const FIRST_SCRIPT = 'window.firstScript = 1 < 2;';
/** The shell version's index.html: the page as the browser draws it. */
const SHELL_INDEX = '<!doctype html><title>Rumbo</title><script src="/route-hints.js" defer></script>';

function site(): { base: string; root: string; cdnDir: string } {
  const base = mkdtempSync(path.join(tmpdir(), 'rumbo-site-'));
  folders.push(base);
  const files: Record<string, string> = {
    'root/config.json': JSON.stringify({ product: 'rumbo', apiBaseUrl: 'http://127.0.0.1:9/' }),
    'root/remotes.json': JSON.stringify({ shell: '1.0.0', mf_test: `${CDN}/1.0.0/mf-manifest.json`, mf_booking: `${CDN}/2.0.0/mf-manifest.json` }),
    'root/index.html': '<!doctype html><title>offline</title>',
    'cdn/shell/1.0.0/renderer.cjs': SHELL_RENDERER,
    'cdn/shell/1.0.0/route-hints.js': FIRST_SCRIPT,
    'cdn/shell/1.0.0/index.html': SHELL_INDEX,
    'cdn/mf_test/1.0.0/renderer.cjs': REMOTE_RENDERER,
    'cdn/mf_booking/2.0.0/renderer.cjs': PART_RENDERER,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(base, name)), { recursive: true });
    writeFileSync(path.join(base, name), text);
  }
  return { base, root: path.join(base, 'root'), cdnDir: path.join(base, 'cdn') };
}

let origin: Promise<string> | undefined;
/** The served site's folders. */
let served: { root: string; cdnDir: string };
function serve(): Promise<string> {
  origin ??= (async () => {
    const { base, root, cdnDir } = site();
    served = { root, cdnDir };
    const code = `
      const { serveSite } = await import(${JSON.stringify(SERVER)});
      const app = await serveSite(${JSON.stringify({ root, cdnDir, apiOrigin: 'http://api.test', cdnOrigins: [CDN] }).replace(/}$/, ", port: 0, host: '127.0.0.1' }")});
      process.stdout.write(JSON.stringify({ port: app.server.address().port }) + '\\n');
      process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
    `;
    // A file, not `-e`: the renderers' worker threads inherit the process's flags (tsx's, which
    // runs the sources).
    const script = path.join(base, 'serve.mjs');
    writeFileSync(script, code);
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: path.resolve(__dirname, '..'), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RENDER_BUDGET_MS: String(BUDGET_MS) } });
    opened.push(child);
    let output = '';
    let listening = false;
    return new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((text) => text.startsWith('{'));
        // Once the shell's and the area's workers have started (the sources are compiled as they
        // load, under tsx): what is timed below is the streaming, not a worker's start.
        if (line && !listening) {
          listening = true;
          const site = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
          resolve(fetch(`${site}/calentar`).then((page) => page.text()).then(() => site));
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString(), process.env.DEBUG_SITE && process.stderr.write(chunk)));
      child.once('exit', (status) => reject(new Error(`site server exited (${status}):\n${output}`)));
    });
  })();
  return origin;
}

interface Page {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  html: string;
  /** Milliseconds from the request to the first decoded bytes holding the header, and to the end. */
  headerAt: number;
  endAt: number;
  /** The body's bytes as sent (before decoding). */
  sentBytes: number;
}

/** GETs `address` as a browser does (brotli, else `encoding`), timing when the header's bytes and the end arrive, decoded. */
async function get(address: string, encoding = 'br, gzip', headers: Record<string, string> = {}): Promise<Page> {
  const url = new URL(address, await serve());
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { 'accept-encoding': encoding, ...headers } }, (response) => {
      let sentBytes = 0;
      response.on('data', (chunk: Buffer) => (sentBytes += chunk.length));
      const coding = response.headers['content-encoding'];
      const decoded = coding === 'br' ? response.pipe(zlib.createBrotliDecompress()) : coding === 'gzip' ? response.pipe(zlib.createGunzip()) : response;
      let html = '';
      let headerAt = -1;
      decoded.on('data', (chunk: Buffer) => {
        html += chunk.toString('utf8');
        if (headerAt < 0 && html.includes('</header>')) headerAt = Date.now() - started;
      });
      decoded.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, html, headerAt, endAt: Date.now() - started, sentBytes }));
      decoded.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const nonceOf = (page: Page) => /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];

/** The page's inline scripts its own CSP would not run: neither under its nonce nor of a hash it names. */
function blockedScripts(page: Page): string[] {
  const scriptSrc = String(page.headers['content-security-policy']).split(';').find((directive) => directive.startsWith('script-src ')) ?? '';
  const allowed = new Set(scriptSrc.split(' ').slice(1));
  return [...page.html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|type="application\/json"/.test(attributes!))
    .filter(([, attributes, text]) => {
      const nonce = /\bnonce="([^"]*)"/.exec(attributes!)?.[1];
      if (nonce !== undefined && allowed.has(`'nonce-${nonce}'`)) return false;
      return !allowed.has(`'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
    })
    .map(([script]) => script!);
}

jest.setTimeout(30_000);

describe('the site server streams each page around its area', () => {
  it('sends the head and the header before a slow loader has answered, then the area, the footer and the data', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const page = await get(`/lenta?vez=${encoding}`, encoding);
      expect(page.status).toBe(200);
      expect(page.headerAt).toBeGreaterThanOrEqual(0);
      expect({ encoding, headerAt: page.headerAt < (SLOW_MS * 2) / 3 }).toEqual({ encoding, headerAt: true });
      expect(page.endAt).toBeGreaterThanOrEqual(SLOW_MS);
      expect(page.html).toMatch(/^<!doctype html><html lang="es-PE"><head>[\s\S]*<title>Título \/lenta<\/title>[\s\S]*<\/head><body data-language="es-PE"><div id="shell-header"><header>/);
      expect(page.html).toMatch(/<div id="remote-mf_test" data-island="intent" data-language="es-PE"><p>Área \/lenta #\d+<\/p><\/div>[\s\S]*<footer>Pie<\/footer>[\s\S]*<script type="application\/json" id="page-data">\{"answer":42\}<\/script>/);
      expect(page.headers['vary']).toBe('Cookie, Accept-Encoding');
      expect(page.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    }
  });

  it('keeps an anonymous render in its cache, around which each response has its own nonce', async () => {
    const first = await get('/rapida');
    const second = await get('/rapida');
    expect(second.html).toContain('<p>Área /rapida #');
    expect(/#(\d+)/.exec(second.html)?.[1]).toBe(/#(\d+)/.exec(first.html)?.[1]);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(nonceOf(first)).toBeTruthy();
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    // The shell's first script runs by its hash in each response's CSP: nothing cached names a nonce.
    expect(second.html).toContain(`<script>${FIRST_SCRIPT}</script>`);
    expect(blockedScripts(second)).toEqual([]);
    expect(second.html).not.toContain(nonceOf(first));
  });

  it("gives a second reader of a cached page no script under the first reader's nonce: every inline script runs under its own response's CSP", async () => {
    const first = await get('/revelada');
    const second = await get('/revelada');
    expect(second.html).toContain('<p>Revelada</p>');
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(blockedScripts(first)).toEqual([]);
    expect(blockedScripts(second)).toEqual([]);
    expect(second.html).not.toContain(nonceOf(first));
    // A signed-in reader's page is never cached: React's scripts there carry that response's nonce.
    for (const _ of [1, 2]) {
      const signedIn = await get('/revelada', 'br', { cookie: 'token=abc' });
      expect(signedIn.headers['cache-control']).toBe('private, no-store');
      expect(signedIn.html).toContain(`<script nonce="${nonceOf(signedIn)}">revelar()</script>`);
      expect(blockedScripts(signedIn)).toEqual([]);
    }
  });

  it("gives the area's renderer the profile the shell's renderer asked for a signed-in reader: a page of the customer's own asks it once", async () => {
    expect((await get('/perfil', 'br', { cookie: 'token=abc' })).html).toContain('<p>Perfil de Rosa (abc)</p>');
    expect((await get('/perfil', 'br', { cookie: 'token=xyz' })).html).toContain('<p>Perfil de Rosa (xyz)</p>');
    expect((await get('/perfil')).html).toContain('<p>Perfil de nadie</p>');
  });

  it('sends a signed-in reader of a page every reader shares the same page, from the same cache: no render of theirs, no compression, public', async () => {
    const anonymous = await get('/compartida');
    const area = /<p>Área \/compartida #\d+<\/p>/.exec(anonymous.html)?.[0];
    expect(area).toBeTruthy();
    for (const token of ['abc', 'xyz']) {
      for (const encoding of ['br', 'gzip']) {
        const signedIn = await get('/compartida', encoding, { cookie: `token=${token}; lang-webrumbo=es-PE` });
        // The very page the anonymous reader got (its area's render number included): neither the
        // shell nor the area rendered for this reader (the shell's would name them), nothing of theirs in it.
        expect(signedIn.html).toBe(anonymous.html);
        expect(signedIn.html).not.toContain('de Rosa');
        expect(signedIn.html).not.toContain(token);
        // Sent from the kept bytes, as compressed once (a stream compressed now has no length).
        expect(signedIn.headers['content-encoding']).toBe(encoding);
        expect(signedIn.headers['content-length']).toBe(String(signedIn.sentBytes));
        expect(signedIn.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
        expect(signedIn.headers['vary']).toBe('Cookie, Accept-Encoding');
      }
    }
    // A signed-in reader first on a page: rendered as every reader's, and kept for all of them.
    const first = await get('/compartida-primero', 'br', { cookie: 'token=abc' });
    expect(first.html).not.toContain('de Rosa');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const after = await get('/compartida-primero');
    expect(after.html).toBe(first.html);
    expect(after.headers['content-length']).toBe(String(after.sentBytes));
  });

  it("never sends a page of a reader's own from the shared cache, nor keeps one there: one reader's data never reaches another", async () => {
    // An anonymous render of the address first: it is no one's, and must not answer a signed-in reader either.
    expect((await get('/perfil')).html).toContain('<p>Perfil de nadie</p>');
    for (const round of [1, 2]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const rosa = await get('/perfil', encoding, { cookie: 'token=abc' });
        const other = await get('/perfil', encoding, { cookie: 'token=xyz' });
        const nobody = await get('/perfil', encoding);
        expect({ round, encoding, rosa: rosa.html.includes('<p>Perfil de Rosa (abc)</p>') }).toEqual({ round, encoding, rosa: true });
        expect(other.html).toContain('<p>Perfil de Rosa (xyz)</p>');
        expect(other.html).not.toContain('abc');
        expect(nobody.html).not.toMatch(/abc|xyz|de Rosa/);
        for (const own of [rosa, other]) {
          expect(own.headers['cache-control']).toBe('private, no-store');
          // Rendered now for this reader (streamed: no length), not sent from kept bytes.
          expect(own.headers['content-length']).toBeUndefined();
        }
      }
    }
  });

  it('sends a reader without a session the API takes to sign in from a page for signed-in readers, before any byte; the signed-in reader gets theirs', async () => {
    for (const cookie of [undefined, 'token=caducado']) {
      const away = await get('/mia', 'br', cookie ? { cookie } : {});
      expect(away.status).toBe(303);
      expect(away.headers['location']).toBe('/login?pathname=/mia');
      expect(away.headers['cache-control']).toBe('private, no-store');
      expect(away.html).toBe('');
    }
    const mine = await get('/mia', 'br', { cookie: 'token=abc' });
    expect(mine.status).toBe(200);
    expect(mine.html).toContain('<p>Perfil de Rosa (abc)</p>');
    // Asked again without a session right after: still away, not the signed-in reader's page.
    expect((await get('/mia')).status).toBe(303);
  });

  it('keeps a cached page compressed per encoding: a hit is sent whole, with its length, in the encoding the reader accepts', async () => {
    const filled = await get('/comprimida');
    for (const encoding of ['br', 'gzip', 'identity', 'br, gzip', 'gzip;q=1, br;q=0']) {
      const page = await get('/comprimida', encoding);
      const expected = encoding.startsWith('br') ? 'br' : encoding.startsWith('gzip') ? 'gzip' : undefined;
      expect({ encoding, coding: page.headers['content-encoding'] }).toEqual({ encoding, coding: expected });
      expect(page.headers['vary']).toBe('Cookie, Accept-Encoding');
      // Sent from a buffer (a stream compressed now would be chunked, without a length).
      expect({ encoding, length: page.headers['content-length'] }).toEqual({ encoding, length: String(page.sentBytes) });
      expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
      expect(page.status).toBe(200);
      // The same page the first reader got, whose render it is.
      expect(page.html).toBe(filled.html);
      expect(blockedScripts(page)).toEqual([]);
    }
  });

  it("runs the shell's first script inline in the head, by its hash in each response's CSP, as its version's file now says; never names it as a file", async () => {
    const page = await get('/primera');
    const head = page.html.slice(0, page.html.indexOf('</head>'));
    expect(head).toContain(`<script>${FIRST_SCRIPT}</script>`);
    expect(blockedScripts(page)).toEqual([]);
    expect(page.html).not.toContain('src="/route-hints.js"');
    // A new build of the same version's file (a redeploy of the folder): read again.
    const file = path.join(served.cdnDir, 'shell/1.0.0/route-hints.js');
    try {
      writeFileSync(file, 'window.firstScript = 2;');
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      expect((await get('/primera')).html).toContain('>window.firstScript = 2;</script>');
      // A text that would end its element (the build refuses it): never inlined, never named; the
      // page is the one a failed shell render gets, the shell's index.html.
      writeFileSync(file, 'window.text = "</script><script>alert(1)</script>";');
      utimesSync(file, new Date(), new Date(Date.now() + 10000));
      const refused = await get('/primera');
      expect(refused.html).not.toContain('alert(1)');
      expect(refused.html).toBe(SHELL_INDEX);
      // A version without the file: the same.
      rmSync(file);
      expect((await get('/primera')).html).toBe(SHELL_INDEX);
    } finally {
      writeFileSync(file, FIRST_SCRIPT);
      utimesSync(file, new Date(), new Date(Date.now() + 15000));
    }
    expect((await get('/primera')).html).toContain(`>${FIRST_SCRIPT}</script>`);
  });

  it("fills another remote's named part; a render whose part failed is sent, not kept", async () => {
    const without = await get('/con-parte');
    expect(without.html).toContain('<p>Anfitrión</p><div data-parcel-slot="trip-search"></div>');
    const whole = await get('/con-parte');
    expect(whole.html).toContain('<p>Anfitrión</p><div data-parcel-slot="trip-search"><form>Buscar</form></div>');
    expect((await get('/con-parte')).html).toContain('<form>Buscar</form>');
  });

  it('gives a renderer that throws, or one past its budget, its area empty (its skeleton), never a 500', async () => {
    const broken = await get('/rota');
    expect(broken.status).toBe(200);
    expect(broken.html).toContain('<div id="remote-mf_test" data-island="load" data-language="es-PE"></div>');
    expect(broken.html).toContain('<footer>Pie</footer>');
    const hung = await get('/colgada');
    expect(hung.status).toBe(200);
    expect(hung.headerAt).toBeLessThan(BUDGET_MS / 2);
    expect(hung.endAt).toBeGreaterThanOrEqual(BUDGET_MS);
    expect(hung.html).toContain('<div id="remote-mf_test" data-island="load" data-language="es-PE"></div>');
  });

  it('issue 45: answers hostile addresses, cookies and headers with a page or a 4xx, never a 5xx', async () => {
    const paths = [
      '/%', '/%E0%A4%A', '/%00', '/%FF%FE', '/..%2F..%2Fetc%2Fpasswd', '/./../', '/%2F%2Fevil.example/', `/${'a'.repeat(8000)}`,
      '/pasajes?origen=%', '/pasajes?fecha=%00&origen=LIM', '/pasajes?origen[]=LIM&origen=CUZ', '/pasajes?__proto__[x]=1',
      '/micuenta/%2e%2e/', '/destinos/%F0%9F%98%80', '/libro_reclamaciones?<script>=1', '/?' + 'x='.repeat(2000),
    ];
    const headerSets: Record<string, string>[] = [
      {},
      { cookie: 'token=%; lang-webrumbo=%E0' },
      { cookie: `token=${'a.'.repeat(3000)}` },
      { cookie: 'token=eyJhbGciOiJub25lIn0.e30.; lang-webrumbo=xx-XX' },
      { 'accept-language': '*;q=x, en-EN;q=2, ;;;' },
      { 'accept-language': 'a'.repeat(4000) },
      { 'if-none-match': 'W/"x", *, "', 'x-forwarded-for': 'not an address' },
    ];
    const statuses: string[] = [];
    for (const address of paths) {
      for (const headers of headerSets) {
        const page = await get(address, 'br, gzip', headers).catch((error: Error) => ({ status: 0, error }));
        if (page.status === 0 || page.status >= 500) statuses.push(`${page.status} ${address.slice(0, 60)} ${JSON.stringify(headers).slice(0, 60)} ${'error' in page ? page.error.message : ''}`);
      }
    }
    expect(statuses).toEqual([]);
  });

  it("sends the route table's status: an address no route owns is a 404, streamed like any page", async () => {
    const missing = await get('/no-existe');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<header>Cabecera es-PE</header>');
    expect(missing.html).toContain('<footer>Pie</footer>');
    expect(missing.html).not.toContain('remote-mf_test');
  });
});
