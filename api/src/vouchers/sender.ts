import { periodicJob } from '../jobs/periodic';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { readCdr, zipVoucher, type SunatPort } from './sunat';
import { sunatFileName } from './ubl';
import { comprobante } from './vouchers.tables';

// The vouchers' outbox: every voucher is written 'pendiente' with the sale; this loop sends each
// to SUNAT (or the stand-in) once it is due, stores the CDR and the state SUNAT gave it, and
// retries what did not get through. A rejected voucher stays 'rechazado' with SUNAT's code for
// the operator (GET /rest/operador/comprobantes), never silently dropped.

/** After this many failed attempts a voucher is 'error' (the operator's to look at). */
export const MAX_VOUCHER_ATTEMPTS = 12;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** A claimed voucher is not due again for this long (another instance takes it only if this one died). */
const CLAIM_MS = 5 * 60_000;

/** 1 min, 2 min, 4 min ... up to 1 h: twelve attempts span about seven hours, within SUNAT's sending deadline. */
export const voucherRetryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);

/**
 * SUNAT's exceptions that may pass if tried again: 0100-0199 (its service, authentication,
 * busy or down) and 0200-0299 (its systems); others (0150+ the zip or file, 0300+ the XML) will
 * not change by themselves.
 */
export const retryableFault = (code: string) => (/^01\d\d$/.test(code) && Number(code) < 150) || /^02\d\d$/.test(code);

export interface VoucherSenderOptions {
  db: Database;
  sunat: SunatPort;
  log: { warn(message: string): void; error(message: string): void; info?(message: string): void };
  intervalMs?: number;
  batchSize?: number;
  /** How many vouchers of a batch are in flight at once (SUNAT takes concurrent calls; the stand-in validates them together). */
  concurrency?: number;
}

export interface VoucherSender {
  /** Sends every voucher due at `now`; resolves when none is left. */
  drain(now?: Date): Promise<{ aceptados: number; rechazados: number; fallidos: number }>;
  start(): void;
  stop(): Promise<void>;
}

export function createVoucherSender(options: VoucherSenderOptions): VoucherSender {
  const { db, sunat, log, intervalMs = 5_000, batchSize = 20, concurrency = 5 } = options;
  /** Set by stop(): the batch in progress ends after the voucher being sent (its claim lapses for the others). */
  let stopping = false;

  async function claimDue(now: Date) {
    // A credit note waits for the voucher it modifies to be answered (SUNAT refuses a note of a
    // voucher it does not know). SKIP LOCKED + the pushed due time: one sender per voucher.
    const due = locks.skipLocked(
      db
        .select({ id: comprobante.ccomprobante })
        .from(comprobante)
        .where(
          and(
            eq(comprobante.estado, 'pendiente'),
            lte(comprobante.proximo_intento, now),
            sql`not exists (select 1 from comprobante o where o.ccomprobante = ${comprobante.ccomprobante_origen} and o.estado = 'pendiente')`,
          ),
        )
        .orderBy(asc(comprobante.ccomprobante))
        .limit(batchSize),
    );
    return db
      .update(comprobante)
      .set({ proximo_intento: new Date(now.getTime() + CLAIM_MS) })
      .where(inArray(comprobante.ccomprobante, due))
      .returning();
  }

  async function send(voucher: typeof comprobante.$inferSelect, now: Date): Promise<'aceptado' | 'rechazado' | 'fallido'> {
    const intentos = voucher.intentos + 1;
    const number = `${voucher.serie}-${voucher.correlativo}`;
    const fileName = sunatFileName(voucher.tipo, voucher.serie, voucher.correlativo);
    const retryLater = async (reason: string, codigo: string | null = null) => {
      const giveUp = intentos >= MAX_VOUCHER_ATTEMPTS;
      await db
        .update(comprobante)
        .set({ intentos, ultimo_error: reason.slice(0, 1000), sunat_codigo: codigo, estado: giveUp ? 'error' : 'pendiente', proximo_intento: new Date(now.getTime() + voucherRetryDelayMs(intentos)) })
        .where(eq(comprobante.ccomprobante, voucher.ccomprobante));
      (giveUp ? log.error : log.warn).call(log, `voucher ${number} not sent (attempt ${intentos}): ${reason}${giveUp ? '; giving up' : ''}`);
      return 'fallido' as const;
    };
    let answer;
    try {
      answer = await sunat.sendBill(fileName, zipVoucher(fileName, voucher.xml));
    } catch (error) {
      return retryLater(error instanceof Error ? error.message : String(error));
    }
    if (answer.kind === 'fault') {
      if (retryableFault(answer.code)) return retryLater(`SUNAT ${answer.code}: ${answer.message}`, answer.code);
      await db
        .update(comprobante)
        .set({ intentos, estado: 'rechazado', sunat_codigo: answer.code, sunat_descripcion: answer.message.slice(0, 1000), ultimo_error: null, respondido: now })
        .where(eq(comprobante.ccomprobante, voucher.ccomprobante));
      log.error(`voucher ${number} refused by SUNAT: ${answer.code} ${answer.message}`);
      return 'rechazado';
    }
    let cdr;
    try {
      cdr = readCdr(answer.cdrZip);
    } catch (error) {
      return retryLater(`unreadable CDR: ${(error as Error).message}`);
    }
    const code = Number(cdr.codigo);
    // 0 accepted; 4000+ accepted with observations; 2000-3999 rejected (catálogo de errores).
    const estado = code === 0 ? (cdr.notas.length > 0 ? 'observado' : 'aceptado') : code >= 4000 ? 'observado' : 'rechazado';
    await db
      .update(comprobante)
      .set({
        intentos,
        estado,
        sunat_codigo: cdr.codigo,
        sunat_descripcion: [cdr.descripcion, ...cdr.notas].join(' | ').slice(0, 1000),
        cdr: Buffer.from(answer.cdrZip).toString('base64'),
        ultimo_error: null,
        respondido: now,
      })
      .where(eq(comprobante.ccomprobante, voucher.ccomprobante));
    if (estado === 'rechazado') log.error(`voucher ${number} rejected by SUNAT: ${cdr.codigo} ${cdr.descripcion}`);
    return estado === 'rechazado' ? 'rechazado' : 'aceptado';
  }

  async function drain(now = new Date()) {
    const counts = { aceptados: 0, rechazados: 0, fallidos: 0 };
    for (let batch = await claimDue(now); batch.length > 0 && !stopping; batch = await claimDue(now)) {
      const queue = batch.values();
      await Promise.all(
        Array.from({ length: Math.min(concurrency, batch.length) }, async () => {
          for (const voucher of queue) {
            // Stopping: the rest of the batch stays claimed until CLAIM_MS, then another instance sends it.
            if (stopping) break;
            const result = await send(voucher, now);
            if (result === 'aceptado') counts.aceptados += 1;
            else if (result === 'rechazado') counts.rechazados += 1;
            else counts.fallidos += 1;
          }
        }),
      );
    }
    return counts;
  }

  // Stopping ends a drain between vouchers, not after the whole outbox.
  return { drain, ...periodicJob({ name: 'voucher sender', intervalMs, log, run: () => drain(), onStop: () => (stopping = true) }) };
}
