import { LRUCache } from 'lru-cache';

/**
 * Where an answer of the search came from: `database` (this request ran the query), `shared` (it
 * waited for an identical search's query already running), `cached` (an identical search's answer
 * of less than `ttlMs` ago).
 */
export type AnswerSource = 'database' | 'shared' | 'cached';

/**
 * Issue 44, "search at peak": a rush is many customers asking the same route-day at once. Each
 * instance answers identical searches with one query (single-flight) and keeps the answer
 * `ttlMs` after the database gave it, so a route-day's searches cost one query per `ttlMs` per
 * instance however many customers ask. The free seats shown may be that stale: the seat map and
 * the hold read the database and refuse a seat taken meanwhile (docs/decisions.md, "Search at
 * peak"). A failed query is not kept (the next search asks again). `ttlMs` 0: no cache, no sharing.
 *
 * The key must hold everything the answer depends on: the callers key on the whole parsed input
 * (the handlers read nothing else of the request: no language, no header, no session).
 */
export interface AnswerCache {
  readonly ttlMs: number;
  /** The answer to `input` of `kind`: a fresh one kept, the one being read, or `load()`'s. */
  answer<T extends object>(kind: string, input: object, load: () => Promise<T>): Promise<T>;
}

export interface AnswerCacheOptions {
  ttlMs: number;
  /** Route-days kept at most (the least recently asked go first). */
  max?: number;
  /** Counts each answer by where it came from (the metrics' `rumbo_trip_search_answers_total`). */
  count?: (kind: string, source: AnswerSource) => void;
  /** A test's clock, in ms; the machine's monotonic clock by default (a wall clock set back must not keep answers). */
  clock?: () => number;
}

/** The cache key of an input: its fields in a fixed order, so two spellings of one search are one key. */
export function keyOf(kind: string, input: object): string {
  const fields = Object.entries(input).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([kind, fields]);
}

export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const { ttlMs, max = 2_000, count = () => undefined, clock } = options;
  if (ttlMs <= 0) {
    return {
      ttlMs: 0,
      answer: async (kind, _input, load) => {
        count(kind, 'database');
        return load();
      },
    };
  }
  const cache = new LRUCache<string, object, () => Promise<object>>({
    max,
    ttl: ttlMs,
    // A stale answer is never served, not even while the next one is read.
    allowStale: false,
    // The clock read at every look-up (not remembered for a millisecond): an answer's age is exact.
    ttlResolution: 0,
    fetchMethod: (_key, _stale, { context }) => context(),
    ...(clock ? { perf: { now: clock } } : {}),
  });
  return {
    ttlMs,
    async answer(kind, input, load) {
      const status: LRUCache.Status<string, object, () => Promise<object>> = {};
      const answer = cache.fetch(keyOf(kind, input), { context: load, status });
      count(kind, status.fetch === 'hit' ? 'cached' : status.fetch === 'inflight' ? 'shared' : 'database');
      return (await answer) as Awaited<ReturnType<typeof load>>;
    },
  };
}
