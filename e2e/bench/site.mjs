/**
 * What the page benchmarks share: the composed site started from the builds on its own ports,
 * folders and embedded database (as `npm start` serves it), Lima dates and the median.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** A date (YYYY-MM-DD) `days` after today in Lima. */
export function limaDate(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Starts the whole site with the site on `port`, the API on `port + 1`, remotes from `port + 101`. */
export async function startSite(port) {
  const work = mkdtempSync(path.join(tmpdir(), 'rumbo-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'shell/scripts/start.mjs')], {
    env: {
      ...process.env,
      SITE_PORT: String(port),
      API_PORT: String(port + 1),
      CDN_PORT: String(port + 100),
      DEPLOY_DIR: path.join(work, 'deploy'),
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => chunk.toString().includes('Site:') && resolve());
    child.on('exit', (code) => reject(new Error(`site exited with ${code}`)));
  });
  // Where it deploys (render-bench points a remote back and forth).
  child.deployDir = path.join(work, 'deploy');
  return child;
}

/**
 * The page's inline scripts that ran (its first script, React's streamed ones), gzip bytes each,
 * keyed `<page> inline #n`: JavaScript the page runs as surely as a file's, counted with them.
 */
export async function inlineScriptSizes(page) {
  const texts = await page.evaluate(() =>
    [...globalThis.document.scripts].filter((script) => !script.src && ['', 'text/javascript', 'module'].includes(script.type)).map((script) => script.text),
  );
  const url = page.url();
  return texts.map((text, i) => [`${url} inline #${i + 1}`, gzipSync(Buffer.from(text), { level: 9 }).length]);
}
