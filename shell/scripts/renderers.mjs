/**
 * The renderers of the versions the registry points at, each in a worker thread of its own
 * (render-worker.mjs): isolated from the site server and from each other (a renderer that loops,
 * leaks or crashes costs only its own area), bounded in memory (`resourceLimits`), and recycled
 * when its pointer moves: the old version's worker is ended, so nothing of it stays in memory.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const WORKER = new URL('./render-worker.mjs', import.meta.url);

/** A renderer's heap: a version's React, Emotion and i18next with its texts fit well within it. */
export const RENDERER_HEAP_MB = 160;

/** A version's renderer file. */
export const RENDERER_FILE = 'renderer.cjs';

class RendererWorker {
  constructor(file, publicPath) {
    this.pending = new Map();
    this.next = 0;
    this.worker = new Worker(WORKER, {
      workerData: { file, publicPath },
      resourceLimits: { maxOldGenerationSizeMb: RENDERER_HEAP_MB },
      // Its logs are the renderer's (no personal data is logged there); its env is not the server's secrets.
      env: {},
    });
    this.worker.on('message', ({ id, result, error }) => {
      const call = this.pending.get(id);
      if (!call) return;
      this.pending.delete(id);
      if (error) call.reject(new Error(error));
      else call.resolve(result);
    });
    const fail = (error) => {
      this.dead = true;
      for (const call of this.pending.values()) call.reject(error instanceof Error ? error : new Error(`renderer exited (${error})`));
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
    // An idle renderer does not keep the server's process alive.
    this.worker.unref();
  }

  /** `method(input)` of the renderer; rejects past `budgetMs` (the call itself runs on, its answer dropped). */
  call(method, input, budgetMs) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`render past its budget (${budgetMs} ms)`));
      }, budgetMs);
      this.pending.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.worker.postMessage({ id, method, input });
    });
  }

  end() {
    this.dead = true;
    return this.worker.terminate();
  }
}

/**
 * One worker per app (the shell and each remote), for the version it was last asked for: asked
 * for another (the pointer moved), the old one is ended and the new one started; one that died
 * (out of memory, a crash) is started again on the next request.
 */
export class RendererPool {
  constructor() {
    this.workers = new Map();
  }

  /** The worker of `app` at its version's folder `folder` (served at `publicPath`), or undefined when that version has no renderer. */
  workerFor(app, folder, publicPath) {
    const file = path.join(folder, RENDERER_FILE);
    const current = this.workers.get(app);
    if (current && current.file === file && !current.worker.dead) return current.worker;
    if (current) void current.worker.end();
    this.workers.delete(app);
    if (!existsSync(file)) return undefined;
    const worker = new RendererWorker(file, publicPath);
    this.workers.set(app, { file, worker });
    return worker;
  }

  /** How many renderers are loaded (the soak checks it stays one per app). */
  get size() {
    return this.workers.size;
  }

  async close() {
    await Promise.all([...this.workers.values()].map(({ worker }) => worker.end()));
    this.workers.clear();
  }
}
