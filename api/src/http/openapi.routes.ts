import { endpointList, type AnyEndpoint } from '@rumbo/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../mail/html';
import { openApiDocument } from './openapi';

/** A route as Fastify registered it (the `onRoute` hook's method, url and rate limit). */
export interface RegisteredRoute {
  method: string;
  url: string;
  rateLimited: boolean;
}

export interface OpenApiOptions {
  /** The routes the application registered: the 429 of the ones with a rate limit. */
  routes: RegisteredRoute[];
  /** Serve `/openapi.json` and the readable `/docs` page (API_DOCS=1, development); neither otherwise. */
  docs: boolean;
}

function docsPage(document: ReturnType<typeof openApiDocument>): string {
  const rows = endpointList
    .map((endpoint: AnyEndpoint) => {
      const operation = document.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      return `<details>
<summary><code>${endpoint.method} ${escapeHtml(endpoint.path)}</code> · ${escapeHtml(endpoint.summary)} <small>(${escapeHtml(endpoint.module)}, session: ${endpoint.session})</small></summary>
<pre>${escapeHtml(JSON.stringify(operation, null, 2))}</pre>
</details>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>/rest API</title>
<style>body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem}summary{cursor:pointer;padding:.3rem 0}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style>
</head>
<body>
<h1>/rest API</h1>
<p>Every call of the contract (<code>@rumbo/shared/contract</code>), generated like <a href="/openapi.json">/openapi.json</a>.</p>
${rows}
</body>
</html>`;
}

/**
 * With API_DOCS=1 (development, by name): `GET /openapi.json`, the OpenAPI 3.1 document of the
 * `/rest` calls from the endpoint table, and `GET /docs`, the same as a readable page (no scripts,
 * nothing fetched). Off in production: a map of every call (limits included) helps no customer.
 */
export const openApiRoutes: FastifyPluginAsync<OpenApiOptions> = async (app, { routes, docs }) => {
  let document: ReturnType<typeof openApiDocument> | undefined;
  // Built on first use: every route is registered by then.
  const current = () =>
    (document ??= openApiDocument((endpoint) => routes.some((route) => route.url === endpoint.path && route.method === endpoint.method && route.rateLimited)));

  if (!docs) return;
  app.get('/openapi.json', async () => current());
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(docsPage(current())));
};
