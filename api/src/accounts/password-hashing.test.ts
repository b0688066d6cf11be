import { linkToken, setupAccountFlows } from '../test/account-flows';
import { HASH_CONCURRENCY } from './passwords';

// Watches scrypt itself (still deriving): how many derivations run at once, and how many started.
const scrypts = { running: 0, peak: 0, started: 0 };
jest.mock('node:crypto', () => {
  const actual = jest.requireActual('node:crypto');
  return {
    ...actual,
    scrypt: (...args: unknown[]) => {
      const done = args.pop() as (error: Error | null, key: Buffer) => void;
      scrypts.running += 1;
      scrypts.started += 1;
      scrypts.peak = Math.max(scrypts.peak, scrypts.running);
      actual.scrypt(...args, (error: Error | null, key: Buffer) => {
        scrypts.running -= 1;
        done(error, key);
      });
    },
  };
});

/** Issue 32 item 9: costly work only after the cheap check, and a bound on hashing at once. */
const { post, lastMail, registered } = setupAccountFlows();

beforeEach(() => {
  scrypts.peak = 0;
  scrypts.started = 0;
});

describe('password hashing (issue 32 item 9)', () => {
  it('/rest/usuario/password checks the reset link before hashing: made-up links cost no scrypt', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('/rest/usuario/password', { token: `made-up-link-${i}-${'x'.repeat(32)}`, clave: 'Condor2027' }, { 'accept-language': 'en-EN' })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('account.link.invalid');
    }
    expect(scrypts.started).toBe(0);
  });

  it(`a real link still sets the password; at most ${HASH_CONCURRENCY} hashes run at once on an instance`, async () => {
    const people = await Promise.all(Array.from({ length: 3 }, () => registered()));
    scrypts.peak = 0;
    for (const p of people) expect((await post('/rest/usuario/recuperar', { correo: p.correo })).statusCode).toBeLessThan(300);
    const tokens = await Promise.all(people.map(async (p) => linkToken((await lastMail(p.correo)).text, 'token')));
    const answers = await Promise.all([
      ...tokens.map((token) => post('/rest/usuario/password', { token, clave: 'Condor2027' })),
      ...people.map((p) => post('/rest/login/verificar', { correo: p.correo, clave: p.clave })),
    ]);
    expect(answers.slice(0, 3).map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(scrypts.started).toBeGreaterThanOrEqual(6);
    // The queue was full (the requests did overlap) and never more than full.
    expect(scrypts.peak).toBe(HASH_CONCURRENCY);
    for (const p of people) {
      const signIn = await post('/rest/login/verificar', { correo: p.correo, clave: 'Condor2027' });
      expect(signIn.statusCode).toBe(200);
    }
  });
});
