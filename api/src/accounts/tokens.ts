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
): Promise<string> {
  if (!secret) throw new Error('signSessionToken needs a secret: pass one or set SESSION_SECRET');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT()
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(ccuenta))
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(keyOf(secret));
}

/** The account id of a valid, unexpired token signed with `secret`; null for any other token. */
export async function verifySessionToken(token: string, secret: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['sub', 'exp'],
    });
    const ccuenta = Number(payload.sub);
    return Number.isSafeInteger(ccuenta) && ccuenta > 0 ? ccuenta : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
