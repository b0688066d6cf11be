import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { endpointList } from '@rumbo/shared/contract';
import { createTestApp, setupTestApp } from '../test/app';
import { openApiPath } from './openapi';

/** `/openapi.json` is the endpoint table: every `/rest` route the API serves, and no other. */
const api = setupTestApp();

const key = (method: string, url: string) => `${method} ${url}`;

// The validator is an ES module reading its schemas relative to itself: it runs in its own Node process.
const VALIDATE = `
import { Validator } from '@seriousme/openapi-schema-validator';
let text = '';
for await (const chunk of process.stdin) text += chunk;
const result = await new Validator().validate(JSON.parse(text));
process.stdout.write(JSON.stringify(result));
`;

describe('GET /openapi.json', () => {
  it('describes every registered /rest route, and only those', async () => {
    const res = await api.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    const documented = Object.entries(document.paths).flatMap(([url, operations]) => Object.keys(operations).map((method) => key(method.toUpperCase(), url)));
    const registered = api.app.registeredRoutes
      .filter((route) => route.url.startsWith('/rest') && route.method !== 'HEAD')
      .map((route) => key(route.method, openApiPath(route.url)));
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
    expect(documented).toHaveLength(endpointList.length);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const document = (await api.app.inject({ url: '/openapi.json' })).body;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', VALIDATE], { input: document, cwd: path.resolve(__dirname, '..', '..'), encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ valid: true });
    expect(JSON.parse(document)).toMatchObject({ openapi: '3.1.0' });
  });

  it('describes the body, the answer, the refusals, the rate limit and the session of a call', async () => {
    const document = (await api.app.inject({ url: '/openapi.json' })).json();
    const points = document.paths['/rest/canje/asociar'].post;
    expect(points.requestBody.content['application/json'].schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['clave_bloqueo', 'puntos']) });
    expect(points.responses['200'].content['application/json'].schema.properties.data).toMatchObject({
      type: 'object',
      properties: { puntos_disponibles: { type: 'number' }, total_centimos: { type: 'number' } },
    });
    expect(points.responses['409'].content['application/json'].schema.properties.code.enum).toContain('points.insufficient');
    expect(points.responses['401']).toBeDefined();
    expect(points.responses['429']).toBeDefined();
    expect(points.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    const page = document.paths['/rest/informacion/{id}'].get;
    expect(page.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(page.responses['429']).toBeUndefined();
    expect(document.paths['/rest/venta/pdf'].post.responses['200'].content).toHaveProperty(['application/pdf']);
  });
});

describe('GET /docs', () => {
  // Issue 32 item 10: the whole description of the API is served only when turned on by name (API_DOCS=1), like /docs.
  it('lists every call in development; neither it nor /openapi.json is served otherwise', async () => {
    const res = await api.app.inject({ url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    for (const endpoint of endpointList) expect(res.body).toContain(`${endpoint.method} ${endpoint.path}`);
    const production = await createTestApp(api.db, { apiDocs: false });
    try {
      expect((await production.inject({ url: '/docs' })).statusCode).toBe(404);
      expect((await production.inject({ url: '/openapi.json' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
