import { endpointList, type AnyEndpoint } from '@rumbo/shared/contract';
import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

/**
 * Actions of the shared schemas that JSON Schema cannot express: normalisations (trim, case) and
 * cross-field or custom checks. The document describes the fields and their types; these rules
 * stay the API's (a 400 with the field's message).
 */
export const UNCONVERTIBLE_ACTIONS = ['trim', 'to_upper_case', 'to_lower_case', 'check', 'raw_check'];

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'Invalid request',
  401: 'No valid session',
  404: 'Not found',
  409: 'Conflict with the current state',
  429: 'Too many requests',
  502: 'A payment provider failed',
  503: 'Not ready',
};

function jsonSchema(schema: v.GenericSchema, typeMode: ConversionConfig['typeMode']): JsonSchema {
  const { $schema: _, ...converted } = toJsonSchema(schema, { target: 'draft-2020-12', typeMode, ignoreActions: UNCONVERTIBLE_ACTIONS });
  return converted;
}

/** `/rest/destino/:slug` → `/rest/destino/{slug}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const errorBody = (codes: readonly string[]) => ({
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string', description: "In the caller's language (Accept-Language)" },
    code: codes.length > 0 ? { type: 'string', enum: [...codes] } : { type: 'string' },
    field: { type: 'string', description: 'The offending field, when there is one' },
  },
});

function errorResponses(endpoint: AnyEndpoint, rateLimited: boolean) {
  const byStatus = new Map<number, string[]>();
  const add = (status: number, codes: readonly string[]) => byStatus.set(status, [...(byStatus.get(status) ?? []), ...codes]);
  // The body or query is validated first: its fields' messages, or the generic one.
  if (endpoint.body || endpoint.query) add(endpoint.invalidAs ?? 400, endpoint.invalidAs ? ['request.notFound'] : ['request.invalid']);
  if (endpoint.session === 'required' || endpoint.session === 'operator') add(401, ['request.unauthorized']);
  for (const [status, codes] of Object.entries(endpoint.errors)) add(Number(status), codes ?? []);
  if (rateLimited) add(429, ['request.tooMany']);
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const unique = [...new Set(codes)];
    // A 400 of the body's validation carries the failing field's own message key as its code.
    const open = status === 400 && (endpoint.body || endpoint.query) && !endpoint.invalidAs;
    responses[String(status)] = {
      description: STATUS_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: errorBody(open ? [] : unique) } },
      ...(open ? { 'x-codes': unique } : {}),
    };
  }
  return responses;
}

function success(endpoint: AnyEndpoint) {
  const status = String(endpoint.status ?? 200);
  if (endpoint.status === 204) return { [status]: { description: STATUS_TEXT[204] } };
  if (endpoint.produces) {
    // Files (a PDF, a wallet pass) are bytes of their media type; text answers are strings.
    const binary = endpoint.produces === 'application/pdf' || endpoint.produces === 'application/vnd.apple.pkpass';
    const schema = binary ? { type: 'string', contentMediaType: endpoint.produces } : { type: 'string' };
    return { [status]: { description: STATUS_TEXT[endpoint.status ?? 200], content: { [endpoint.produces]: { schema } } } };
  }
  const data = endpoint.answer ? jsonSchema(endpoint.answer, 'output') : {};
  return {
    [status]: {
      description: STATUS_TEXT[endpoint.status ?? 200],
      content: { 'application/json': { schema: { type: 'object', required: ['data'], properties: { data } } } },
    },
  };
}

function parameters(endpoint: AnyEndpoint) {
  const path = [...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (!endpoint.query) return path;
  const query = jsonSchema(endpoint.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return [
    ...path,
    ...Object.entries(query.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: query.required?.includes(name) ?? false, schema })),
  ];
}

function operation(endpoint: AnyEndpoint, rateLimited: boolean) {
  const params = parameters(endpoint);
  return {
    operationId: `${endpoint.method.toLowerCase()}${openApiPath(endpoint.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: endpoint.summary,
    tags: [endpoint.module],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(endpoint.body
      ? { requestBody: { required: !endpoint.optionalBody, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } } }
      : {}),
    responses: { ...success(endpoint), ...errorResponses(endpoint, rateLimited) },
    ...(endpoint.session === 'required' ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
    ...(endpoint.session === 'optional' ? { security: [{}, { bearer: [] }, { cookie: [] }] } : {}),
    ...(endpoint.session === 'operator' ? { security: [{ operator: [] }] } : {}),
    'x-session': endpoint.session,
  };
}

/**
 * The OpenAPI 3.1 document of every `/rest` call, generated from the contract's endpoint table.
 * `rateLimited` says which paths the API limits (their 429).
 */
export function openApiDocument(rateLimited: (endpoint: AnyEndpoint) => boolean = () => false) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpointList) {
    const path = (paths[openApiPath(endpoint.path)] ??= {});
    path[endpoint.method.toLowerCase()] = operation(endpoint, rateLimited(endpoint));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rumbo Andino /rest API',
      version: '1.0.0',
      description: 'Every answer is `{ data }`; every refusal `{ message, code, field? }` with the message in the Accept-Language asked.',
    },
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The session token of a sign-in' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
        operator: { type: 'http', scheme: 'bearer', description: "An operator's token from the API's configuration (OPERATOR_TOKENS), never a customer's session" },
      },
    },
  };
}
