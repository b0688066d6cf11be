import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The shell's first script is written inline into every page's head by the site server, which has
 * no other way of sending it: its build (`createScriptConfig` with `inline: true`, as
 * shell/webpack.config.mjs builds `route-hints.js`) never gives a text that would end its
 * `<script>` element. The production minifier escapes such text in strings; a build that still
 * holds it (a development build, unminified) fails.
 */
const ROOT = path.resolve(__dirname, '../..');
// Under node_modules: the shared rules leave it to webpack's own parser, and webpack is found from it.
const cache = path.join(__dirname, '../node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(path.join(cache, 'inline-script-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Builds `source` as an inline script; the build's errors, and its output. */
function build(source: string, mode: 'production' | 'development'): { errors: string[]; output?: string } {
  writeFileSync(path.join(dir, 'entry.js'), source);
  const code = `
    import webpack from 'webpack';
    import { createScriptConfig } from ${JSON.stringify(path.join(ROOT, 'webpack.federation.mjs'))};
    const config = createScriptConfig({ dir: ${JSON.stringify(dir)}, name: 'first', entry: './entry.js', dependsOn: 'none', inline: true }, { mode: ${JSON.stringify(mode)} });
    delete config.dependencies;
    webpack(config, (error, stats) => {
      const errors = error ? [error.message] : stats.toJson({ all: false, errors: true }).errors.map((e) => e.message);
      process.stdout.write(JSON.stringify(errors));
    });
  `;
  // A file, not `-e`: the minifier's workers inherit the process's flags, and would run it again.
  const script = path.join(dir, 'build.mjs');
  writeFileSync(script, code);
  const run = spawnSync(process.execPath, [script], { cwd: path.join(ROOT, 'shell'), encoding: 'utf8', timeout: 120_000 });
  const errors = JSON.parse(run.stdout || JSON.stringify([run.stderr])) as string[];
  let output: string | undefined;
  try {
    output = readFileSync(path.join(dir, 'dist/first.js'), 'utf8');
  } catch {
    output = undefined;
  }
  rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
  return { errors, output };
}

const BREAKERS = ['</script><script>alert(1)</script>', '<!-- <script>'];

it('builds a first script that can be inlined, escaping in production what would end its element', () => {
  for (const text of ['a < b', ...BREAKERS]) {
    const { errors, output } = build(`document.title = ${JSON.stringify(text)};\n`, 'production');
    expect(errors).toEqual([]);
    expect(output).toBeDefined();
    expect(output).not.toMatch(/<\/script|<!--/i);
  }
}, 180_000);

it('fails the build of a first script whose text would still end its element or hide its end', () => {
  for (const text of BREAKERS) {
    const { errors } = build(`document.title = ${JSON.stringify(text)};\n`, 'development');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/first\.js is sent inline in every page, and holds "(<\/script|<!--)"/i);
  }
}, 180_000);
