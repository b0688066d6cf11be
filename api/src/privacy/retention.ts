import { clock } from '@rumbo/shared/clock';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { cuenta } from '../accounts/accounts.tables';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { claimPeriodicRun, recordPeriodicRun } from '../jobs/once-per-period';
import { periodicJob } from '../jobs/periodic';
import { outbox } from '../mail/mail.tables';
import { persona } from '../people/people.tables';
import { invitado } from '../sales/sales.tables';
import { eraseAccount } from './close-account';
import { erasePurchase } from './erase-purchase';

const DAY = 24 * 60 * 60_000;

/**
 * Issue 47: how long the store keeps what no other law keeps longer. Each period, its reason and
 * its source are in docs/decisions.md ("Retention"); vouchers (tax law) and complaints-book sheets
 * (the complaints-book rules) are never touched by this job.
 */
export const RETENTION = {
  /** A guest's introduction (`invitado`: name, e-mail) after it was made: its purchase keeps its own copy. */
  guestIntroductionMs: 30 * DAY,
  /** A guest's purchase never paid (lapsed or declined, no ticket, no voucher) after it lapsed. */
  unpaidGuestPurchaseMs: 30 * DAY,
  /** A guest's paid purchase after its last trip arrived: the time a consumer may still claim (2 years). */
  paidGuestPurchaseMs: 2 * 365 * DAY,
  /** A held seat's passenger (`asiento_pasajero`: phone, gender, birth date) after the trip left. */
  heldSeatPassengerMs: 30 * DAY,
  /** A passenger registered for look-ups (`persona`), from its registration (a later one does not rewrite it). */
  knownPassengerMs: 365 * DAY,
  /** A sign-up whose address was never proven, after it was made (its link lives 48 hours). */
  unconfirmedSignUpMs: 30 * DAY,
  /** A mail once sent (its copy in the outbox: name, tickets) after it went. */
  sentMailMs: 90 * DAY,
} as const;

export const RETENTION_JOB = 'retencion';
/** The purge runs once a day across the instances (each checks hourly whether the day's run was claimed). */
export const RETENTION_EVERY_MS = DAY;
/** Purchases and accounts erased per query, so no statement or transaction grows with the backlog. */
const BATCH = 200;

