/**
 * The renderers of the versions the registry points at, each in a worker thread of its own
 * (render-worker.ts): isolated from the site server and from each other (a renderer that loops,
 * leaks or crashes costs only its own area), bounded in memory (`resourceLimits`), and recycled
 * when its pointer moves: the old version's worker is ended, so nothing of it stays in memory.
 */
import type { PartInput, RenderInput, RenderResult, ShellResult } from '@rumbo/shared/paint';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The worker's module beside this one as it runs: `render-worker.mjs` from the build
 * (shell/server/dist, `pnpm run build`), or `render-worker.ts` from the sources (the tests, under
 * tsx), which a worker thread on Node 20 cannot load with its parent's hooks: it imports it with tsx's.
 */
const WORKER = new URL(`./render-worker${path.extname(new URL(import.meta.url).pathname)}`, import.meta.url);

function startWorker(options: WorkerOptions): Worker {
  if (!WORKER.pathname.endsWith('.ts')) return new Worker(WORKER, options);
  const load = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(WORKER.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(load, { ...options, eval: true });
}

/** A renderer's heap: a version's React, Emotion and i18next with its texts fit well within it. */
export const RENDERER_HEAP_MB = 160;

/** A version's renderer file. */
export const RENDERER_FILE = 'renderer.cjs';

/** What a worker is started with. */
export interface WorkerData {
  file: string;
  publicPath: string;
}

/** A renderer's methods, with what each is given and answers. */
export interface RendererMethods {
  render: { input: RenderInput; result: RenderResult | ShellResult };
  renderPart: { input: PartInput; result: RenderResult };
}
export type RendererMethod = keyof RendererMethods;

/** A call to a worker, and its answer. */
export interface WorkerCall {
  id: number;
  method: RendererMethod;
  input: unknown;
}
export type WorkerAnswer = { id: number; result: unknown; error?: undefined } | { id: number; error: string; result?: undefined };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class RendererWorker {
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private readonly worker: Worker;
  dead = false;

  constructor(file: string, publicPath: string) {
    this.worker = startWorker({
      workerData: { file, publicPath } satisfies WorkerData,
      resourceLimits: { maxOldGenerationSizeMb: RENDERER_HEAP_MB },
      // Its logs are the renderer's (no personal data is logged there); its env is not the server's secrets.
      env: {},
    });
    this.worker.on('message', ({ id, result, error }: WorkerAnswer) => {
      const call = this.pending.get(id);
      if (!call) return;
      this.pending.delete(id);
      if (error !== undefined) call.reject(new Error(error));
      else call.resolve(result);
    });
    const fail = (error: unknown) => {
      this.dead = true;
      for (const call of this.pending.values()) call.reject(error instanceof Error ? error : new Error(`renderer exited (${String(error)})`));
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
    // An idle renderer does not keep the server's process alive.
    this.worker.unref();
  }

  /** `method(input)` of the renderer; rejects past `budgetMs` (the call itself runs on, its answer dropped). */
  call<M extends RendererMethod>(method: M, input: RendererMethods[M]['input'], budgetMs: number): Promise<RendererMethods[M]['result']> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`render past its budget (${budgetMs} ms)`));
      }, budgetMs);
      this.pending.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value as RendererMethods[M]['result'])),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.worker.postMessage({ id, method, input } satisfies WorkerCall);
    });
  }

  end(): Promise<number> {
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
  private readonly workers = new Map<string, { file: string; worker: RendererWorker }>();

  /** The worker of `app` at its version's folder `folder` (served at `publicPath`), or undefined when that version has no renderer. */
  workerFor(app: string, folder: string, publicPath: string): RendererWorker | undefined {
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
  get size(): number {
    return this.workers.size;
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers.values()].map(({ worker }) => worker.end()));
    this.workers.clear();
  }
}
