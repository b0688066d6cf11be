import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { chrome, startSite } from './site.mjs';
const port = 4950;
const child = await startSite(port);
try {
  const browser = await chromium.launch({ executablePath: chrome });
  for (const url of (process.env.PAGES ?? '/').split(',')) {
    const page = await browser.newPage();
    const rows = [];
    page.on('response', async (r) => {
      const t = r.request().resourceType();
      if (t !== 'script') return;
      try { rows.push([r.url(), gzipSync(await r.body(), { level: 9 }).length]); } catch {}
    });
    await page.goto(`http://localhost:${port}${url}`, { waitUntil: 'load' });
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    let total = 0;
    console.log('==', url);
    for (const [u, s] of rows) { total += s; console.log((s / 1024).toFixed(1).padStart(7), u); }
    console.log((total / 1024).toFixed(1).padStart(7), 'TOTAL');
    await page.close();
  }
  await browser.close();
} finally { child.kill('SIGINT'); }
