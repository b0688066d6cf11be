import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The site server's renderer workers (server/renderers.ts, from its sources, in a process of its
 * own under tsx as the site server runs them): renders given at once are spread over an app's
 * workers, up to the pool's size, the least busy first; one page at a time keeps one worker; a
 * pointer move ends every worker of the old version; a worker that died is replaced.
 */
const RENDERERS = path.resolve(__dirname, '../server/renderers.ts');

/**
 * A renderer that says which thread it runs in; `/espera` waits, `/muere` ends its thread,
 * `/colgada` waits until its caller gives up, and writes so beside its folder.
 */
const RENDERER = `
const { threadId } = require('node:worker_threads');
let together = 0;
let most = 0;
exports.render = async (input, { signal }) => {
  if (input.path === '/cuenta') {
    together += 1;
    most = Math.max(most, together);
    await new Promise((resolve) => setTimeout(resolve, 300));
    together -= 1;
    return { status: 200, head: {}, html: String(most), css: { text: '', ids: [] }, data: {} };
  }
  if (input.path === '/muere') process.exit(1);
  if (input.path === '/colgada') await new Promise((resolve) => signal.addEventListener('abort', () => resolve(require('node:fs').appendFileSync(__dirname + '/../given-up.txt', input.path + '\\n'))));
  if (input.path === '/espera') await new Promise((resolve) => setTimeout(resolve, 800));
  return { status: 200, head: {}, html: String(threadId), css: { text: '', ids: [] }, data: {} };
};`;

const SCRIPT = `
import { readFileSync } from 'node:fs';
const { RendererPool } = await import(process.env.RENDERERS);
const [v1, v2] = [process.env.V1, process.env.V2];
const pool = new RendererPool(3);
const call = (folder, address) => pool.workerFor('mf_test', folder, '/mf_test/').call('render', { path: address }, 20000);
const threads = async (calls) => Promise.all(calls).then((results) => results.map((result) => Number(result.html)));

const atOnce = await threads([1, 2, 3, 4, 5, 6].map(() => call(v1, '/espera')));
const sizeAfterAtOnce = pool.size;
const oneAtATime = [];
for (let i = 0; i < 4; i += 1) oneAtATime.push(...(await threads([call(v1, '/')])));

const caught = (promise) => promise.then(() => 'answered', (error) => error.message);
const inFlight = caught(call(v1, '/espera'));
const moved = await threads([call(v2, '/')]);
const oldRender = await inFlight;
const sizeAfterMove = pool.size;

// A render past its budget: its caller gives up, and the worker is told (it stops working on it).
const pastBudget = await caught(pool.workerFor('mf_test', v2, '/mf_test/').call('render', { path: '/colgada' }, 300));
// The worker hears of it as a message after the caller's failure: read until it has written, a while at most.
const toldOf = () => readFileSync(process.env.V2 + '/../given-up.txt', 'utf8').split('\\n').filter(Boolean);
let givenUp = toldOf();
for (let i = 0; i < 50 && givenUp.length === 0; i += 1) givenUp = await new Promise((resolve) => setTimeout(() => resolve(toldOf()), 100));
// Its answer (after writing so) reaches the pool a moment later: until then that worker is busy, and the next render would start another.
await new Promise((resolve) => setTimeout(resolve, 300));

const died = await caught(call(v2, '/muere'));
const sizeAfterDeath = pool.size;
const afterDeath = await threads([call(v2, '/')]);
await pool.close();

// One worker taking two renders at a time: the others wait their turn, in order; one that could not
// start within its budget (its turn after as many renders as there are before it) is refused at once.
const narrow = new RendererPool(1, 2);
const counted = (address, budget) => narrow.workerFor('mf_test', v1, '/mf_test/').call('render', { path: address }, budget);
const inTurn = await Promise.all([1, 2, 3, 4, 5].map(() => counted('/cuenta', 20000).then((result) => Number(result.html))));
const startedAt = Date.now();
const crowd = await Promise.all(
  [1, 2, 3, 4, 5, 6, 7, 8].map(() =>
    counted('/cuenta', 1000).then(
      () => ({ ms: Date.now() - startedAt }),
      (error) => ({ ms: Date.now() - startedAt, refused: error.message }),
    ),
  ),
);
await narrow.close();
process.stdout.write(JSON.stringify({ atOnce, sizeAfterAtOnce, oneAtATime, moved, oldRender, sizeAfterMove, pastBudget, givenUp, died, sizeAfterDeath, afterDeath, inTurn, crowd }));
`;

