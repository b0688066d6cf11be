import { periodicJob } from './periodic';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { error: () => undefined };

describe('a periodic job', () => {
  it('runs every intervalMs after the last run ended, one at a time, and stop waits for the run in progress', async () => {
    let runs = 0;
    let inFlight = 0;
    let most = 0;
    const job = periodicJob({ name: 'test', intervalMs: 20, log: quiet, run: async () => {
      runs += 1;
      inFlight += 1;
      most = Math.max(most, inFlight);
      await sleep(30);
      inFlight -= 1;
    } });
    job.start();
    await sleep(400);
    await job.stop();
    expect(inFlight).toBe(0);
    expect(most).toBe(1);
    // About 400 / (20 + 30) = 8 runs; fewer on a busy machine, never more.
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(8);
    const after = runs;
    await sleep(100);
    expect(runs).toBe(after);
  });

  it('idle, backs off from intervalMs to idleIntervalMs; a busy run brings it back; wake runs it within intervalMs of the last run', async () => {
    let busy = false;
    const started: number[] = [];
    const job = periodicJob({ name: 'test', intervalMs: 20, idleIntervalMs: 1_000, busy: (did: boolean) => did, log: quiet, run: async () => {
      started.push(performance.now());
      return busy;
    } });
    job.start();
    await sleep(1_500);
    // Without the back-off: 1500 / 20 = 75 runs. With it: 20, 40, 80, 160, 320, 640, then 1000 ms apart.
    const idleRuns = started.length;
    expect(idleRuns).toBeGreaterThanOrEqual(3);
    expect(idleRuns).toBeLessThanOrEqual(8);

    // Woken while waiting up to a second: the next run follows within about intervalMs.
    const woken = performance.now();
    job.wake();
    await sleep(150);
    const afterWake = started.filter((at) => at >= woken);
    expect(afterWake.length).toBeGreaterThanOrEqual(1);
    expect(afterWake[0]! - woken).toBeLessThan(120);
    // Then idle again, it backs off again (20 ms after a run that found something, doubling after one that did not).
    expect(afterWake.length).toBeLessThanOrEqual(3);

    // Busy runs keep the interval.
    busy = true;
    job.wake();
    await sleep(300);
    const busyRuns = started.filter((at) => at > woken + 150).length;
    expect(busyRuns).toBeGreaterThanOrEqual(4);
    await job.stop();
    job.wake();
    const stoppedAt = started.length;
    await sleep(100);
    expect(started.length).toBe(stoppedAt);
  });

  it('a wake during a run: the next run follows intervalMs after it, even if that run found nothing', async () => {
    const started: number[] = [];
    let wakeInRun = false;
    const job = periodicJob({ name: 'test', intervalMs: 50, idleIntervalMs: 5_000, busy: (did: boolean) => did, log: quiet, run: async () => {
      started.push(performance.now());
      await sleep(30);
      if (wakeInRun) {
        wakeInRun = false;
        job.wake();
      }
      return false;
    } });
    job.start();
    await sleep(1_700);
    // Idle by now: 50, 100, 200, 400, 800 ms apart (each after a 30 ms run), the next 1.6 s after the last.
    const idleRuns = started.length;
    wakeInRun = true;
    job.wake();
    await sleep(180);
    // The woken run, and 50 ms after it the one it asked for while running (not 100 ms: the back-off restarts after that one).
    expect(started.length).toBe(idleRuns + 2);
    expect(started.at(-1)! - started.at(-2)!).toBeLessThan(100);
    await job.stop();
  });

  it('a failed run is logged and the loop goes on', async () => {
    const errors: string[] = [];
    let runs = 0;
    const job = periodicJob({ name: 'failing', intervalMs: 10, log: { error: (message) => errors.push(message) }, run: async () => {
      runs += 1;
      throw new Error('boom');
    } });
    job.start();
    await sleep(200);
    await job.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(errors[0]).toBe('failing: boom');
  });
});
