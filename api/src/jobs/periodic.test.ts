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

  // The schedule itself, on Jest's clock (timers and performance.now()): exact, whatever the machine's load.
  describe('on a fake clock', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('idle, backs off from intervalMs to idleIntervalMs; a busy run brings it back; wake runs it within intervalMs of the last run', async () => {
      let busy = false;
      const started: number[] = [];
      const job = periodicJob({ name: 'test', intervalMs: 20, idleIntervalMs: 1_000, busy: (did: boolean) => did, log: quiet, run: async () => {
        started.push(performance.now());
        return busy;
      } });
      const t0 = performance.now();
      job.start();
      await jest.advanceTimersByTimeAsync(2_500);
      // Without the back-off: 2500 / 20 = 125 runs. With it: 20, 40, 80, 160, 320, 640, then 1000 ms apart.
      expect(started.map((at) => at - t0)).toEqual([20, 60, 140, 300, 620, 1260, 2260]);

      // Woken while waiting a second: the next run follows intervalMs after the last one ended.
      const woken = performance.now();
      job.wake();
      await jest.advanceTimersByTimeAsync(200);
      const afterWake = started.filter((at) => at >= woken).map((at) => at - started[6]!);
      // 20 ms after the last run (already past: at once); that run found nothing, so it backs off
      // again from the interval: 40, then 80 ms.
      expect(afterWake).toEqual([240, 280, 360]);

      // Busy runs keep the interval.
      busy = true;
      job.wake();
      const from = performance.now();
      await jest.advanceTimersByTimeAsync(200);
      const busyGaps = started.filter((at) => at > from).map((at, i, all) => (i === 0 ? undefined : at - all[i - 1]!)).slice(1);
      expect(busyGaps.length).toBeGreaterThanOrEqual(8);
      expect(new Set(busyGaps)).toEqual(new Set([20]));

      await job.stop();
      job.wake();
      const stoppedAt = started.length;
      await jest.advanceTimersByTimeAsync(5_000);
      expect(started.length).toBe(stoppedAt);
    });

    it('a wake during a run: the next run follows intervalMs after it, even if that run found nothing', async () => {
      const started: number[] = [];
      let wakeInRun = false;
      const job = periodicJob({ name: 'test', intervalMs: 50, idleIntervalMs: 5_000, busy: (did: boolean) => did, log: quiet, run: async () => {
        started.push(performance.now());
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (wakeInRun) {
          wakeInRun = false;
          job.wake();
        }
        return false;
      } });
      job.start();
      await jest.advanceTimersByTimeAsync(1_700);
      // Idle by now: 50, 100, 200, 400, 800 ms apart (each after a 30 ms run), the next 1.6 s after the last.
      const idleRuns = started.length;
      expect(idleRuns).toBe(5);
      wakeInRun = true;
      job.wake();
      await jest.advanceTimersByTimeAsync(180);
      // The woken run, and 50 ms after it ended the one it asked for while running (not 100 ms: the
      // back-off restarts after that one).
      expect(started.length).toBe(idleRuns + 2);
      expect(started.at(-1)! - started.at(-2)!).toBe(30 + 50);
      await job.stop();
    });
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
