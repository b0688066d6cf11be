/**
 * Every API test file: passwords hashed with scrypt at N = 2^12 (4 MiB, milliseconds) instead of
 * the production 2^17 (128 MiB, about half a second quiet and 4.5 s on a loaded 2-core machine),
 * which the suites' sign-ups and sign-ins spent minutes in. The format, salt, comparison and
 * rehash rules are the same; `account-trust.test.ts` and `password-hashing.test.ts` hash at the
 * production cost, where the cost or the queue of derivations is what they test.
 *
 * Taken in a hook, not at load: a file that mocks `node:crypto` (password-hashing.test.ts) must
 * be the first to load the passwords module, so it hashes through its mock.
 */
let restore: (() => void) | undefined;
beforeAll(async () => {
  const { useHashCostInTests } = await import('../accounts/passwords');
  restore = useHashCostInTests({ N: 2 ** 12, r: 8, p: 1 });
});
afterAll(() => restore?.());
