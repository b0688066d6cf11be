import { eq, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tarea_periodica } from './jobs.tables';

/**
 * Claims the run of job `nombre` at `now` if none was claimed in the last `everyMs`, once across
 * every API instance: one statement inserts the job's row or moves its `ultima` forward only when
 * the period has passed. Two instances at once: the second waits for the first's row (its insert
 * or update), then finds the period not passed and claims nothing. Returns whether this caller
 * claimed the run. The claim commits by itself, before the work: work that dies halfway is done by
 * the next period's run, so the work itself must be safe to resume (each step idempotent).
 */
export async function claimPeriodicRun(db: Database, nombre: string, now: Date, everyMs: number): Promise<boolean> {
  const since = new Date(now.getTime() - everyMs);
  const claimed = await db
    .insert(tarea_periodica)
    .values({ nombre, ultima: now })
    .onConflictDoUpdate({ target: tarea_periodica.nombre, set: { ultima: now, resultado: null }, setWhere: lte(tarea_periodica.ultima, since) })
    .returning({ nombre: tarea_periodica.nombre });
  return claimed.length === 1;
}

/** Records what the run of `nombre` did (for the operator: `select * from tarea_periodica`). */
export async function recordPeriodicRun(db: Database, nombre: string, resultado: Record<string, number>): Promise<void> {
  await db.update(tarea_periodica).set({ resultado }).where(eq(tarea_periodica.nombre, nombre));
}
