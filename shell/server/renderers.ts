/**
 * The renderers of the versions the registry points at, in worker threads (render-worker.ts):
 * isolated from the site server and from each other (a renderer that loops, leaks or crashes
 * costs only its own area), bounded in memory (`resourceLimits`), and recycled when their pointer
 * moves: the old version's workers are ended, so nothing of it stays in memory. An app has up to
 * one worker per core (`renderWorkersPerApp`), each taking many renders at once (they interleave
 * while they wait, `@rumbo/shared/server`); a render goes to the least busy.
 */
import type { PartInput, RenderInput, RenderResult, ShellResult } from '@rumbo/shared/paint';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

/**
 * How many renderer workers an app may have: `RENDER_WORKERS`, else one per core the process may
 * use (`os.availableParallelism()`): renders are CPU work, more threads than cores would only
 * take turns.
 */
export function renderWorkersPerApp(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.RENDER_WORKERS);
  return Number.isInteger(asked) && asked > 0 ? asked : availableParallelism();
}

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
/** The caller has given call `cancel` up (past its budget): the renderer is told (`RenderOptions.signal`). */
export interface WorkerCancel {
  cancel: number;
}
export type WorkerAnswer = { id: number; result: unknown; error?: undefined } | { id: number; error: string; result?: undefined };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class RendererWorker {
  private readonly pending = new Map<number, Pending>();
  /** The calls the worker has not answered yet, its callers' budgets past or not. */
  private readonly running = new Set<number>();
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
      this.running.delete(id);
      const call = this.pending.get(id);
      if (!call) return;
      this.pending.delete(id);
      if (error !== undefined) call.reject(new Error(error));
      else call.resolve(result);
    });
    const fail = (error: unknown) => {
      this.dead = true;
      this.running.clear();
      for (const call of this.pending.values()) call.reject(error instanceof Error ? error : new Error(`renderer exited (${String(error)})`));
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
    // An idle renderer does not keep the server's process alive.
    this.worker.unref();
  }

  /** How many calls it is working on (one past its budget too, until it answers): the pool's measure of busy. */
  get load(): number {
    return this.running.size;
  }

  /** `method(input)` of the renderer; rejects past `budgetMs`, and tells the renderer so (its answer, if any, dropped). */
  call<M extends RendererMethod>(method: M, input: RendererMethods[M]['input'], budgetMs: number): Promise<RendererMethods[M]['result']> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.worker.postMessage({ cancel: id } satisfies WorkerCancel);
        reject(new Error(`render past its budget (${budgetMs} ms)`));
      }, budgetMs);
      this.pending.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value as RendererMethods[M]['result'])),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.running.add(id);
      this.worker.postMessage({ id, method, input } satisfies WorkerCall);
    });
  }

  end(): Promise<number> {
    this.dead = true;
    return this.worker.terminate();
  }
}

/**
 * Each app's workers (the shell's and each remote's), for the version it was last asked for:
 * asked for another (the pointer moved), the old version's are all ended and the new one's
 * started. A render goes to the least busy worker; when every one is busy, another starts, up to
 * `perApp` (an app read one page at a time keeps one). One that died (out of memory, a crash) is
 * dropped, and another starts in its place when one is needed.
 */
export class RendererPool {
  private readonly apps = new Map<string, { file: string; workers: RendererWorker[] }>();

  constructor(readonly perApp = renderWorkersPerApp()) {}

  /** The worker of `app` at its version's folder `folder` (served at `publicPath`) to give a render to, or undefined when that version has no renderer. */
  workerFor(app: string, folder: string, publicPath: string): RendererWorker | undefined {
    const file = path.join(folder, RENDERER_FILE);
    let current = this.apps.get(app);
    if (current && current.file !== file) {
      for (const worker of current.workers) void worker.end();
      this.apps.delete(app);
      current = undefined;
    }
    if (!current) {
      if (!existsSync(file)) return undefined;
      current = { file, workers: [] };
      this.apps.set(app, current);
    }
    current.workers = current.workers.filter((worker) => !worker.dead);
    const idlest = current.workers.reduce<RendererWorker | undefined>((best, worker) => (!best || worker.load < best.load ? worker : best), undefined);
    if (idlest && (idlest.load === 0 || current.workers.length >= this.perApp)) return idlest;
    const started = new RendererWorker(file, publicPath);
    current.workers.push(started);
    return started;
  }

  /** How many renderer workers are loaded, every app's (the soak checks an old version's do not stay). */
  get size(): number {
    let count = 0;
    for (const { workers } of this.apps.values()) count += workers.filter((worker) => !worker.dead).length;
    return count;
  }

  async close(): Promise<void> {
    await Promise.all([...this.apps.values()].flatMap(({ workers }) => workers.map((worker) => worker.end())));
    this.apps.clear();
  }
}
