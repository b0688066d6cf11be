import { clock } from '@rumbo/shared/clock';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import type { PushMessage } from './push-texts';

/**
 * Queues `message` for every subscription told about purchase `creserva`: those bound to the
 * purchase and those bound to its buyer's account, once each (one `push_envio` row per
 * subscription and message; the same message again adds none). Pass the transaction of the change
 * that causes it, so the notification exists exactly when the change is committed. Returns how
 * many rows it added.
 */
export async function enqueuePush(tx: Database, creserva: number, message: PushMessage, now: Date): Promise<number> {
  const at = now.toISOString();
  // Due at once by the clock the sender compares with (this process's), as the mail outbox.
  const due = clock.now().toISOString();
  const rows = await queryRows<{ id: number }>(tx, sql`
    insert into push_envio (csuscripcion, clave, titulo, cuerpo, url, next_attempt_at, created_at)
    select distinct l.csuscripcion, ${message.clave}, ${message.titulo}, ${message.cuerpo}, ${message.url}, ${due}::timestamptz, ${at}::timestamptz
    from push_vinculo l
    where l.creserva = ${creserva}
       or l.ccuenta = (select r.ccuenta from reserva r where r.creserva = ${creserva})
    on conflict (csuscripcion, clave) do nothing
    returning id`);
  return rows.length;
}

/** Of these purchases, those some subscription is told about (one query: a departure's 600 holders mostly have none). */
export async function purchasesWithPush(tx: Database, creservas: readonly number[]): Promise<Set<number>> {
  if (creservas.length === 0) return new Set();
  const ids = sql.join(creservas.map((id) => sql`${id}`), sql`, `);
  const rows = await queryRows<{ creserva: number }>(tx, sql`
    select r.creserva from reserva r
    where r.creserva in (${ids})
      and exists (select 1 from push_vinculo l where l.creserva = r.creserva or (r.ccuenta is not null and l.ccuenta = r.ccuenta))`);
  return new Set(rows.map((row) => Number(row.creserva)));
}

/**
 * Queues `message` for every subscription bound to the account `ccuenta` (the customer turned push
 * on while signed in), once each: what is not about one purchase (a waitlist offer, issue 48).
 * Pass the transaction of the change that causes it. Returns how many rows it added.
 */
export async function enqueueAccountPush(tx: Database, ccuenta: number, message: PushMessage, now: Date): Promise<number> {
  const due = clock.now().toISOString();
  const rows = await queryRows<{ id: number }>(tx, sql`
    insert into push_envio (csuscripcion, clave, titulo, cuerpo, url, next_attempt_at, created_at)
    select distinct l.csuscripcion, ${message.clave}, ${message.titulo}, ${message.cuerpo}, ${message.url}, ${due}::timestamptz, ${now.toISOString()}::timestamptz
    from push_vinculo l where l.ccuenta = ${ccuenta}
    on conflict (csuscripcion, clave) do nothing
    returning id`);
  return rows.length;
}
