import { HOLD_EXTENSIONS, HOLD_MAX_MINUTES, HOLD_MINUTES, type HoldExtension, type HoldExtensionRequest } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { queryRows } from '../db/rows';
import { ConflictError } from '../errors';
import { hashKey } from './seats.service';
import { HELD } from './seats.tables';

/**
 * When the live holds of a purchase key end: the first of them (`primera`) and how many there are.
 * The one place that reads holds for an extension (see `extendHolds`).
 */
async function liveHolds(db: Database, keyHash: string, nowIso: string): Promise<{ n: number; primera: Date | null }> {
  const rows = await queryRows<{ n: number; primera: string | Date | null }>(db, sql`
    select count(*)::int as n, min(expira) as primera from viaje_asiento
    where clave_hash = ${keyHash} and gestado_asiento = ${HELD} and expira > ${nowIso}::timestamptz`);
  const row = rows[0];
  return { n: Number(row?.n ?? 0), primera: row?.primera ? new Date(row.primera) : null };
}

/**
 * THE statement that moves the holds' end: every live hold of the key to `until`, never shorter
 * than it is (a reservation's seats are held until the reservation lapses). Answers when the first
 * of them ends now. Kept alone so the holds table can change under it (issue 19's per-leg holds).
 */
export async function extendHolds(db: Database, keyHash: string, until: Date, nowIso: string): Promise<Date | null> {
  // Each hold also stays within its customer's cap on its seat (issue 45 item 5, seatCap in seats.service.ts).
  const rows = await queryRows<{ primera: string | Date | null }>(db, sql`
    with extended as (
      update viaje_asiento set expira = greatest(expira, least(${until.toISOString()}::timestamptz, coalesce(
        (select b.tope from bloqueo_prorroga b where b.clave_hash = 'asiento:' || viaje_asiento.cliente_hash || ':' || viaje_asiento.cviaje_asiento),
        ${until.toISOString()}::timestamptz)))
      where clave_hash = ${keyHash} and gestado_asiento = ${HELD} and expira > ${nowIso}::timestamptz
      returning expira)
    select min(expira) as primera from extended`);
  const primera = rows[0]?.primera;
  return primera ? new Date(primera) : null;
}

/**
 * `POST /rest/asiento/extender` (WCAG 2.2.1): every live hold of the purchase gets HOLD_MINUTES more
 * from now, at most HOLD_EXTENSIONS times per purchase key and never past HOLD_MAX_MINUTES after
 * the key's first hold.
 *
 * The count lives in the database (`bloqueo_prorroga`), so the limit holds across API instances:
 * in one transaction, under the purchase key's lock (step 1 of src/db/lock-order.ts), the key's
 * row is created on its first extension with its cap, the count is raised by a conditional UPDATE
 * (`prorrogas < HOLD_EXTENSIONS`: of two racing extensions with one left, one gets the row), and
 * the holds are moved; a refusal or a failure rolls the count back with the holds.
 *
 * The cap (`tope`) is stored with the key's first hold (`holdEnd` in seats.service.ts), which also
 * keeps a re-sent hold within it (issue 32 item 3); a key held before that has its row made here,
 * counted from the earliest live hold's start (its end less HOLD_MINUTES).
 */
export async function extendHold(db: Database, body: HoldExtensionRequest, now: Date): Promise<HoldExtension> {
  const keyHash = hashKey(body.clave_bloqueo);
  const nowIso = now.toISOString();
  return db.transaction(async (tx) => {
    await locks.purchaseKey(tx, keyHash);
    const live = await liveHolds(tx, keyHash, nowIso);
    if (live.n === 0 || !live.primera) throw new ConflictError('hold.none');
    const firstCap = new Date(live.primera.getTime() - HOLD_MINUTES * 60_000 + HOLD_MAX_MINUTES * 60_000);
    await tx.execute(sql`
      insert into bloqueo_prorroga (clave_hash, prorrogas, tope) values (${keyHash}, 0, ${firstCap.toISOString()}::timestamptz)
      on conflict (clave_hash) do nothing`);
    const counted = await queryRows<{ prorrogas: number; tope: string | Date }>(tx, sql`
      update bloqueo_prorroga set prorrogas = prorrogas + 1
      where clave_hash = ${keyHash} and prorrogas < ${HOLD_EXTENSIONS}
      returning prorrogas, tope`);
    const count = counted[0];
    if (!count) throw new ConflictError('hold.extensionLimit');
    const until = new Date(Math.min(now.getTime() + HOLD_MINUTES * 60_000, new Date(count.tope).getTime()));
    // At the cap already: another extension would give no time at all.
    if (until.getTime() <= live.primera.getTime()) throw new ConflictError('hold.extensionLimit');
    const primera = await extendHolds(tx, keyHash, until, nowIso);
    if (!primera) throw new ConflictError('hold.none');
    // The purchase's first hold is at its customer's cap on that seat: no time given, not counted.
    if (primera.getTime() <= live.primera.getTime()) throw new ConflictError('hold.extensionLimit');
    return { expira: primera.toISOString(), prorrogas_restantes: HOLD_EXTENSIONS - Number(count.prorrogas) };
  });
}
