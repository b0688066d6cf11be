import type * as v from 'valibot';
import type { ValidationKey } from '../schemas/validation.messages';

/**
 * Who may call an endpoint: anyone, anyone (a session changes the answer), only a signed-in
 * customer, or only an operator (the company's staff, with a credential from the API's
 * configuration: never a customer's session).
 */
export type SessionNeed = 'none' | 'optional' | 'required' | 'operator';

/** The refusals an endpoint may answer beyond its body's validation (400), by status. */
export type EndpointErrors = Partial<Record<400 | 401 | 404 | 409 | 502, readonly ValidationKey[]>>;

type Schema = v.GenericSchema;

/**
 * One `/rest` call of the contract: method, path (`:name` for a path parameter), the request's
 * schema (a JSON body for POST, the query for GET), the answer's `data` schema, the API module
 * that serves it, its refusals and whether it needs a session. The API registers its routes from
 * these (api/src/http/endpoint.ts), builds `/openapi.json` from them, and the browser calls them
 * with `ApiClient.call`.
 */
export interface Endpoint<
  M extends 'GET' | 'POST' = 'GET' | 'POST',
  P extends string = string,
  B extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  A extends Schema | undefined = Schema | undefined,
> {
  readonly method: M;
  readonly path: P;
  /** The folder of api/src that serves it. */
  readonly module: string;
  readonly summary: string;
  /** The JSON body (POST); undefined: none is read. */
  readonly body: B;
  /** The body may be left out (or empty): the handler then gets undefined. */
  readonly optionalBody?: boolean;
  /** A request that fails its schema reads as not found (a signed link), not as a 400. */
  readonly invalidAs?: 404;
  /** The query string (GET). */
  readonly query: Q;
  /** The answer's `data`; undefined: no JSON answer (`produces` says what comes instead, or 204). */
  readonly answer: A;
  /** A non-JSON answer: its content type (a PDF, a voucher's XML, a manifest's CSV, a provider's plain-text acknowledgement, a calendar, a wallet pass, a page). */
  readonly produces?: 'application/pdf' | 'application/xml' | 'text/csv' | 'text/plain' | 'text/calendar' | 'application/vnd.apple.pkpass' | 'text/html';
  /** The success status when it is always the same and not 200 (201, 202, 204). */
  readonly status?: 200 | 201 | 202 | 204;
  readonly errors: EndpointErrors;
  readonly session: SessionNeed;
  /** Answers carry a purchase, tickets or a session: `Cache-Control: no-store`. */
  readonly noStore?: boolean;
}

export type AnyEndpoint = Endpoint<'GET' | 'POST', string, Schema | undefined, Schema | undefined, Schema | undefined>;

/** Fills in what most endpoints leave out (no body, no query, no refusals) and keeps every literal type. */
export function endpoint<
  const M extends 'GET' | 'POST',
  const P extends string,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  A extends Schema | undefined = undefined,
  const S extends SessionNeed = SessionNeed,
  const O extends boolean = false,
  const R extends Endpoint['produces'] = undefined,
>(
  spec: { method: M; path: P; module: string; summary: string; body?: B; query?: Q; answer?: A; session: S; optionalBody?: O; produces?: R } & Omit<
    Endpoint<M, P, B, Q, A>,
    'method' | 'path' | 'module' | 'summary' | 'body' | 'query' | 'answer' | 'errors' | 'session' | 'optionalBody' | 'produces'
  > & { errors?: EndpointErrors },
): Endpoint<M, P, B, Q, A> & { readonly session: S; readonly optionalBody?: O; readonly produces: R } {
  return { errors: {}, ...spec, body: spec.body as B, query: spec.query as Q, answer: spec.answer as A, produces: spec.produces as R };
}

/** What the caller sends: the body's (or query's) input type; nothing when the endpoint reads none. */
export type RequestOf<E extends AnyEndpoint> = E['body'] extends Schema
  ? v.InferInput<E['body']>
  : E['query'] extends Schema
    ? v.InferInput<E['query']>
    : undefined;

/** The validated request the API's handler gets. */
export type ParsedRequestOf<E extends AnyEndpoint> = E['body'] extends Schema
  ? v.InferOutput<E['body']>
  : E['query'] extends Schema
    ? v.InferOutput<E['query']>
    : undefined;

/** The answer's `data`. */
export type AnswerOf<E extends AnyEndpoint> = E['answer'] extends Schema ? v.InferOutput<E['answer']> : undefined;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<Rest> : P extends `${string}:${infer Name}` ? Name : never;

/** The path parameters of an endpoint (`/rest/destino/:slug` → `{ slug: string }`). */
export type PathParams<E extends AnyEndpoint> = { [K in ParamNames<E['path']>]: string };

/** The endpoint's path with its parameters filled in (encoded) and an optional query string. */
export function endpointPath<E extends AnyEndpoint>(endpoint: E, params: PathParams<E>, query?: Record<string, string>): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name] ?? ''));
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
  return `${path}${search}`;
}
