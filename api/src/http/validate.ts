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
  if (result.success) return result.output;
  const [issue] = result.issues;
  const code = issue && isValidationKey(issue.message) ? issue.message : 'request.invalid';
  const key = issue?.path?.[0]?.key;
  throw new InvalidInputError(code, typeof key === 'string' ? key : undefined);
}
