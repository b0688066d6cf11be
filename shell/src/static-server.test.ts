import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Issue 32 item 10, what the site's servers send: HSTS, a script-src that names a sign-in
 * provider only when the runtime config (config.json) names it, and no source map on the site's
 * or the remotes' origins.
 */
const API = 'http://api.test';
const CDN = 'http://cdn.test';
const HSTS = 'max-age=31536000; includeSubDomains';

const opened: ChildProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(
    opened.map((child) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))))),
  );
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

// The servers are ES modules over Fastify's plugins (some ESM-only): they run in a Node process of their own, as start.mjs runs them.
const SERVER = path.resolve(__dirname, '../scripts/static-server.mjs');
async function serve(kind: 'serveShell' | 'serveCdn', options: Record<string, unknown>): Promise<string> {
  const code = `
    const { ${kind} } = await import(${JSON.stringify(SERVER)});
    const app = await ${kind}({ ...${JSON.stringify(options)}, port: 0, host: '127.0.0.1' });
    process.stdout.write(JSON.stringify({ port: app.server.address().port }) + '\\n');
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  opened.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('{'));
      if (line) resolve(`http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (status) => reject(new Error(`${kind} exited (${status}):\n${output}`)));
  });
}

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'rumbo-static-'));
  folders.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

const MAP = JSON.stringify({ version: 3, sources: ['webpack://shell/./src/secret-logic.ts'], mappings: '' });
const INDEX = '<!doctype html><html><head></head><body>x</body></html>';

async function site(config: Record<string, unknown>) {
  const root = folder({ 'index.html': INDEX, 'config.json': JSON.stringify(config), 'main.js': 'x()', 'main.js.map': MAP, 'chunk.0123456789.js.map': MAP });
  return { root, url: await serve('serveShell', { root, apiOrigin: API, cdnOrigins: [CDN], product: 'rumbo' }) };
}

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1);

describe("the site's origin", () => {
  it('sends HSTS', async () => {
    const { url } = await site({ product: 'rumbo' });
    for (const address of ['/', '/pasajes', '/main.js']) {
      const res = await fetch(url + address);
      expect(res.status).toBe(200);
      expect(res.headers.get('strict-transport-security')).toBe(HSTS);
    }
  });

  it('lists Google and Facebook in script-src only when their ids are configured', async () => {
    const none = (await fetch((await site({ product: 'rumbo' })).url)).headers.get('content-security-policy')!;
    expect(directive(none, 'script-src')).toEqual(["'self'", expect.stringMatching(/^'sha256-/), CDN]);
    expect(none).not.toMatch(/google|facebook/);
    expect(directive(none, 'frame-src')).toEqual(["'none'"]);
    expect(directive(none, 'connect-src')).toEqual(["'self'", API, CDN]);

    const google = (await fetch((await site({ product: 'rumbo', googleClientId: 'id.apps.googleusercontent.com' })).url)).headers.get('content-security-policy')!;
    expect(directive(google, 'script-src')).toContain('https://accounts.google.com');
    expect(directive(google, 'frame-src')).toEqual(['https://accounts.google.com']);
    expect(google).not.toMatch(/facebook/);

    const both = (await fetch((await site({ product: 'rumbo', googleClientId: 'id', facebookAppId: '123' })).url)).headers.get('content-security-policy')!;
    expect(directive(both, 'script-src')).toEqual(expect.arrayContaining(['https://accounts.google.com', 'https://connect.facebook.net']));
  });

  it('follows config.json when a deploy rewrites it', async () => {
    const { root, url } = await site({ product: 'rumbo' });
    expect((await fetch(url)).headers.get('content-security-policy')).not.toMatch(/facebook/);
    // A later modification time than the first read, whatever the file system's resolution.
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(path.join(root, 'config.json'), JSON.stringify({ product: 'rumbo', facebookAppId: '123' }));
    expect(directive((await fetch(url)).headers.get('content-security-policy')!, 'script-src')).toContain('https://connect.facebook.net');
  });

  it('serves no source map', async () => {
    const { url } = await site({ product: 'rumbo' });
    for (const address of ['/main.js.map', '/chunk.0123456789.js.map']) {
      const res = await fetch(url + address);
      expect({ address, status: res.status }).toEqual({ address, status: 404 });
      expect(await res.text()).not.toContain('secret-logic');
    }
  });
});

describe("a remote's (CDN) origin", () => {
  it('sends HSTS and serves no source map', async () => {
    const root = folder({ '1.0.0-abc/remoteEntry.js': 'x()', '1.0.0-abc/remoteEntry.js.map': MAP, '1.0.0-abc/src_a.0123456789.js.map': MAP });
    const url = await serve('serveCdn', { root, allowedOrigins: ['http://site.test'] });
    const entry = await fetch(`${url}/1.0.0-abc/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('strict-transport-security')).toBe(HSTS);
    for (const address of ['/1.0.0-abc/remoteEntry.js.map', '/1.0.0-abc/src_a.0123456789.js.map']) {
      expect({ address, status: (await fetch(url + address)).status }).toEqual({ address, status: 404 });
    }
  });
});