let base: string;
beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'rumbo-renderers-'));
  for (const version of ['v1', 'v2']) {
    mkdirSync(path.join(base, version));
    writeFileSync(path.join(base, version, 'renderer.cjs'), RENDERER);
  }
  writeFileSync(path.join(base, 'given-up.txt'), '');
  writeFileSync(path.join(base, 'pool.mjs'), SCRIPT);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

jest.setTimeout(60_000);

test('spreads renders over up to its size of workers, the least busy first; ends the old version on a move; tells a worker of a render past its budget; replaces a dead one', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(base, 'pool.mjs')], {
    cwd: path.resolve(__dirname, '..'),
    env: { ...process.env, RENDERERS, V1: path.join(base, 'v1'), V2: path.join(base, 'v2') },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the pool's process failed (${run.status}):\n${run.stderr}`);
  const seen = JSON.parse(run.stdout) as Record<string, unknown> & { atOnce: number[]; oneAtATime: number[]; moved: number[]; givenUp: string[]; afterDeath: number[] };

  // Six at once: three workers (the pool's size), two renders each.
  const atOnce = new Set(seen.atOnce);
  expect(atOnce.size).toBe(3);
  for (const thread of atOnce) expect(seen.atOnce.filter((each) => each === thread)).toHaveLength(2);
  expect(seen.sizeAfterAtOnce).toBe(3);
  // One at a time: an idle worker takes each, none starts.
  expect(seen.oneAtATime.every((thread) => atOnce.has(thread))).toBe(true);

  // The pointer moved: the old version's workers are ended (a render in one of them with it), a new one renders.
  expect(seen.oldRender).toMatch(/exited|terminated/);
  expect(atOnce.has(seen.moved[0]!)).toBe(false);
  expect(seen.sizeAfterMove).toBe(1);

  // Past its budget: the caller's answer is a failure, and the worker was told to give the render up.
  expect(seen.pastBudget).toMatch(/past its budget/);
  expect(seen.givenUp).toEqual(['/colgada']);

  // A worker that died is dropped; the next render starts another.
  expect(seen.died).toMatch(/exited/);
  expect(seen.sizeAfterDeath).toBe(0);
  expect(seen.afterDeath[0]).not.toBe(seen.moved[0]);
});

test('a worker renders as many at once as it admits; the rest wait their turn; one that cannot start within its budget is refused at once', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(base, 'pool.mjs')], {
    cwd: path.resolve(__dirname, '..'),
    env: { ...process.env, RENDERERS, V1: path.join(base, 'v1'), V2: path.join(base, 'v2') },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the pool's process failed (${run.status}):\n${run.stderr}`);
  const seen = JSON.parse(run.stdout) as { inTurn: number[]; crowd: { ms: number; refused?: string }[] };
  // Five given at once to a worker that admits two: never more than two in it together.
  expect(Math.max(...seen.inTurn)).toBe(2);
  // Eight with a budget of 1 s, each render 0.3 s, two at a time: the first ones rendered, in time;
  // those whose turn would come past the budget refused at once (not after waiting it out).
  const rendered = seen.crowd.filter((each) => !each.refused);
  const refused = seen.crowd.filter((each) => each.refused && /within its budget/.test(each.refused));
  // (How many of each depends on how long the renders took on this machine, so only the bounds.)
  expect(rendered.length).toBeGreaterThanOrEqual(2);
  expect(refused.length).toBeGreaterThanOrEqual(2);
  // Refused before the budget ran out, not after waiting it out.
  for (const each of refused) expect(each.ms).toBeLessThan(1_000);
});
