/**
 * A job every API instance runs on a timer (the mail outbox, the vouchers' outbox, the reminders, the push outbox):
 * one run at a time, the next `intervalMs` after the last ended, a failed run logged and the loop
 * going on. `stop` waits for a run in progress. What each run does once across instances is the
 * job's own business (its rows are claimed in PostgreSQL).
 *
 * With `idleIntervalMs`, a run that found nothing to do (`busy` says so from its result) doubles
 * the wait before the next one, up to `idleIntervalMs`; a run that did something brings it back
 * to `intervalMs`. Every instance polls, so an idle fleet's polls grow with its instances; the
 * back-off keeps them few, and `wake` (something to do has just been committed in this process)
 * brings the next run forward to `intervalMs` after the last one ended (at once when that is past;
 * after the run in progress when one is running), so work is not kept waiting by the back-off.
 */
export interface PeriodicJob {
  start(): void;
  /** Stops the loop and waits for a run in progress; `onStop` (before the wait) lets a run end early. */
  stop(): Promise<void>;
  /** Something to do: the next run within `intervalMs` of the last one's end, whatever the back-off. */
  wake(): void;
}

export function periodicJob<R = unknown>(options: {
  name: string;
  intervalMs: number;
  /** The longest wait after runs that found nothing (`busy` false); unset: always `intervalMs`. */
  idleIntervalMs?: number;
  /** Whether a run's result means it found something to do (default: always). */
  busy?: (result: R) => boolean;
  log: { error(message: string): void };
  run: () => Promise<R>;
  onStop?: () => void;
}): PeriodicJob {
  const { name, intervalMs, idleIntervalMs, busy = () => true, log, run, onStop } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let inRun = false;
  let stopped = true;
  /** The wait before the next run. */
  let delay = intervalMs;
  /** When the last run ended (performance.now()). */
  let lastEnded = performance.now();
  /** Woken during a run: the next one after `intervalMs`, whatever that run found. */
  let wokenInRun = false;
  /** When the pending timer fires (performance.now()). */
  let dueAt = 0;

  function fire() {
    timer = undefined;
    inRun = true;
    wokenInRun = false;
    running = run()
      .then(
        (result) => {
          delay = idleIntervalMs === undefined || busy(result) ? intervalMs : Math.min(Math.max(delay, intervalMs) * 2, idleIntervalMs);
        },
        (error: unknown) => {
          delay = intervalMs;
          log.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        },
      )
      .finally(() => {
        inRun = false;
        lastEnded = performance.now();
        if (wokenInRun) delay = intervalMs;
        schedule(delay);
      });
  }

  function schedule(wait: number) {
    if (stopped) return;
    clearTimeout(timer);
    dueAt = performance.now() + Math.max(0, wait);
    timer = setTimeout(fire, Math.max(0, wait));
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      delay = intervalMs;
      schedule(intervalMs);
    },
    async stop() {
      stopped = true;
      onStop?.();
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
    wake() {
      if (stopped) return;
      if (inRun) {
        wokenInRun = true;
        return;
      }
      delay = intervalMs;
      // Only ever sooner: a timer already due within intervalMs of the last run stays as it is.
      const at = lastEnded + intervalMs;
      if (timer === undefined || at < dueAt) schedule(at - performance.now());
    },
  };
}
