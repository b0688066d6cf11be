#!/usr/bin/env node
/**
 * Issue 33, figures 5 and 6: Lighthouse mobile (median of BENCH_RUNS, 3) of every page below for
 * three readers: Spanish (no choice made), English (chose English: the language cookie and the
 * local-storage key, as the language switch leaves them) and signed in (the demo customer: the
 * spec's `token` cookie and `auth_storage`, as a sign-in leaves them). Beside each page, in the
 * same run and for the same reader, the limit: the same response with its scripts forbidden
 * (a proxy in front of the site that forwards every request as is and, on the page's own
 * response, replaces the Content-Security-Policy by `script-src 'none'`; the HTML is not touched).
 * Figure 5 is LCP ÷ that limit's LCP; figure 6 the score and TBT.
 *
 * Prints a table; writes bench-results/readers.json. Run after the builds exist (`pnpm build`).
 * BENCH_READERS=es,en,signed-in and BENCH_PAGES=/,… narrow it; BENCH_REPORTS=<folder> keeps reports.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lighthouseRun } from './lighthouse.mjs';
import { limaDate, median, RUNS, startSite } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 4700);
const site = `http://localhost:${port}`;
const apiUrl = `http://localhost:${port + 1}`;
const limitPort = port + 60;

const PAGES = process.env.BENCH_PAGES?.split(',') ?? [
  '/',
  '/libro_reclamaciones',
  '/informacion/terminos-condiciones',
  `/pasajes?origen=LIM&destino=AQP&fecha=${limaDate(1)}&pasajeros=1`,
  '/micuenta',
];
const READERS = process.env.BENCH_READERS?.split(',') ?? ['es', 'en', 'signed-in'];
// The demo customer's published sign-in (api/src/accounts/accounts.seed.ts; `npm start` turns it on).
const DEMO = { correo: 'demo@rumboandino.pe', clave: 'RumboDemo2026' };

/**
 * The limit: every request forwarded to the site unchanged; the page's own response (a document)
 * keeps its bytes and headers but its CSP, which becomes `script-src 'none'`: the browser paints
 * the same HTML with the same styles, fonts and pictures and runs none of its scripts.
 */
const limit = createServer((incoming, outgoing) => {
  const upstream = httpRequest(
    { host: '127.0.0.1', port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, host: `localhost:${port}` } },
    (answer) => {
      const headers = { ...answer.headers };
      if (String(headers['content-type'] ?? '').startsWith('text/html')) headers['content-security-policy'] = "script-src 'none'";
      outgoing.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(outgoing);
    },
  );
  upstream.on('error', () => outgoing.writeHead(502).end());
  incoming.pipe(upstream);
});

/** What a reader's browser holds before the page is asked: cookies (the server reads) and local storage (the code reads). */
async function readerState(reader) {
  if (reader === 'es') return { cookies: [], local: {} };
  if (reader === 'en') return { cookies: [{ name: 'lang-webrumbo', value: 'en-EN' }], local: { 'lang-webrumbo': 'en-EN' } };
  const response = await fetch(`${apiUrl}/rest/login/verificar`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) });
  const body = await response.json();
  if (!response.ok || !body.data?.token) throw new Error(`the demo customer could not sign in: HTTP ${response.status}`);
  const token = body.data.token;
  const expiresAt = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp * 1000;
  const session = Buffer.from(JSON.stringify({ token, customer: null, expiresAt })).toString('base64');
  return { cookies: [{ name: 'token', value: token }], local: { auth_storage: session } };
}

/**
 * Asks the page once as the reader, so both runs of a pair find the site server's cache as the
 * other did (an anonymous render is reused for `CACHE_SECONDS`): otherwise the first run of a page
 * waits for its render and the limit after it is served from the cache.
 */
async function warm(url, { cookies }) {
  const response = await fetch(url, { headers: cookies.length ? { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } : {} });
  await response.arrayBuffer();
}

const medianOf = (runs) => ({
  score: median(runs.map((r) => r.score)),
  lcpMs: Math.round(median(runs.map((r) => r.lcp))),
  tbtMs: Math.round(median(runs.map((r) => r.tbt))),
  scores: runs.map((r) => r.score),
});

await new Promise((resolve) => limit.listen(limitPort, '127.0.0.1', resolve));
const siteProcess = await startSite(port);
const results = [];
try {
  for (const reader of READERS) {
    const state = await readerState(reader);
    for (const pathname of PAGES) {
      const page = [];
      const noJs = [];
      // Interleaved: the page and its limit see the same moments of the machine's load.
      for (let i = 0; i < RUNS; i++) {
        await warm(site + pathname, state);
        page.push(await lighthouseRun(site + pathname, state));
        noJs.push(await lighthouseRun(`http://localhost:${limitPort}${pathname}`, state));
      }
      const r = { reader, page: pathname, ...medianOf(page), limit: medianOf(noJs) };
      r.lcpRatio = Number((r.lcpMs / r.limit.lcpMs).toFixed(2));
      results.push(r);
      console.log(`${reader} ${pathname}: ${r.score} LCP ${r.lcpMs} ms TBT ${r.tbtMs} ms; no JS ${r.limit.score} LCP ${r.limit.lcpMs} ms; ratio ${r.lcpRatio}`);
    }
  }
} finally {
  siteProcess.kill('SIGTERM');
  limit.close();
}

console.log('reader'.padEnd(10), 'page'.padEnd(48), 'perf'.padStart(5), 'LCP ms'.padStart(7), 'TBT ms'.padStart(7), 'no-JS LCP'.padStart(10), 'ratio'.padStart(6));
for (const r of results) {
  console.log(r.reader.padEnd(10), r.page.slice(0, 48).padEnd(48), String(r.score).padStart(5), String(r.lcpMs).padStart(7), String(r.tbtMs).padStart(7), String(r.limit.lcpMs).padStart(10), String(r.lcpRatio).padStart(6));
}
mkdirSync(path.join(here, '../bench-results'), { recursive: true });
writeFileSync(path.join(here, '../bench-results/readers.json'), JSON.stringify({ runs: RUNS, results }, null, 2) + '\n');
