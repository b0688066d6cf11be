import { toLanguage, type Language } from '@rumbo/shared/schemas';
import type { FastifyRequest } from 'fastify';

/** The caller's language from `Accept-Language` (es-PE unless it asks for English). */
export function requestLanguage(request: FastifyRequest): Language {
  return toLanguage(request.headers['accept-language']);
}
