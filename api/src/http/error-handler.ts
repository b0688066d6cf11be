import { validationText, type ValidationKey } from '@rumbo/shared/schemas';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConflictError, DomainError, InvalidInputError, NotFoundError, UnauthorizedError, UpstreamError } from '../errors';
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
  return 400;
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, code: ValidationKey, field?: string) {
  const body: ErrorBody = { message: validationText(requestLanguage(request), code), code };
  if (field) body.field = field;
  return reply.status(status).send(body);
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
      return send(request, reply, statusOf(error), error.code, field);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(request, reply, 429, 'request.tooMany');
    if (status >= 400 && status < 500) return send(request, reply, status, 'request.invalid');
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, 500, 'request.failed');
  });

  app.setNotFoundHandler((request, reply) => send(request, reply, 404, 'request.notFound'));
}
