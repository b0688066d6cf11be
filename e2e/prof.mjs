import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.start');
await page.goto(process.argv[2], { waitUntil: 'networkidle' });
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
const self = new Map(); const total = new Map();
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] / 1000;
  const n = byId.get(id); const f = n.callFrame;
  const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
  self.set(key, (self.get(key) || 0) + dt);
  const seen = new Set(); let cur = id;
  while (cur) { const cf = byId.get(cur).callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`; if (!seen.has(k)) { total.set(k, (total.get(k) || 0) + dt); seen.add(k); } cur = parent.get(cur); }
});
import sm from '/work/main/node_modules/.pnpm/source-map@0.6.1/node_modules/source-map/source-map.js';
const { SourceMapConsumer } = sm;
import fs from 'node:fs';
const maps = {};
async function mapOf(url) {
  if (!url.endsWith('.js')) return null;
  if (!(url in maps)) {
    try { const text = await (await fetch(url + '.map')).text(); maps[url] = await new SourceMapConsumer(JSON.parse(text)); } catch { maps[url] = null; }
  }
  return maps[url];
}
const bySource = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i]); const f = n.callFrame; const dt = profile.timeDeltas[i] / 1000;
  let key = f.url ? f.url.split('/').pop() : f.functionName;
  const map = await mapOf(f.url);
  if (map) { const pos = map.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber }); if (pos.source) { key = pos.source.replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(/^webpack:\/\/[^/]*\//, ''); const parts = key.split('/'); key = key.includes('node_modules') || parts[0].startsWith('@') || !key.includes('src') ? (parts[0].startsWith('@') ? parts.slice(0,2).join('/') : parts[0]) + ' :: ' + parts.slice(-1)[0] : key; } }
  bySource.set(key, (bySource.get(key) || 0) + dt);
}
console.log('BY SOURCE\n' + [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms ${k}`).join('\n'));
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms ${k}`).join('\n');

await browser.close();
