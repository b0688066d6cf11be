import type { ValidationKey } from '@rumbo/shared/schemas';

/**
 * Failures the caller can act on, thrown by domain code. They carry a message key of the shared
 * `validation` texts and know nothing of HTTP: src/http/error-handler.ts maps each to a status
 * and translates the key into the caller's language.
 */
export abstract class DomainError extends Error {
  abstract readonly code: ValidationKey;
}

/** The input breaks a rule; `field` names the offending field when there is one. */
export class InvalidInputError extends DomainError {
  constructor(
    readonly code: ValidationKey,
    readonly field?: string,
  ) {
    super(code);
    this.name = 'InvalidInputError';
  }
}

export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
  /** A more precise message than the generic "not found" when the caller can act on it. */
  constructor(readonly code: ValidationKey = 'request.notFound') {
    super(code);
  }
}

/** No valid session: missing, malformed, forged or expired token, or an account that is gone. */
export class UnauthorizedError extends DomainError {
  readonly code = 'request.unauthorized';
  override readonly name = 'UnauthorizedError';
}

/** The request is valid but the state of things does not allow it now (a seat just taken...). */
export class ConflictError extends DomainError {
  constructor(readonly code: ValidationKey) {
    super(code);
    this.name = 'ConflictError';
  }
}

/** A service we depend on (a payment provider) failed or is unreachable: try again later. */
export class UpstreamError extends DomainError {
  override readonly name = 'UpstreamError';
  constructor(readonly code: ValidationKey) {
    super(code);
  }
}

/** This instance cannot serve the request as it is set up (an operator must act): 503. */
export class UnavailableError extends DomainError {
  override readonly name = 'UnavailableError';
  constructor(readonly code: ValidationKey) {
    super(code);
  }
}
