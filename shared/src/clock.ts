/**
 * The one source of "now" for every rule that depends on the date or time: the trip search's sales
 * window, birth dates, hold timers, the complaint sheet's date. The real clock in production; a
 * test pins it (`setClock`) instead of writing dates that the calendar will one day pass.
 */
export type Now = () => Date;

const machineClock: Now = () => new Date();
let source: Now = machineClock;

export const clock = {
  /** This instant, by the clock in force. */
  now: (): Date => source(),
  /** Milliseconds since the epoch, by the clock in force. */
  ms: (): number => source().getTime(),
};

/**
 * Puts `next` in force: a fixed instant (a `Date` or an ISO string) or a function. Returns what puts
 * the previous clock back. Tests only: the machine's clock is the one a running site keeps.
 */
export function setClock(next: Date | string | Now): () => void {
  const previous = source;
  if (typeof next === 'function') source = next;
  else {
    const fixed = new Date(next).getTime();
    if (Number.isNaN(fixed)) throw new TypeError(`setClock: not an instant: ${String(next)}`);
    source = () => new Date(fixed);
  }
  return () => {
    source = previous;
  };
}
