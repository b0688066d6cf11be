/**
 * One version's renderer, in a worker thread of its own (renderers.ts): loads its `renderer.cjs`
 * with its folder's public address (where its asset addresses start) and answers `render` and
 * `renderPart` calls (`@rumbo/shared/paint`).
 */
import { PAINT, type RemoteRenderer, type ShellRenderer } from '@rumbo/shared/paint';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerAnswer, WorkerCall, WorkerData } from './renderers';

const { file, publicPath } = workerData as WorkerData;
(globalThis as unknown as Record<string, string>)[PAINT.publicPathGlobal] = publicPath;
const renderer = createRequire(import.meta.url)(file) as Partial<RemoteRenderer & ShellRenderer>;

parentPort!.on('message', async ({ id, method, input }: WorkerCall) => {
  let answer: WorkerAnswer;
  try {
    const call = renderer[method] as ((input: unknown) => Promise<unknown>) | undefined;
    if (typeof call !== 'function') throw new Error(`this renderer has no ${method}`);
    answer = { id, result: await call(input) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
});
