import { validationText, type ValidationKey } from '@rumbo/shared/schemas';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConflictError, DomainError, InvalidInputError, NotFoundError, UnauthorizedError, UnavailableError, UpstreamError } from '../errors';
import { requestLanguage } from './language';

/** Body of every error answer: `{ message, code, field? }`, message in the caller's language. */
export interface ErrorBody {
  message: string;
  code: ValidationKey;
  field?: string;
}

function statusOf(error: DomainError): number {
  if (error instanceof InvalidInputError) return 400;
  if (error instanceof UnauthorizedError) return 401;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof UpstreamError) return 502;
  if (error instanceof UnavailableError) return 503;
  return 400;
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, code: ValidationKey, field?: string) {
  const body: ErrorBody = { message: validationText(requestLanguage(request), code), code };
  if (field) body.field = field;
  return reply.status(status).send(body);
}

/** Fields of a database error that name things, never values. */
const NAMING_FIELDS = ['code', 'constraint', 'table', 'column', 'schema', 'routine'] as const;

/**
 * What the log keeps of an unexpected error (issue 15: logs without personal data): its type, the
 * message without a failed query's parameters, the stack frames without the message, and down the
 * chain of causes only the database's codes and names (a driver's message or `detail` can quote
 * the values: names, documents, birth dates). Never the request's query string or body.
 */
export function redactedError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const message = error.message.split(/\n?params:/)[0]!.split('\n')[0]!;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  const out: Record<string, unknown> = { type: error.constructor?.name ?? 'Error', message, stack: frames };
  const causes: Record<string, unknown>[] = [];
  for (let cause: unknown = error.cause; cause && typeof cause === 'object' && causes.length < 5; cause = (cause as { cause?: unknown }).cause) {
    const named: Record<string, unknown> = { type: (cause as object).constructor?.name ?? 'Error' };
    for (const field of NAMING_FIELDS) {
      const value = (cause as Record<string, unknown>)[field];
      if (typeof value === 'string' || typeof value === 'number') named[field] = value;
    }
    causes.push(named);
  }
  if (causes.length) out.causes = causes;
  for (const field of NAMING_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  return out;
}

/** The PostgreSQL SQLSTATE of an error or of one of its causes (drizzle wraps the driver's error). */
function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Domain errors become their 4xx; Fastify's own client errors (malformed JSON, wrong content
 * type, body too large, rate limit) keep their 4xx status with a translated generic message;
 * anything else is our fault: logged, and a 500 that reveals nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const field = error instanceof InvalidInputError ? error.field : undefined;
      // A 503 is the operator's to act on (e.g. a voucher series exhausted, issue 44): logged with what to do.
      if (error instanceof UnavailableError) request.log.error({ route: request.routeOptions.url }, error.message);
      return send(request, reply, statusOf(error), error.code, field);
    }
    // Issue 45 item 7: PostgreSQL aborted this transaction for another's sake (a deadlock, a
    // serialization failure). The lock order (db/lock-order.ts) is what prevents deadlocks; should
    // one still happen, the loser gets a clear 409 to check and retry, not a 500, and the log says which route.
    const sqlState = sqlStateOf(error);
    if (sqlState === '40P01' || sqlState === '40001') {
      request.log.warn({ sqlState, route: request.routeOptions.url }, 'transaction aborted by a concurrent one');
      return send(request, reply, 409, 'request.concurrent');
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(request, reply, 429, 'request.tooMany');
    if (status >= 400 && status < 500) return send(request, reply, status, 'request.invalid');
    request.log.error({ err: redactedError(error), route: request.routeOptions.url }, 'request failed');
    return send(request, reply, 500, 'request.failed');
  });

  app.setNotFoundHandler((request, reply) => send(request, reply, 404, 'request.notFound'));
}
