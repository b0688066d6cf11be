import * as contract from '@rumbo/shared/contract';
import { endpoints, type AnyEndpoint } from '@rumbo/shared/contract';
import * as schemas from '@rumbo/shared/schemas';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The API's sources (api/src): where routes and tests are looked for. */
const SOURCES = path.resolve(__dirname, '..');
/** The generated page, kept current by endpoint-docs.test.ts (`UPDATE_DOCS=1` rewrites it). */
export const ENDPOINTS_PAGE = path.resolve(SOURCES, '..', '..', 'docs', 'endpoints.md');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** A schema's exported name (the shared schemas, then the contract's own), by identity. */
function schemaNames(): Map<unknown, string> {
  const names = new Map<unknown, string>();
  for (const module of [schemas, contract] as Record<string, unknown>[]) {
    for (const [name, value] of Object.entries(module)) {
      if (value && typeof value === 'object' && 'kind' in value && (value as { kind: unknown }).kind === 'schema' && !names.has(value)) names.set(value, name);
    }
  }
  return names;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The endpoint table of docs/endpoints.md, from the contract itself: each call, its name in
 * `endpoints`, its request schema, the routes file that registers it and the API tests that call
 * it (by name, or by its path as a string).
 */
export function endpointsPage(): string {
  const names = schemaNames();
  const read = (file: string) => ({ file, text: readFileSync(file, 'utf8') });
  const routes = filesUnder(SOURCES, (file) => file.endsWith('.routes.ts')).map(read);
  const tests = filesUnder(SOURCES, (file) => file.endsWith('.test.ts')).map(read);
  const relative = (file: string) => `\`${path.relative(SOURCES, file)}\``;
  const rows = (Object.entries(endpoints) as [string, AnyEndpoint][]).map(([name, endpoint]) => {
    const byName = new RegExp(`ndpoints\\.${escapeRegExp(name)}\\b`);
    // A path parameter matches what a test puts there, literally or in a template (`${code}`).
    const pathPattern = endpoint.path.split(/:[a-zA-Z]+/).map(escapeRegExp).join("[^'`/?]+");
    const byPath = new RegExp(`['\`]${pathPattern}['\`?]`);
    const schema = endpoint.body ?? endpoint.query;
    const schemaCell = schema ? `\`${names.get(schema) ?? 'inline'}\`` : '—';
    const routeCell = routes.filter(({ text }) => byName.test(text)).map(({ file }) => relative(file)).join(', ') || '—';
    const testCell = tests.filter(({ text }) => byName.test(text) || byPath.test(text)).map(({ file }) => relative(file)).join(', ') || '—';
    const who = endpoint.session === 'none' ? '' : ` (${endpoint.session === 'operator' ? 'operator' : `session ${endpoint.session}`})`;
    return `| \`${endpoint.method} ${endpoint.path}\`${who} | \`${name}\` | ${schemaCell} | ${routeCell} | ${testCell} |`;
  });
  return [
    '# Endpoints',
    '',
    '<!-- Generated from the contract (shared/src/contract) by api/src/http/endpoint-docs.ts; its test fails when this page is stale: `cd api && UPDATE_DOCS=1 npx jest src/http/endpoint-docs`. -->',
    '',
    'Every `/rest` call is one entry of the endpoint table in `shared/src/contract` (one file per API',
    'module), exported as `endpoints.<name>` from `@rumbo/shared/contract`: method, path, body or query',
    'schema, answer schema, refusals, who may call it. The API registers its route from the entry',
    '(`route()`, `api/src/http/endpoint.ts`), `/openapi.json` describes it (served with `API_DOCS=1`),',
    'and the browser calls it with `api.call(endpoint, body)`. The request schema validates in the',
    'browser and again in the API. Paths below are under `api/src/`.',
    '',
    '| call | `endpoints.` | request schema | routes | tests |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
