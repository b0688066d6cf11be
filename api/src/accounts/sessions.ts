import { clock } from '@rumbo/shared/clock';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { sesion } from './accounts.tables';
import { signSessionToken, verifySessionClaims } from './tokens';

/**
 * Revocable sessions: every token carries a `jti` that the server records when it signs the
 * token in; a token opens the account only while that record is there, unexpired and not revoked.
 */
export async function openSession(db: Database, ccuenta: number, ttlSeconds: number, secret: string, now = clock.now()): Promise<string> {
  const jti = randomUUID();
  // The account's ended sessions are of no more use: dropped as a new one opens.
  await db.delete(sesion).where(and(eq(sesion.ccuenta, ccuenta), lt(sesion.expira_en, now)));
  await db.insert(sesion).values({ jti, ccuenta, creado_en: now, expira_en: new Date(now.getTime() + ttlSeconds * 1000) });
  return signSessionToken(ccuenta, ttlSeconds, secret, jti);
}

/** The session of a token: signed with `secret`, unexpired, and still open on the server; else null. */
export async function sessionOfToken(db: Database, token: string, secret: string, now = clock.now()): Promise<{ ccuenta: number; jti: string } | null> {
  const claims = await verifySessionClaims(token, secret);
  if (!claims) return null;
  const [row] = await db
    .select({ jti: sesion.jti })
    .from(sesion)
    .where(and(eq(sesion.jti, claims.jti), eq(sesion.ccuenta, claims.ccuenta), isNull(sesion.revocada_en), gt(sesion.expira_en, now)));
  return row ? claims : null;
}

/** Log out: ends one session. */
export async function revokeSession(db: Database, jti: string, now = clock.now()): Promise<void> {
  await db.update(sesion).set({ revocada_en: now }).where(and(eq(sesion.jti, jti), isNull(sesion.revocada_en)));
}

/** "Log out of every device", a password change or reset: ends every open session of the account. */
export async function revokeAllSessions(db: Database, ccuenta: number, now = clock.now()): Promise<void> {
  await db.update(sesion).set({ revocada_en: now }).where(and(eq(sesion.ccuenta, ccuenta), isNull(sesion.revocada_en)));
}
