import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../errors';

/**
 * Operators (the company's staff: declaring disruptions, reading manifests) are not customers:
 * they sign in with a credential from configuration (OPERATOR_TOKENS), never with a customer
 * account or session. One credential per operator or system, named, so every act can say who did it.
 */
export interface Operator {
  /** The credential's name (`ops-lima`, `dispatch-cli`): who acted, for the records. */
  readonly name: string;
}

export interface OperatorCredential {
  readonly name: string;
  /** SHA-256 of the token: the token itself is not kept in memory longer than parsing. */
  readonly tokenHash: Buffer;
}

/** A random token has far more distinct characters than this; `aaaa…` does not. */
export const MIN_OPERATOR_TOKEN_LENGTH = 32;
const NAME = /^[a-z0-9][a-z0-9._-]{0,39}$/;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/**
 * OPERATOR_TOKENS: `name=token` pairs, comma-separated (`ops-lima=…,dispatch-cli=…`). Throws a
 * message saying what is wrong (the server refuses to start), never echoing a token.
 */
export function parseOperatorTokens(value: string | undefined): OperatorCredential[] {
  if (!value) return [];
  const credentials: OperatorCredential[] = [];
  for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const at = entry.indexOf('=');
    const name = at > 0 ? entry.slice(0, at) : '';
    const token = at > 0 ? entry.slice(at + 1) : '';
    if (!NAME.test(name)) {
      throw new Error(`OPERATOR_TOKENS: each entry is name=token with a lower-case name (ops-lima=$(openssl rand -hex 32)); entry ${credentials.length + 1} is not.`);
    }
    if (token.length < MIN_OPERATOR_TOKEN_LENGTH || new Set(token).size < 10) {
      throw new Error(`OPERATOR_TOKENS: the token of "${name}" is too weak: use a random string of at least ${MIN_OPERATOR_TOKEN_LENGTH} characters, e.g. $(openssl rand -hex 32).`);
    }
    if (credentials.some((credential) => credential.name === name)) throw new Error(`OPERATOR_TOKENS: "${name}" is listed twice.`);
    credentials.push({ name, tokenHash: hashOf(token) });
  }
  return credentials;
}

/** The operator whose token the request carries (`Authorization: Bearer …`), else undefined. */
export function operatorOf(credentials: readonly OperatorCredential[], request: Pick<FastifyRequest, 'headers'>): Operator | undefined {
  const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!given) return undefined;
  const hash = hashOf(given);
  // Every credential is compared (no early exit), each in constant time.
  let found: Operator | undefined;
  for (const credential of credentials) if (timingSafeEqual(hash, credential.tokenHash)) found = { name: credential.name };
  return found;
}

/** The resolver of `session: 'operator'` endpoints (http/endpoint.ts `route`): 401 without a valid operator token. */
export function operatorResolver(credentials: readonly OperatorCredential[]) {
  return async (request: FastifyRequest): Promise<Operator> => {
    const operator = operatorOf(credentials, request);
    if (!operator) throw new UnauthorizedError();
    return operator;
  };
}
