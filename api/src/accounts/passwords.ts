import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes: scrypt (memory-hard, in node:crypto) with a random salt per password, stored as
 * `scrypt$N$r$p$salt$hash` (base64) so the cost can be raised later without breaking old hashes.
 */
export interface HashCost {
  N: number;
  r: number;
  p: number;
}
// OWASP's minimum for scrypt (N = 2^17, r = 8, p = 1); older hashes are raised on the next sign-in.
export const PRODUCTION_COST: HashCost = { N: 2 ** 17, r: 8, p: 1 };
let COST: HashCost = PRODUCTION_COST;

/**
 * The API's test setup only (`src/test/setup.ts`): hashes at a cheap cost, so the suites' hundreds
 * of sign-ups and sign-ins spend no minutes in 128 MiB derivations (4.5 s each on a loaded CI
 * machine). The server never calls it; the tests of the cost itself and of its queue put
 * `PRODUCTION_COST` back. Returns the restore.
 */
export function useHashCostInTests(cost: HashCost): () => void {
  const before = COST;
  COST = cost;
  return () => {
    COST = before;
  };
}
const KEY_LENGTH = 32;
// scrypt needs 128 * N * r bytes: 128 MiB at N = 2^17; the default limit (32 MiB) is too tight.
const MAX_MEMORY = 256 * 1024 * 1024;
/** How many scrypt derivations one instance runs at once (each takes 128 MiB). */
export const HASH_CONCURRENCY = 2;

/**
 * Issue 32 item 9: derivations wait their turn, HASH_CONCURRENCY at a time, so a burst of sign-ups,
 * sign-ins or resets costs an instance at most HASH_CONCURRENCY × 128 MiB (8 at once took one from
 * 133 to 646 MiB); the rest queue in arrival order, each request's own time bounded by its rate limit.
 */
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line (running stays counted), or is given back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return inTurn(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether a stored hash was made at a lower cost than today's (rehash it when the password is at hand). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < COST.N || Number(r) < COST.r || Number(p) < COST.p;
}

/** Whether `password` matches `stored`; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of no one's password: checked when an e-mail has no account or no password, so a
 * sign-in takes the same time whether the account exists or not.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
