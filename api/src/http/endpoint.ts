import type { AnswerOf, AnyEndpoint, ParsedRequestOf } from '@rumbo/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../errors';
import { noStore } from './cache';
import type { RateLimit } from './rate-limit';
import { parseBody } from './validate';

/**
 * `S`: what the `sessions` resolver answers (the accounts module's `Session`), or for
 * `session: 'operator'` endpoints the `operators` resolver's operator; http knows nothing of either.
 */
export interface RouteOptions<S = never> {
  /** The per-client (IP) limit of the route (@fastify/rate-limit's `config.rateLimit`). */
  rateLimit?: RateLimit;
  /** Resolves the session of a request, or throws UnauthorizedError: required by `session: 'required'` endpoints. */
  sessions?: (request: FastifyRequest) => Promise<S>;
  /** Resolves the operator of a request, or throws UnauthorizedError: required by `session: 'operator'` endpoints. */
  operators?: (request: FastifyRequest) => Promise<S>;
}

type Input<E extends AnyEndpoint> = E['optionalBody'] extends true ? ParsedRequestOf<E> | undefined : ParsedRequestOf<E>;

export interface HandlerContext<E extends AnyEndpoint, S = never> {
  /** The body (POST) or query (GET), parsed by the endpoint's schema. */
  input: Input<E>;
  /** The session, for `session: 'required'` endpoints; the operator, for `session: 'operator'` ones. */
  session: E['session'] extends 'required' | 'operator' ? S : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * The handler answers the endpoint's `data` (typed by its answer schema), or the reply itself when
 * it has sent something else (a PDF, a provider's acknowledgement, a 503).
 */
export type Handler<E extends AnyEndpoint, S = never> = (context: HandlerContext<E, S>) => Promise<AnswerOf<E> | FastifyReply>;

const hasFields = (body: unknown) => typeof body === 'object' && body !== null && Object.keys(body).length > 0;

function parse(endpoint: AnyEndpoint, request: FastifyRequest): unknown {
  const schema = endpoint.body ?? endpoint.query;
  if (!schema) return undefined;
  const raw = endpoint.body ? request.body : request.query;
  if (endpoint.optionalBody && !hasFields(raw)) return undefined;
  if (endpoint.invalidAs === 404) {
    try {
      return parseBody(schema, raw);
    } catch {
      throw new NotFoundError();
    }
  }
  return parseBody(schema, raw);
}

/**
 * Registers one endpoint of the contract: its method and path, its rate limit, then for each
 * request the session or operator (when required, before the body is read: a 401 comes before a 400), the
 * body or query parsed by the endpoint's schema (parseBody's 400s), `Cache-Control: no-store`
 * when the endpoint says so, the success status it declares, and the answer `{ data }` (no body
 * for a 204).
 */
export function route<E extends AnyEndpoint, S = never>(app: FastifyInstance, endpoint: E, handler: Handler<E, S>, options: RouteOptions<S> = {}): void {
  const { sessions, operators } = options;
  if (endpoint.session === 'required' && !sessions) throw new Error(`${endpoint.path} needs a session: pass options.sessions`);
  if (endpoint.session === 'operator' && !operators) throw new Error(`${endpoint.path} is for operators: pass options.operators`);
  const config = options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {};
  const method = endpoint.method === 'GET' ? 'get' : 'post';
  app[method](endpoint.path, config, async (request, reply) => {
    const session =
      endpoint.session === 'required' ? await sessions!(request) : endpoint.session === 'operator' ? await operators!(request) : undefined;
    const input = parse(endpoint, request) as Input<E>;
    const result = await handler({ input, session: session as HandlerContext<E, S>['session'], request, reply });
    // A handler that sent its own answer returns the reply, but Fastify's Reply is a thenable
    // (settled once the answer is written): awaiting the async handler adopts it and yields
    // undefined, never the reply. So ask the reply whether it went out, or it is sent twice
    // ("Reply was already sent" on every payment notice and failing readiness, issue 32).
    if (result === reply || reply.sent || reply.raw.headersSent) return reply;
    if (endpoint.noStore) noStore(reply);
    if (endpoint.status) reply.code(endpoint.status);
    if (endpoint.status === 204) return reply.send();
    return reply.send({ data: result });
  });
}
