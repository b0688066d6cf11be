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

/**
 * How many renders a worker works on at once (`RENDERS_PER_WORKER`, else 4): enough for one's
 * loaders to wait on the API while others render. The rest wait their turn in order, here: a
 * worker given every render at once interleaves them all, so under overload every one of them is
 * late together (past its budget: a skeleton, its CPU spent for nothing). `0`: no limit.
 */
export function rendersPerWorker(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.RENDERS_PER_WORKER);
  if (env.RENDERS_PER_WORKER !== undefined && Number.isInteger(asked) && asked >= 0) return asked === 0 ? Number.POSITIVE_INFINITY : asked;
  return 4;
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

/** A call waiting its turn. */
interface Waiting {
  call: WorkerCall;
}

export class RendererWorker {
  private readonly pending = new Map<number, Pending>();
  /** The calls the worker has not answered yet, its callers' budgets past or not. */
  private readonly running = new Set<number>();
  /** The calls waiting their turn, in order. */
  private readonly waiting: Waiting[] = [];
  /** When each running call was sent (its time to answer, `serviceMs`). */
  private readonly sentAt = new Map<number, number>();
  /** How long a call has taken lately, sent to answered (a moving average), once one has. */
  private serviceMs: number | undefined;
  /** When its first answer came: calls sent before waited for the worker to start too, and are not counted. */
  private readyAt: number | undefined;
  private next = 0;
  private readonly worker: Worker;
  dead = false;

  constructor(
    file: string,
    publicPath: string,
    /** How many calls it works on at once (`rendersPerWorker`). */
    private readonly admits = rendersPerWorker(),
  ) {
    this.worker = startWorker({
      workerData: { file, publicPath } satisfies WorkerData,
      resourceLimits: { maxOldGenerationSizeMb: RENDERER_HEAP_MB },
      // Its logs are the renderer's (no personal data is logged there); its env is not the server's secrets.
      env: {},
    });
    this.worker.on('message', ({ id, result, error }: WorkerAnswer) => {
      this.running.delete(id);
      const sent = this.sentAt.get(id);
      this.sentAt.delete(id);
      const now = performance.now();
      this.readyAt ??= now;
      if (sent !== undefined && sent >= this.readyAt) this.serviceMs = this.serviceMs === undefined ? now - sent : 0.7 * this.serviceMs + 0.3 * (now - sent);
      this.startWaiting();
      const call = this.pending.get(id);
      if (!call) return;
      this.pending.delete(id);
      if (error !== undefined) call.reject(new Error(error));
      else call.resolve(result);
    });
    const fail = (error: unknown) => {
      this.dead = true;
      this.running.clear();
      this.waiting.length = 0;
      for (const call of this.pending.values()) call.reject(error instanceof Error ? error : new Error(`renderer exited (${String(error)})`));
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
    // An idle renderer does not keep the server's process alive.
    this.worker.unref();
  }

  /** How many calls it is working on (one past its budget too, until it answers) or has waiting: the pool's measure of busy. */
  get load(): number {
    return this.running.size + this.waiting.length;
  }

  private send(call: WorkerCall): void {
    this.running.add(call.id);
    this.sentAt.set(call.id, performance.now());
    this.worker.postMessage(call);
  }

  /** The next waiting calls, as many as it has room for (one its caller gave up while waiting was dropped). */
  private startWaiting(): void {
    while (this.running.size < this.admits && this.waiting.length > 0) {
      const { call } = this.waiting.shift()!;
      if (this.pending.has(call.id)) this.send(call);
    }
  }

  /**
   * `method(input)` of the renderer; rejects past `budgetMs` (waiting its turn included), and tells
   * the renderer so (its answer, if any, dropped). One whose turn would come too late to be
   * answered within its budget (as many calls before it as are waiting, each taking what calls
   * have taken lately) is refused at once: its caller answers the area's skeleton now, not when
   * the budget has run out, and the worker's time goes to the calls that can still make it.
   */
  call<M extends RendererMethod>(method: M, input: RendererMethods[M]['input'], budgetMs: number): Promise<RendererMethods[M]['result']> {
    const id = this.next++;
    const call = { id, method, input } satisfies WorkerCall;
    if (this.running.size >= this.admits && this.serviceMs !== undefined) {
      const turns = Math.ceil((this.waiting.length + 1) / this.admits);
      if ((turns + 1) * this.serviceMs > budgetMs) return Promise.reject(new Error(`no room to render within its budget (${budgetMs} ms)`));
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        // Told only once it has it: one still waiting is dropped when its turn comes.
        if (this.running.has(id)) this.worker.postMessage({ cancel: id } satisfies WorkerCancel);
        reject(new Error(`render past its budget (${budgetMs} ms)`));
      }, budgetMs);
      this.pending.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value as RendererMethods[M]['result'])),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      if (this.running.size < this.admits) this.send(call);
      else this.waiting.push({ call });
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

  constructor(
    readonly perApp = renderWorkersPerApp(),
    /** How many renders each worker works on at once (`rendersPerWorker`). */
    readonly perWorker = rendersPerWorker(),
  ) {}

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
    const started = new RendererWorker(file, publicPath, this.perWorker);
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
