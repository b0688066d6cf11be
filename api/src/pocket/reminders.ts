import { clock } from '@rumbo/shared/clock';
import { claimPeriodicRun } from '../jobs/once-per-period';
import { periodicJob } from '../jobs/periodic';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { enqueueMail } from '../mail/outbox';
import { reserva } from '../sales/sales.tables';
import { inArray } from 'drizzle-orm';
import type { Pocket } from './pocket.service';
import { pocketOf as pocketOfReservation, type PocketLeg, type PocketReservation } from './pocket-view';
import { reminderMail, reminderWhatsApp, type ReminderKind } from './reminder-mail';
import { whatsappRecipient } from '../whatsapp/recipient';
import { enqueueWhatsApp } from '../whatsapp/whatsapp.queue';
import { recordatorio } from './pocket.tables';
import { enqueuePush } from '../push/push.queue';
import { reminderPush } from '../push/push-texts';

const HOUR = 60 * 60_000;

/**
 * The reminders, by how long before the bus leaves the boarding stop they are due. Each is due
 * from that moment until the next one's (a 24 h reminder found late, under 3 h before, is not
 * sent: the 3 h one is), and only for tickets bought before it (a purchase 10 h ahead just got
 * its tickets mail; it gets the 3 h reminder only).
 */
export const REMINDERS: readonly { tipo: ReminderKind; leadMs: number }[] = [
  { tipo: '24h', leadMs: 24 * HOUR },
  { tipo: '3h', leadMs: 3 * HOUR },
];

/** Whether reminder `tipo` of a trip leaving at `salida` is due at `now` for a purchase paid at `pagado`. */
export function reminderDue(tipo: ReminderKind, salida: Date, pagado: Date | null, now: Date): boolean {
  const index = REMINDERS.findIndex((r) => r.tipo === tipo);
  const from = salida.getTime() - REMINDERS[index]!.leadMs;
  const until = index + 1 < REMINDERS.length ? salida.getTime() - REMINDERS[index + 1]!.leadMs : salida.getTime();
  return now.getTime() >= from && now.getTime() < until && (pagado === null || pagado.getTime() <= from);
}

/** The channels beyond mail and push the reminders may take. */
export interface ReminderChannels {
  /** WhatsApp is configured (the Cloud API or its stand-in). */
  whatsapp?: boolean;
}

/** How far back a boarding stop may be from the bus's first departure (the longest route is far shorter). */
const LONGEST_TRIP_MS = 3 * 24 * HOUR;

/**
 * Sends every reminder due at `now`: for each paid purchase with a valid ticket on a trip about to
 * leave, not opted out, each due reminder not sent yet. Sending is claiming: the reminder's row
 * (unique per purchase, trip and kind), its mail in the outbox and its web pushes are written in one transaction,
 * so an instance that loses the race (or runs again after a restart) inserts nothing and sends
 * nothing. Returns how many mails it queued.
 */
export async function sendDueReminders(db: Database, pocket: Pocket, now: Date, channels: ReminderChannels = {}): Promise<number> {
  const longest = REMINDERS[0]!.leadMs;
  const nowIso = now.toISOString();
  // Candidates by the bus's first departure (a boarding stop is at or after it); the exact
  // boarding time at the passenger's stop is computed below.
  const candidates = await queryRows<{ creserva: number }>(db, sql`
    select distinct r.creserva
    from reserva r
    join boleto b on b.creserva = r.creserva and b.estado = 'emitido'
    join reserva_asiento ra on ra.creserva = b.creserva and ra.cviaje_asiento = b.cviaje_asiento
    join viaje v on v.cviaje = ra.cviaje
    where r.estado = 'pagada'
      and v.salida <= ${nowIso}::timestamptz + make_interval(secs => ${longest / 1000})
      and v.salida > ${nowIso}::timestamptz - make_interval(secs => ${LONGEST_TRIP_MS / 1000})
      and not exists (select 1 from recordatorio_baja x where x.creserva = r.creserva)
      and not exists (select 1 from recordatorio x where x.creserva = r.creserva and x.cviaje = ra.cviaje and x.tipo = ${REMINDERS.at(-1)!.tipo})
      -- The first reminder sent, the second is not due before its lead time from the bus's first
      -- departure (a boarding stop is at or after it): not read again every period until then.
      and not (
        exists (select 1 from recordatorio x where x.creserva = r.creserva and x.cviaje = ra.cviaje and x.tipo = ${REMINDERS[0]!.tipo})
        and v.salida > ${nowIso}::timestamptz + make_interval(secs => ${REMINDERS[1]!.leadMs / 1000})
      )
    order by r.creserva`);
  if (candidates.length === 0) return 0;
  const rows = await db.select().from(reserva).where(inArray(reserva.creserva, candidates.map((c) => Number(c.creserva))));
  let queued = 0;
  for (const row of rows) {
    const reservation = await pocketOfReservation(db, row);
    for (const leg of reservation.legs) {
      for (const { tipo } of REMINDERS) {
        if (!reminderDue(tipo, leg.salida, reservation.pagado, now)) continue;
        if (await claimAndQueue(db, pocket, reservation, leg, tipo, now, channels)) queued += 1;
      }
    }
  }
  return queued;
}

