/**
 * One version's renderer, in one of its app's worker threads (renderers.ts): loads its
 * `renderer.cjs` with its folder's public address (where its asset addresses start) and answers
 * `render` and `renderPart` calls (`@rumbo/shared/paint`), many at once; a call its caller has
 * given up (past its budget) is told so through its `signal`.
 */
import { PAINT, type RemoteRenderer, type RenderOptions, type ShellRenderer } from '@rumbo/shared/paint';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerAnswer, WorkerCall, WorkerCancel, WorkerData } from './renderers';

const { file, publicPath } = workerData as WorkerData;
(globalThis as unknown as Record<string, string>)[PAINT.publicPathGlobal] = publicPath;
const renderer = createRequire(import.meta.url)(file) as Partial<RemoteRenderer & ShellRenderer>;

/** The calls in hand, each with what tells it its caller has given it up (`RenderOptions.signal`). */
const inHand = new Map<number, AbortController>();

parentPort!.on('message', async (message: WorkerCall | WorkerCancel) => {
  if ('cancel' in message) return inHand.get(message.cancel)?.abort();
  const { id, method, input } = message;
  const givenUp = new AbortController();
  inHand.set(id, givenUp);
  let answer: WorkerAnswer;
  try {
    const call = renderer[method] as ((input: unknown, options: RenderOptions) => Promise<unknown>) | undefined;
    if (typeof call !== 'function') throw new Error(`this renderer has no ${method}`);
    answer = { id, result: await call(input, { signal: givenUp.signal }) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  } finally {
    inHand.delete(id);
  }
  parentPort!.postMessage(answer);
});
