/**
 * A job every API instance runs on a timer (the mail outbox, the vouchers' outbox, the reminders, the push outbox):
 * one run at a time, the next `intervalMs` after the last ended, a failed run logged and the loop
 * going on. `stop` waits for a run in progress. What each run does once across instances is the
 * job's own business (its rows are claimed in PostgreSQL).
 */
export interface PeriodicJob {
  start(): void;
  /** Stops the loop and waits for a run in progress; `onStop` (before the wait) lets a run end early. */
  stop(): Promise<void>;
}

export function periodicJob(options: {
  name: string;
  intervalMs: number;
  log: { error(message: string): void };
  run: () => Promise<unknown>;
  onStop?: () => void;
}): PeriodicJob {
  const { name, intervalMs, log, run, onStop } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run()
        .catch((error: unknown) => log.error(`${name}: ${error instanceof Error ? error.message : String(error)}`))
        .finally(schedule);
    }, intervalMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      onStop?.();
      clearTimeout(timer);
      await running;
    },
  };
}