async function claimAndQueue(db: Database, pocket: Pocket, reservation: PocketReservation, leg: PocketLeg, tipo: ReminderKind, now: Date, channels: ReminderChannels): Promise<boolean> {
  const links = await pocket.reminderLinks(reservation, leg, now);
  return db.transaction(async (tx) => {
    // A concurrent insert of the same key waits for the other transaction, then inserts nothing.
    const claimed = await tx
      .insert(recordatorio)
      .values({ creserva: reservation.creserva, cviaje: leg.cviaje, tipo, enviado: now })
      .onConflictDoNothing()
      .returning({ id: recordatorio.id });
    if (claimed.length === 0) return false;
    // The opt-out may have come in since the candidates were read: checked under the claim.
    const [optedOut] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from recordatorio_baja where creserva = ${reservation.creserva}`);
    if (Number(optedOut?.n ?? 0) > 0) return false;
    await enqueueMail(tx, reminderMail(reservation, leg, tipo, links));
    // And a web push to each phone that asked for the purchase's (or its buyer's) notices.
    await enqueuePush(tx, reservation.creserva, reminderPush(reservation, leg, tipo), now);
    // And by WhatsApp (issue 48) to the buyer's account, if it turned WhatsApp on for its trips.
    if (channels.whatsapp) {
      const [buyer] = await queryRows<{ ccuenta: number | null }>(tx, sql`select ccuenta from reserva where creserva = ${reservation.creserva}`);
      const telefono = await whatsappRecipient(tx, buyer?.ccuenta, 'servicio');
      if (telefono) await enqueueWhatsApp(tx, reminderWhatsApp(reservation, leg, tipo, telefono), now);
    }
    return true;
  });
}

export interface ReminderJobOptions {
  db: Database;
  pocket: Pocket;
  log: { info(message: string): void; error(message: string): void };
  /** How often the job looks for due reminders (a minute: reminders need no finer time). */
  intervalMs?: number;
  now?: () => Date;
  /** WhatsApp is configured: reminders go there too, to those who turned it on for their trips. */
  whatsapp?: boolean;
}

/** The fleet's reminders run (`tarea_periodica.nombre`). */
export const REMINDERS_JOB = 'recordatorios';

/**
 * One period's reminders for the whole fleet: the first instance to claim the period
 * (`claimPeriodicRun`) reads the candidates and sends what is due; the others skip it. Every
 * instance reading every candidate each period cost the database the fleet's size times the
 * purchases of the next day's trips (two statements each) a minute. `sendDueReminders` still
 * claims each reminder, so a period run twice (a lapsed claim) sends nothing twice; a run that
 * dies halfway leaves the rest to the next period. Answers how many mails it queued, or undefined
 * when another instance has the period.
 */
export async function runDueReminders(db: Database, pocket: Pocket, now: Date, everyMs: number, channels: ReminderChannels = {}): Promise<number | undefined> {
  if (!(await claimPeriodicRun(db, REMINDERS_JOB, now, everyMs))) return undefined;
  return sendDueReminders(db, pocket, now, channels);
}

/** The loop every API instance runs; one of them runs each period (`runDueReminders`), each reminder goes out once. */
export function createReminderJob(options: ReminderJobOptions) {
  const { db, pocket, log, intervalMs = 60_000, now = clock.now, whatsapp = false } = options;

  return periodicJob({
    name: 'reminders',
    intervalMs,
    log,
    run: async () => {
      // A period a little shorter than the loop's: each instance's timer drifts by its runs.
      const queued = await runDueReminders(db, pocket, now(), intervalMs * 0.9, { whatsapp });
      if (queued) log.info(`reminders: ${queued} queued`);
    },
  });
}
