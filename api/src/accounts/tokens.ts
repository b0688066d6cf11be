import { clock } from '@rumbo/shared/clock';
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Session tokens: HS256 JWTs whose `sub` is the account id (`ccuenta`) and whose `exp` the
 * browser also reads to know when the session ends (spec §4).
 */
const ALGORITHM = 'HS256';

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * A token for account `ccuenta` valid for `ttlSeconds` (negative gives an expired one, for
 * tests). The secret defaults to `SESSION_SECRET` so that scripts and tests running beside a
 * server started with the same environment can sign in as a customer.
 */
export async function signSessionToken(
  ccuenta: number,
  ttlSeconds: number,
  secret: string | undefined = process.env.SESSION_SECRET,
  jti: string = randomUUID(),
): Promise<string> {
  if (!secret) throw new Error('signSessionToken needs a secret: pass one or set SESSION_SECRET');
  const now = Math.floor(clock.ms() / 1000);
  return new SignJWT()
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(ccuenta))
    // Its own id: two sign-ins within one second still get two distinct sessions.
    .setJti(jti)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(keyOf(secret));
}

/**
 * The account id of a valid, unexpired token signed with `secret`; null for any other token.
 * The signature only: a token opens an account only while its session is open on the server
 * (`sessionOfToken` in sessions.ts, which every route goes through).
 */
export async function verifySessionToken(token: string, secret: string): Promise<number | null> {
  return (await verifySessionClaims(token, secret))?.ccuenta ?? null;
}

/** The account id and session id (`jti`) of a valid, unexpired token; null for any other token. */
export async function verifySessionClaims(token: string, secret: string): Promise<{ ccuenta: number; jti: string } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['sub', 'exp'],
    });
    // Tokens with an audience are for something else (a pending social sign-up), never a session.
    if (payload.aud !== undefined) return null;
    const ccuenta = Number(payload.sub);
    if (!Number.isSafeInteger(ccuenta) || ccuenta <= 0 || typeof payload.jti !== 'string' || !payload.jti) return null;
    return { ccuenta, jti: payload.jti };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** What a provider vouched for, carried between a first social sign-in and `/rest/login/registrar`. */
export interface PendingSignUp {
  provider: 'google' | 'facebook';
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
}

const PENDING_AUDIENCE = 'rumbo:registro';

/**
 * A short-lived signed token of a verified provider identity that has no account yet: the
 * browser sends it back with the missing identity data, so the server does not need to keep it.
 * Its audience keeps it from ever being taken as a session token (those have none).
 */
export async function signPendingSignUp(pending: PendingSignUp, ttlSeconds: number, secret: string): Promise<string> {
  const now = Math.floor(clock.ms() / 1000);
  return new SignJWT({ provider: pending.provider, email: pending.email, given: pending.givenName, family: pending.familyName })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(pending.subject)
    .setAudience(PENDING_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(keyOf(secret));
}

export async function verifyPendingSignUp(token: string, secret: string): Promise<PendingSignUp | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      audience: PENDING_AUDIENCE,
      requiredClaims: ['sub', 'exp'],
    });
    const { provider, email, given, family } = payload as Record<string, unknown>;
    if ((provider !== 'google' && provider !== 'facebook') || typeof email !== 'string' || !payload.sub) return null;
    return {
      provider,
      subject: payload.sub,
      email,
      givenName: typeof given === 'string' ? given : '',
      familyName: typeof family === 'string' ? family : '',
    };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
