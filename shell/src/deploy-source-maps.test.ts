import { existsSync, mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Issue 32 item 10: source maps are the operator's. A published remote and the installed shell
 * leave them out of the folders the origins serve (a CDN serves a folder as is), and keep them in
 * the deploy's `source-maps` folder, which nothing serves.
 */
const deployDir = mkdtempSync(path.join(tmpdir(), 'rumbo-deploy-'));
const distDir = mkdtempSync(path.join(tmpdir(), 'rumbo-dist-'));
process.env.DEPLOY_DIR = deployDir;
// Read after DEPLOY_DIR is set: the module takes its folders from it as it loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const deploy = require('../scripts/deploy-lib.mjs') as typeof import('../scripts/deploy-lib.mjs');

afterAll(() => {
  rmSync(deployDir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
});

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)).map((f) => `${entry.name}/${f}`) : [entry.name]));

it('publishes a remote without its source maps, kept aside by version', () => {
  for (const [name, text] of Object.entries({ 'mf-manifest.json': '{}', 'remoteEntry.js': 'x()', 'remoteEntry.js.map': '{}', 'assets/a.0123456789.js': 'y()', 'assets/a.0123456789.js.map': '{}' })) {
    mkdirSync(path.dirname(path.join(distDir, name)), { recursive: true });
    writeFileSync(path.join(distDir, name), text);
  }
  const version = deploy.publish('mf_content', distDir);
  const served = path.join(deploy.CDN_DIR, 'mf_content', version);
  expect(files(served).sort()).toEqual(['assets/a.0123456789.js', 'mf-manifest.json', 'remoteEntry.js']);
  const kept = path.join(deploy.SOURCE_MAPS_DIR, 'mf_content', version);
  expect(files(kept).sort()).toEqual(['assets/a.0123456789.js.map', 'remoteEntry.js.map']);
  expect(path.relative(deploy.CDN_DIR, kept).startsWith('..')).toBe(true);
  expect(path.relative(deploy.SHELL_DIR, kept).startsWith('..')).toBe(true);
  expect(existsSync(path.join(served, 'remoteEntry.js.map'))).toBe(false);
});

it("points the shell only at a version with its renderer and its first script, which every page carries inline", () => {
  const shellDist = mkdtempSync(path.join(tmpdir(), 'rumbo-shell-dist-'));
  try {
    for (const [name, text] of Object.entries({ 'mf-manifest.json': '{}', 'main.js': 'x()', 'renderer.cjs': 'exports.render = () => ({})' })) writeFileSync(path.join(shellDist, name), text);
    const without = deploy.publish('shell', shellDist);
    expect(() => deploy.point('shell', without)).toThrow(`shell ${without} is not published`);
    expect(deploy.readRegistry().shell).toBeUndefined();
    writeFileSync(path.join(shellDist, 'route-hints.js'), 'window.first = 1;');
    const complete = deploy.publish('shell', shellDist);
    expect(complete).not.toBe(without);
    expect(deploy.point('shell', complete)).toEqual({ previous: undefined, current: complete });
    expect(deploy.readRegistry().shell).toBe(complete);
  } finally {
    rmSync(shellDist, { recursive: true, force: true });
  }
});