export interface RetentionResult {
  invitados: number;
  compras_sin_pago: number;
  compras_pagadas: number;
  asientos_retenidos: number;
  personas: number;
  registros_sin_confirmar: number;
  correos_enviados: number;
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Erases, purchase by purchase (each one transaction, marked), the guests' purchases `candidates` picks, until none is left. */
async function eraseEach(db: Database, now: Date, candidates: () => Promise<{ creserva: number }[]>): Promise<number> {
  let erased = 0;
  for (;;) {
    const batch = await candidates();
    for (const row of batch) if (await erasePurchase(db, Number(row.creserva), now, 'retencion')) erased += 1;
    if (batch.length < BATCH) return erased;
  }
}

/**
 * One pass of every retention rule at `now`. Each step is idempotent and picks only what is still
 * to do (an erased purchase is marked; a deleted row is gone), so a pass that dies halfway is
 * finished by the next one, and two passes at once would do each thing once (the job still claims
 * its run so that only one instance does the work).
 */
export async function purgeExpired(db: Database, now: Date): Promise<RetentionResult> {
  const iso = (ms: number) => ago(now, ms).toISOString();

  const invitados = (await db.delete(invitado).where(lt(invitado.creado, ago(now, RETENTION.guestIntroductionMs))).returning({ id: invitado.cinvitado })).length;

  // Guests' purchases never paid: no ticket, no voucher, nothing an operator must look at.
  const compras_sin_pago = await eraseEach(db, now, () =>
    queryRows<{ creserva: number }>(db, sql`
      select r.creserva from reserva r
      where r.ccuenta is null and r.pagado is null and r.alerta is null and r.estado in ('pendiente', 'anulada')
        and r.expira < ${iso(RETENTION.unpaidGuestPurchaseMs)}::timestamptz
        and not exists (select 1 from boleto b where b.creserva = r.creserva)
        and not exists (select 1 from comprobante c where c.creserva = r.creserva)
        and not exists (select 1 from datos_borrados d where d.creserva = r.creserva)
      order by r.creserva limit ${BATCH}`),
  );

  // Guests' paid purchases two years after their last trip arrived (the vouchers stay as issued).
  const compras_pagadas = await eraseEach(db, now, () =>
    queryRows<{ creserva: number }>(db, sql`
      select r.creserva from reserva r
      where r.ccuenta is null and r.pagado is not null
        and not exists (select 1 from datos_borrados d where d.creserva = r.creserva)
        and exists (select 1 from reserva_asiento ra where ra.creserva = r.creserva)
        and (select max(v.llegada) from reserva_asiento ra join viaje v on v.cviaje = ra.cviaje where ra.creserva = r.creserva) < ${iso(RETENTION.paidGuestPurchaseMs)}::timestamptz
      order by r.creserva limit ${BATCH}`),
  );

  const held = await queryRows<{ n: number }>(db, sql`
    with gone as (
      delete from asiento_pasajero ap using viaje_asiento va, viaje v
      where va.cviaje_asiento = ap.cviaje_asiento and v.cviaje = va.cviaje and v.salida < ${iso(RETENTION.heldSeatPassengerMs)}::timestamptz
      returning 1)
    select count(*)::int as n from gone`);
  const asientos_retenidos = Number(held[0]?.n ?? 0);

  const personas = (await db.delete(persona).where(lt(persona.actualizado, ago(now, RETENTION.knownPassengerMs))).returning({ id: persona.cpersona })).length;

  // Unproven sign-ups: deleted (sessions, links and codes go with them); one that something
  // points to (which should not happen) is closed as a customer's closing would, instead.
  let registros_sin_confirmar = 0;
  const stale = and(isNull(cuenta.correo_confirmado_en), isNull(cuenta.cerrada_en), lt(cuenta.creado_en, ago(now, RETENTION.unconfirmedSignUpMs)));
  for (const { ccuenta } of await db.select({ ccuenta: cuenta.ccuenta }).from(cuenta).where(stale)) {
    try {
      registros_sin_confirmar += (await db.delete(cuenta).where(and(eq(cuenta.ccuenta, ccuenta), stale)).returning({ ccuenta: cuenta.ccuenta })).length;
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      await eraseAccount(db, ccuenta, now);
      registros_sin_confirmar += 1;
    }
  }

  const correos_enviados = (await db.delete(outbox).where(lt(outbox.sent_at, ago(now, RETENTION.sentMailMs))).returning({ id: outbox.id })).length;

  return { invitados, compras_sin_pago, compras_pagadas, asientos_retenidos, personas, registros_sin_confirmar, correos_enviados };
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * The day's retention run, once across the instances: claimed in `tarea_periodica`, then done and
 * recorded. Returns what it did, or undefined when another instance (or an earlier run) has the day.
 */
export async function runRetention(db: Database, now: Date): Promise<RetentionResult | undefined> {
  if (!(await claimPeriodicRun(db, RETENTION_JOB, now, RETENTION_EVERY_MS))) return undefined;
  const result = await purgeExpired(db, now);
  await recordPeriodicRun(db, RETENTION_JOB, { ...result });
  return result;
}

export interface RetentionJobOptions {
  db: Database;
  log: { info(message: string): void; error(message: string): void };
  /** How often an instance checks whether the day's run is still to be claimed (an hour). */
  intervalMs?: number;
  now?: () => Date;
}

/** The loop every API instance runs; `runRetention` makes the day's purge happen once across them. */
export function createRetentionJob(options: RetentionJobOptions) {
  const { db, log, intervalMs = 60 * 60_000, now = clock.now } = options;
  return periodicJob({
    name: 'retention',
    intervalMs,
    log,
    run: async () => {
      const result = await runRetention(db, now());
      // Counts only: the log carries no personal data.
      if (result) log.info(`retention: ${Object.entries(result).map(([k, v]) => `${k}=${v}`).join(' ')}`);
    },
  });
}
