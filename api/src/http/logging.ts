/**
 * Paths pino blanks (`[redacted]`) wherever they appear in a log line: credentials, and the
 * personal data of customers, passengers and buyers under the field names the API uses.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...[
    'correo',
    'email',
    'clave',
    'password',
    'token',
    'key',
    'clave_bloqueo',
    'nombres',
    'paterno',
    'materno',
    'nombre',
    'numero',
    'num_doc',
    'telefono',
    'celular',
    'fnacimiento',
    'nacimiento',
    'to',
    'remoteAddress',
  ].flatMap((field) => [field, `*.${field}`]),
];

/** The request as logged: method, route and path, never the query string (codes, tokens, addresses) nor the client's address. */
function serializeRequest(request: { method: string; url: string; routeOptions?: { url?: string } }) {
  return { method: request.method, url: request.url.split('?')[0], route: request.routeOptions?.url };
}

/** Structured JSON lines (pino) with personal data redacted; LOG_LEVEL sets the level (info). */
export function loggerOptions(level = process.env.LOG_LEVEL || 'info') {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  };
}
