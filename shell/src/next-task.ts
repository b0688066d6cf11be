interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a new task, so the browser can paint and handle input in between: start-up work
 * split at these points runs as several short tasks instead of one long one.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
