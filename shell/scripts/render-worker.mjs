/**
 * One version's renderer, in a worker thread of its own (renderers.mjs): loads its `renderer.cjs`
 * with its folder's public address (where its asset addresses start) and answers `render` and
 * `renderPart` calls (`@rumbo/shared/paint`).
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

globalThis.__RUMBO_PUBLIC_PATH__ = workerData.publicPath;
const renderer = createRequire(import.meta.url)(workerData.file);

parentPort.on('message', async ({ id, method, input }) => {
  try {
    if (typeof renderer[method] !== 'function') throw new Error(`this renderer has no ${method}`);
    const result = await renderer[method](input);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
