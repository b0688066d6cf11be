import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Issue 32 item 10, what the remotes' origins send: HSTS, and no source map. The site's origin
 * (server/site-server.ts) sends security-headers.mjs' headers: their tests, and the deploy journey's.
 */
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
async function serve(kind: 'serveCdn', options: Record<string, unknown>): Promise<string> {
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
