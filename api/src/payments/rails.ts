import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { pago_riel } from './payments.tables';

/**
 * Issue 46: a rail that fails is hidden, not fatal. Failures (Culqi or the wallet unreachable,
 * timeouts, 5xx: never a buyer's refused card or wrong code) are counted per rail in the database,
 * across instances; RAIL_FAILURES of them within RAIL_WINDOW_MS hide the rail for RAIL_HIDE_MS.
 * A success starts the count again. Each change is one statement (insert … on conflict update),
 * so two instances failing at once both count.
 */
export const RAIL_FAILURES = 3;
export const RAIL_WINDOW_MS = 5 * 60_000;
export const RAIL_HIDE_MS = 10 * 60_000;

export async function railFailed(db: Database, riel: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - RAIL_WINDOW_MS).toISOString();
  const hideUntil = new Date(now.getTime() + RAIL_HIDE_MS).toISOString();
  await db.execute(sql`
    insert into pago_riel as r (riel, fallas, desde, oculto_hasta) values (${riel}, 1, ${at}::timestamptz, ${RAIL_FAILURES <= 1 ? hideUntil : null}::timestamptz)
    on conflict (riel) do update set
      fallas = case when r.desde < ${windowStart}::timestamptz then 1 else r.fallas + 1 end,
      desde = case when r.desde < ${windowStart}::timestamptz then ${at}::timestamptz else r.desde end,
      oculto_hasta = case
        when (case when r.desde < ${windowStart}::timestamptz then 1 else r.fallas + 1 end) >= ${RAIL_FAILURES} then ${hideUntil}::timestamptz
        else r.oculto_hasta end`);
}

export async function railWorked(db: Database, riel: string, now: Date): Promise<void> {
  await db.execute(sql`update pago_riel set fallas = 0, desde = ${now.toISOString()}::timestamptz where riel = ${riel} and fallas > 0`);
}

/** The rails hidden now. */
export async function hiddenRails(db: Database, now: Date): Promise<Set<string>> {
  const rows = await queryRows<{ riel: string }>(db, sql`select riel from ${pago_riel} where oculto_hasta > ${now.toISOString()}::timestamptz`);
  return new Set(rows.map((r) => r.riel));
}
