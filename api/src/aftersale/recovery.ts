import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_ACCESS_HOURS, type Language, type RecoveryAnswer } from '@rumbo/shared/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { sameHash } from '../accounts/secrets';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { InvalidInputError, NotFoundError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { viewOf } from '../sales/reservation-views';
import { acceso_recuperacion, reserva } from '../sales/sales.tables';
import { hashKey } from '../seats/seats.service';
import { recuperacion_codigo } from './aftersale.tables';
import { recoveryCodeMail } from './recovery-mail';

// Recovering a purchase by code and e-mail, proven by a mailed one-time code (`/rest/venta/recovery`).

const HOUR = 3_600_000;

/** A recovery code lasts this long and allows this many tries. */
export const RECOVERY_CODE_TTL_MS = 10 * 60 * 1000;
export const RECOVERY_CODE_MAX_TRIES = 5;

/** What is stored of a recovery code: an HMAC keyed with the server's secret and bound to the purchase. */
const recoveryCodeHash = (code: string, creserva: number, secret: string) => createHmac('sha256', secret).update(`recuperar:${creserva}:${code}`).digest('hex');

/**
 * `POST /rest/venta/recovery`. The payment code and the buyer's e-mail are printed on every
 * passenger's ticket, so they do not prove the buyer (issue 15): when they match, a one-time code
 * is mailed to the buyer's address (`{ enviado: true }`); the same request with that code
 * (`verificacion`) answers the reservation and a new random access key (stored only as its
 * SHA-256) that works as `clave_bloqueo` for RECOVERY_ACCESS_HOURS. The same 404 for a wrong code
 * or a wrong e-mail; a wrong, expired or used-up verification code reads alike.
 */
export async function recoverPurchase(
  db: Database,
  body: { codigo: string; email: string; verificacion?: string | undefined },
  context: { now: Date; secret: string; language: Language },
): Promise<RecoveryAnswer | { enviado: true }> {
  const { now, secret } = context;
  const [r] = await db
    .select({ creserva: reserva.creserva, nombre: reserva.comprador_nombre, email: reserva.comprador_email, codigo: reserva.codigo })
    .from(reserva)
    .where(and(eq(reserva.codigo, body.codigo), sql`lower(${reserva.comprador_email}) = ${body.email}`));
  if (!r) throw new NotFoundError('sale.reserva.noEncontrada');
  if (body.verificacion === undefined) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db.transaction(async (tx) => {
      const values = { creserva: r.creserva, hash: recoveryCodeHash(code, r.creserva, secret), intentos: 0, expira: new Date(now.getTime() + RECOVERY_CODE_TTL_MS), creado: now };
      await tx.insert(recuperacion_codigo).values(values).onConflictDoUpdate({ target: recuperacion_codigo.creserva, set: values });
      await enqueueMail(tx, recoveryCodeMail(r.email, r.nombre, r.codigo, code, context.language));
    });
    return { enviado: true };
  }
  const verificacion = body.verificacion;
  const proven = await db.transaction(async (tx) => {
    const row = await locks.oneTimeCode(tx, recuperacion_codigo, eq(recuperacion_codigo.creserva, r.creserva));
    if (!row || row.expira <= now || row.intentos >= RECOVERY_CODE_MAX_TRIES) return false;
    if (!sameHash(row.hash, recoveryCodeHash(verificacion, r.creserva, secret))) {
      await tx.update(recuperacion_codigo).set({ intentos: row.intentos + 1 }).where(eq(recuperacion_codigo.creserva, r.creserva));
      return false;
    }
    await tx.delete(recuperacion_codigo).where(eq(recuperacion_codigo.creserva, r.creserva));
    return true;
  });
  if (!proven) throw new InvalidInputError('aftersale.verificacion.invalid', 'verificacion');
  const acceso = randomBytes(24).toString('base64url');
  const expira = new Date(now.getTime() + RECOVERY_ACCESS_HOURS * HOUR);
  await db.insert(acceso_recuperacion).values({ creserva: r.creserva, clave_hash: hashKey(acceso), expira, creado: now });
  return { reserva: await viewOf(db, r.creserva, now), acceso, expira: expira.toISOString() };
}
