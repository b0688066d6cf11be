import { clock } from '@rumbo/shared/clock';
import type { OperatorRefunds } from '@rumbo/shared/schemas';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { periodicJob } from '../jobs/periodic';
import { PaymentProviderError, type PaymentProvider } from '../payments/provider';
import { pago } from '../sales/sales.tables';
import { reembolso } from './disruptions.tables';

// Money leaves once (issue 35): a refund is asked of its provider with its own idempotency key;
// one the provider could not answer (network, 5xx) is asked again later by the periodic job with
// the SAME key, a bounded number of times; one it refused, or that ran out of tries, is the operator's.

type Providers = Partial<Record<string, PaymentProvider>>;
type RefundRow = typeof reembolso.$inferSelect;

/** Tries in all (the first, in the customer's request, included) before a refund is left to the operator. */
export const REFUND_MAX_TRIES = 8;
/** A 'pendiente' refund older than this had its first try cut short (a crash): the job tries it. */
const STALE_PENDING_MS = 5 * 60_000;
/** While the job asks the provider, the row is not due for another instance. */
const CLAIM_MS = 2 * 60_000;

/** The wait before try n + 1 after n tries: 1, 2, 4 … minutes, at most 6 hours. */
export const refundBackoffMs = (tries: number) => Math.min(60_000 * 2 ** Math.max(tries - 1, 0), 6 * 3_600_000);

/**
 * Asks the provider for one refund with its key and records the answer: 'hecho' with the
 * provider's id; a failure the provider may recover from stays 'fallido' with its next try (until
 * REFUND_MAX_TRIES), anything else 'revision'. A provider without a refund API leaves it as it is.
 */
export async function settleRefund(db: Database, r: RefundRow, providers: Providers, now: Date): Promise<void> {
  const provider = providers[r.proveedor];
  if (!provider?.refund) return;
  const [payment] = r.cpago === null ? [] : await db.select().from(pago).where(eq(pago.cpago, r.cpago));
  const intentos = r.intentos + 1;
  try {
    const done = await provider.refund({ clave: r.clave, referencia: payment?.referencia ?? '', operacion: payment?.operacion ?? null, montoCentimos: r.monto_centimos });
    await db.update(reembolso).set({ estado: 'hecho', operacion: done.operacion, respuesta: 'ok', intentos, proximo: null, resuelto: now }).where(eq(reembolso.creembolso, r.creembolso));
  } catch (error) {
    const retry = error instanceof PaymentProviderError ? error.retryable : true;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const again = retry && intentos < REFUND_MAX_TRIES;
    await db
      .update(reembolso)
      .set({ estado: again ? 'fallido' : 'revision', respuesta: message, intentos, proximo: again ? new Date(now.getTime() + refundBackoffMs(intentos)) : null })
      .where(and(eq(reembolso.creembolso, r.creembolso), sql`${reembolso.estado} <> 'hecho'`));
  }
}

/**
 * One run of the job: claims the refunds due (a 'fallido' one whose time has come, or a
 * 'pendiente' one left over by a crash) with SKIP LOCKED, moving their time on so no other instance
 * takes them meanwhile, and asks each of its provider again with the same key. Answers how many it tried.
 */
export async function retryDueRefunds(db: Database, providers: Providers, now: Date, limit = 20): Promise<number> {
  const names = Object.entries(providers).filter(([, p]) => p?.refund).map(([name]) => name);
  if (names.length === 0) return 0;
  const due = await queryRows<{ creembolso: number }>(db, sql`
    update reembolso set proximo = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
    where creembolso in (
      select creembolso from reembolso
      where proveedor in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
        and ((estado = 'fallido' and proximo <= ${now.toISOString()}::timestamptz)
          or (estado = 'pendiente' and creado <= ${new Date(now.getTime() - STALE_PENDING_MS).toISOString()}::timestamptz
              and (proximo is null or proximo <= ${now.toISOString()}::timestamptz)))
      order by creembolso limit ${limit} for update skip locked)
    returning creembolso`);
  if (due.length === 0) return 0;
  const rows = await db.select().from(reembolso).where(inArray(reembolso.creembolso, due.map((d) => Number(d.creembolso)))).orderBy(asc(reembolso.creembolso));
  for (const row of rows) await settleRefund(db, row, providers, now);
  return rows.length;
}

/** `GET /rest/operador/reembolsos`: refunds in one state, or (default, 'atencion') every one not done. */
export async function operatorRefunds(db: Database, estado: OperatorRefunds[number]['estado'] | 'atencion' | undefined): Promise<OperatorRefunds> {
  const rows = await db
    .select()
    .from(reembolso)
    .where(estado === undefined || estado === 'atencion' ? sql`${reembolso.estado} <> 'hecho'` : eq(reembolso.estado, estado))
    .orderBy(asc(reembolso.creembolso))
    .limit(500);
  return rows.map((r) => ({
    creembolso: r.creembolso,
    numero: r.numero,
    proveedor: r.proveedor,
    monto_centimos: r.monto_centimos,
    estado: r.estado as OperatorRefunds[number]['estado'],
    intentos: r.intentos,
    respuesta: r.respuesta,
    operacion: r.operacion,
    proximo: r.proximo?.toISOString() ?? null,
    creado: r.creado.toISOString(),
  }));
}

/** The loop every API instance runs (each refund is claimed in the database, and its key makes a second ask harmless). */
export function createRefundRetryJob(options: { db: Database; providers: Providers; log: { info(message: string): void; error(message: string): void }; intervalMs?: number; now?: () => Date }) {
  const { db, providers, log, intervalMs = 60_000, now = clock.now } = options;
  return periodicJob({
    name: 'refunds',
    intervalMs,
    log,
    run: async () => {
      const tried = await retryDueRefunds(db, providers, now());
      if (tried > 0) log.info(`refunds: ${tried} retried`);
    },
  });
}
