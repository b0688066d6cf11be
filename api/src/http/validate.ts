import { validationMessages, type ValidationKey } from '@rumbo/shared/schemas';
import * as v from 'valibot';
import { InvalidInputError } from '../errors';

function isValidationKey(message: string): message is ValidationKey {
  return Object.hasOwn(validationMessages['es-PE'], message);
}

/**
 * The parsed body, or an InvalidInputError for the first failed check: the shared schemas run
 * their checks in the spec's order, so the first issue is the message the form would show.
 * Issues that are not shared keys (valibot's own, e.g. a body that is not an object) read as the
 * generic "invalid request".
 */
export function parseBody<const S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  if (result.success) {
    checkBounds(result.output);
    return result.output;
  }
  const [issue] = result.issues;
  const code = issue && isValidationKey(issue.message) ? issue.message : 'request.invalid';
  const key = issue?.path?.[0]?.key;
  throw new InvalidInputError(code, typeof key === 'string' ? key : undefined);
}

/** The largest integer a PostgreSQL `integer` column holds: every number of a request stays within it. */
export const MAX_INTEGER = 2 ** 31 - 1;

/**
 * Issue 15: what no column can store is refused as a 400 before it reaches the database (which
 * would answer a 500): a number beyond ±(2^31 − 1), or a NUL character in a text (PostgreSQL text
 * cannot hold one). The field named is the top-level one the value is in.
 */
export function checkBounds(value: unknown, field?: string): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new InvalidInputError('request.invalid', field);
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) > MAX_INTEGER) throw new InvalidInputError('request.invalid', field);
  } else if (Array.isArray(value)) {
    for (const item of value) checkBounds(item, field);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) checkBounds(item, field ?? key);
  }
}
