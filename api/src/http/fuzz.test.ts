import { endpoints, type AnyEndpoint } from '@rumbo/shared/contract';
import type * as v from 'valibot';
import { parseOperatorTokens } from '../operators/operators';
import { setupTestApp } from '../test/app';
import { DEMO_CUSTOMER, DEMO_PASSWORD } from '../accounts/accounts.seed';

/**
 * Issue 45: hostile input on every call of the contract answers 4xx (or a success), never a 5xx.
 * Each endpoint gets bodies (or queries) of the wrong shape, then its own fields filled with values
 * of the wrong type, size and alphabet (control characters, formulas, markup, far dates, numbers
 * past 2^53), and its path parameters with the same; as a stranger, as a signed-in customer and as
 * an operator. The values are a fixed list turned per endpoint and field, so a failure repeats.
 */
const TOKEN = 'fuzz-operator-token-of-forty-characters!!';
const api = setupTestApp({ operators: parseOperatorTokens(`ops-fuzz=${TOKEN}`) });

const HOSTILE: unknown[] = [
  null,
  '',
  ' ',
  'x'.repeat(5_000),
  '\u0000\u0001\u0008\u000c\u001f',
  '\ufffe\uffff',
  '=HYPERLINK("http://x","y")',
  '<script>alert(1)</script>',
  "'; drop table reserva; --",
  '../../../etc/passwd',
  '9999-99-99',
  '2026-02-30',
  '-1',
  -1,
  0,
  1.5,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  true,
  [],
  [1, 2, 3],
  {},
  { __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
  '😀'.repeat(300),
];

type Shape = { type?: string; entries?: Record<string, Shape>; pipe?: Shape[]; wrapped?: Shape; item?: Shape; options?: Shape[] };

/** The fields of an object schema (through pipes, optionals and unions), with their own schemas. */
function fieldsOf(schema: Shape | undefined, depth = 0): Record<string, Shape> {
  if (!schema || depth > 4) return {};
  if (schema.entries) return schema.entries;
  if (schema.pipe?.[0] && schema.pipe[0] !== schema) return fieldsOf(schema.pipe[0], depth + 1);
  if (schema.wrapped) return fieldsOf(schema.wrapped, depth + 1);
  if (schema.options) return Object.assign({}, ...schema.options.map((option) => fieldsOf(option, depth + 1)));
  return {};
}

/** Bodies of every field filled with hostile values (nested objects filled in their turn), turned by `round`. */
function hostileBodies(schema: v.GenericSchema | undefined, rounds: number): unknown[] {
  const fill = (shape: Shape | undefined, round: number, depth: number): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(fieldsOf(shape)).map(([name, field], i) => {
        const nested = fieldsOf(field);
        const value = Object.keys(nested).length > 0 && depth < 3 && (round + i) % 3 === 0 ? fill(field, round + 1, depth + 1) : HOSTILE[(round * 7 + i) % HOSTILE.length];
        return [name, value];
      }),
    );
  return Array.from({ length: rounds }, (_, round) => fill(schema as Shape, round, 0));
}

const PATH_VALUES = ['x', '0', '-1', '99999999999999999999', '%00', '..%2F..%2Fetc', 'A'.repeat(300), '%F0%9F%98%80'];

const pathOf = (path: string, round: number) => path.replace(/:[a-z_]+/gi, () => PATH_VALUES[round % PATH_VALUES.length]!);

/** Wrong-shape bodies for any POST: none, broken JSON, and JSON that is not an object. */
const SHAPES: (string | undefined)[] = [undefined, '{', '[]', '"text"', '12', 'null', '{"a":', JSON.stringify({ a: 'x'.repeat(200_000) })];

const all = Object.entries(endpoints as Record<string, AnyEndpoint>);

async function customerToken(): Promise<string> {
  const answer = await api.app.inject({ method: 'POST', url: '/rest/login/verificar', headers: { 'content-type': 'application/json' }, payload: { correo: DEMO_CUSTOMER.correo, clave: DEMO_PASSWORD } });
  const token = (answer.json() as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`the demo customer did not sign in: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
  return token;
}

describe('hostile input on every call of the contract (issue 45)', () => {
  it('covers the whole contract', () => {
    expect(all.length).toBeGreaterThan(90);
  });

  it('answers no 5xx, as a stranger, a customer and an operator', async () => {
    const callers: Record<string, Record<string, string>> = {
      stranger: {},
      customer: { authorization: `Bearer ${await customerToken()}` },
      operator: { authorization: `Bearer ${TOKEN}` },
    };
    const failures: string[] = [];
    let requests = 0;
    for (const [name, endpoint] of all) {
      const hostile = hostileBodies(endpoint.method === 'POST' ? endpoint.body : endpoint.query, 4);
      for (const [caller, headers] of Object.entries(callers)) {
        const tries: { url: string; payload?: string }[] =
          endpoint.method === 'POST'
            ? [...SHAPES.map((payload, i) => ({ url: pathOf(endpoint.path, i), payload })), ...hostile.map((body, i) => ({ url: pathOf(endpoint.path, i + 3), payload: JSON.stringify(body) }))]
            : hostile.map((query, i) => ({
                url: `${pathOf(endpoint.path, i)}?${new URLSearchParams(Object.entries(query as Record<string, unknown>).map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : JSON.stringify(value)])).toString()}`,
              }));
        for (const attempt of tries) {
          requests += 1;
          const answer = await api.app.inject({
            method: endpoint.method,
            url: attempt.url,
            headers: { ...headers, ...(attempt.payload === undefined ? {} : { 'content-type': 'application/json' }), origin: 'http://localhost:3000' },
            ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
          });
          if (answer.statusCode >= 500) failures.push(`${name} (${caller}) ${endpoint.method} ${attempt.url.slice(0, 80)} ${attempt.payload?.slice(0, 120) ?? ''} → ${answer.statusCode} ${answer.body.slice(0, 160)}`);
        }
      }
    }
    expect(requests).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
  }, 300_000);
});
