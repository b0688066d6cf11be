import { periodicJob } from '../jobs/periodic';
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { reissueRefused, signVoucher, type Voucher } from './issue';
import { onVoucherNumbered } from './numbered';
import type { VoucherSigner } from './signing';
import { readCdr, zipVoucher, type SunatPort } from './sunat';
import { sunatFileName } from './ubl';
import { comprobante } from './vouchers.tables';

// The vouchers' outbox: every voucher is written 'pendiente' with the sale, numbered and with what
// it says but unsigned (issue 44); this loop builds and signs each one's XML (stored before
// anything goes out, so the ticket page and the mail have it at once), sends it to SUNAT (or the
// stand-in), stores the CDR and the state SUNAT gave it, and retries what did not get through.
// A claim is an update that commits at once (SKIP LOCKED, the claim pushed ahead), so no lock is
// held while a key signs or SUNAT answers; a sender that dies leaves its claims due again after
// CLAIM_MS, and a signature is stored only on an unsigned row (one signature per voucher).
// A voucher SUNAT refuses is kept 'rechazado' with SUNAT's code and issued again under a new
// number (issue.ts reissueRefused); both are listed for the operator (GET /rest/operador/comprobantes).

/** After this many failed attempts a voucher is 'error' (the operator's to look at). */
export const MAX_VOUCHER_ATTEMPTS = 12;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/**
 * A claimed voucher is not due again for this long (another instance takes it only if this one
 * died): signing takes milliseconds and is shown to the customer, so a dead instance's unsigned
 * vouchers are signed by the others within half a minute; sending waits on SUNAT (30 s per call,
 * a batch in rounds), so its claim is longer. A claim that lapses while its sender is still at
 * work costs a repeated signature, never a second one stored (`signOne` writes only unsigned rows).
 */
const CLAIM_MS = { sign: 30_000, send: 5 * 60_000 } as const;

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
  /** Signs the vouchers' XML (the operator's certificate, SUNAT_CERT_*). */
  signer: VoucherSigner;
  log: { warn(message: string): void; error(message: string): void; info?(message: string): void };
  /** How often the sending loop (sign, then send to SUNAT) runs. */
  intervalMs?: number;
  /**
   * How often the signing loop runs (default 250 ms): signing has a loop of its own, so a voucher
   * is signed within about this long of its sale however long the sending loop spends on SUNAT.
   */
  signIntervalMs?: number;
  /**
   * The longest wait of either loop after rounds that found nothing (default 2 s): an idle loop
   * backs off from its interval to this, and a sale committed in this process (numbered.ts) wakes
   * the signing loop, a signature the sending loop. Every instance polls, so an idle fleet's
   * claims grew with its instances: 4 signing and 2 sending claims a second each at the intervals.
   */
  idleIntervalMs?: number;
  batchSize?: number;
  /** How many vouchers of a batch are in flight at once (SUNAT takes concurrent calls; the stand-in validates them together). */
  concurrency?: number;
}

export interface VoucherSender {
  /** Signs every voucher numbered and not signed yet; resolves with how many this sender signed. */
  sign(now?: Date): Promise<number>;
  /** Signs, then sends every voucher due at `now`; resolves when none is left. */
  drain(now?: Date): Promise<{ aceptados: number; rechazados: number; fallidos: number }>;
  start(): void;
  stop(): Promise<void>;
}

export function createVoucherSender(options: VoucherSenderOptions): VoucherSender {
  const { db, sunat, signer, log, intervalMs = 5_000, signIntervalMs = 250, idleIntervalMs = 2_000, batchSize = 20, concurrency = 5 } = options;
  /** Set by stop(): the batch in progress ends after the voucher being sent (its claim lapses for the others). */
  let stopping = false;

  /**
   * The vouchers due at `now` for one stage, claimed: 'sign', numbered and not signed yet;
   * 'send', signed and not answered. SKIP LOCKED + the pushed due time, committed at once: one
   * sender per voucher, and no lock held afterwards (while the key signs or SUNAT answers).
   */
  async function claimDue(now: Date, stage: 'sign' | 'send') {
    const due = locks.skipLocked(
      db
        .select({ id: comprobante.ccomprobante })
        .from(comprobante)
        .where(
          and(
            eq(comprobante.estado, 'pendiente'),
            lte(comprobante.proximo_intento, now),
            stage === 'sign'
              ? isNull(comprobante.xml)
              : // A credit note waits for the voucher it modifies to be answered (SUNAT refuses a
                // note of a voucher it does not know).
                and(
                  isNotNull(comprobante.xml),
                  sql`not exists (select 1 from comprobante o where o.ccomprobante = ${comprobante.ccomprobante_origen} and o.estado = 'pendiente')`,
                ),
          ),
        )
        .orderBy(asc(comprobante.ccomprobante))
        .limit(batchSize),
    );
    return db
      .update(comprobante)
      .set({ proximo_intento: new Date(now.getTime() + CLAIM_MS[stage]) })
      .where(inArray(comprobante.ccomprobante, due))
      .returning();
  }

  /** A voucher's failed attempt (not signed, not sent): due again later, 'error' after MAX_VOUCHER_ATTEMPTS. */
  async function retryLater(voucher: Voucher, now: Date, reason: string, codigo: string | null = null): Promise<'fallido'> {
    const intentos = voucher.intentos + 1;
    const giveUp = intentos >= MAX_VOUCHER_ATTEMPTS;
    await db
      .update(comprobante)
      .set({ intentos, ultimo_error: reason.slice(0, 1000), sunat_codigo: codigo, estado: giveUp ? 'error' : 'pendiente', proximo_intento: new Date(now.getTime() + voucherRetryDelayMs(intentos)) })
      .where(eq(comprobante.ccomprobante, voucher.ccomprobante));
    (giveUp ? log.error : log.warn).call(log, `voucher ${voucher.serie}-${voucher.correlativo} not sent (attempt ${intentos}): ${reason}${giveUp ? '; giving up' : ''}`);
    return 'fallido';
  }

  /**
   * Builds and signs a claimed voucher's XML (no transaction, no lock) and stores it, only on a
   * row still unsigned: if this sender's claim lapsed and another signed it meanwhile, that
   * signature stands. Due for sending at once.
   */
  async function signOne(voucher: Voucher, now: Date): Promise<boolean> {
    let document;
    try {
      document = signVoucher(voucher, signer);
    } catch (error) {
      await retryLater(voucher, now, `not signed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
    const stored = await db
      .update(comprobante)
      .set({ xml: document.xml, hash: document.hash, firmado: now, proximo_intento: now })
      .where(and(eq(comprobante.ccomprobante, voucher.ccomprobante), isNull(comprobante.xml)))
      .returning({ id: comprobante.ccomprobante });
    return stored.length === 1;
  }

  /**
   * Signs every voucher numbered and not signed yet (due at `at`, else at each batch's start: the
   * signing loop's vouchers sold while it signs are taken in its next batch, and `firmado` is when
   * they were signed); resolves with how many this sender signed.
   */
  async function sign(at?: Date): Promise<number> {
    let count = 0;
    const time = () => at ?? new Date();
    let now = time();
    for (let batch = await claimDue(now, 'sign'); batch.length > 0 && !stopping; now = time(), batch = await claimDue(now, 'sign')) {
      for (const voucher of batch) {
        if (stopping) break;
        if (await signOne(voucher, now)) count += 1;
      }
    }
    return count;
  }

  /** SUNAT refused it: 'rechazado' with SUNAT's words, and (issue 44) the same voucher under a new number, in one transaction. */
  async function refuse(voucher: Voucher, intentos: number, codigo: string, descripcion: string, now: Date, cdr?: Uint8Array) {
    const replacement = await db.transaction(async (tx) => {
      const locked = (await locks.row(tx, 'voucherSeries', comprobante, eq(comprobante.ccomprobante, voucher.ccomprobante), `voucher:${voucher.ccomprobante}`))!;
      const next = await reissueRefused(tx, locked, now);
      await tx
        .update(comprobante)
        .set({
          intentos,
          estado: 'rechazado',
          // Replaced: the new number is the sale's voucher; the refused one is void.
          ...(next ? { vigencia: 'anulado' } : {}),
          sunat_codigo: codigo,
          sunat_descripcion: descripcion.slice(0, 1000),
          ...(cdr ? { cdr: Buffer.from(cdr).toString('base64') } : {}),
          ultimo_error: null,
          respondido: now,
        })
        .where(eq(comprobante.ccomprobante, voucher.ccomprobante));
      return next;
    });
    const number = `${voucher.serie}-${voucher.correlativo}`;
    log.error(`voucher ${number} refused by SUNAT: ${codigo} ${descripcion}${replacement ? `; issued again as ${replacement.serie}-${replacement.correlativo}` : '; not issued again (it replaced a refused one): the operator must act'}`);
  }

  async function send(voucher: Voucher, now: Date): Promise<'aceptado' | 'rechazado' | 'fallido'> {
    const intentos = voucher.intentos + 1;
    const fileName = sunatFileName(voucher.tipo, voucher.serie, voucher.correlativo);
    let answer;
    try {
      answer = await sunat.sendBill(fileName, zipVoucher(fileName, voucher.xml!));
    } catch (error) {
      return retryLater(voucher, now, error instanceof Error ? error.message : String(error));
    }
    if (answer.kind === 'fault') {
      if (retryableFault(answer.code)) return retryLater(voucher, now, `SUNAT ${answer.code}: ${answer.message}`, answer.code);
      await refuse(voucher, intentos, answer.code, answer.message, now);
      return 'rechazado';
    }
    let cdr;
    try {
      cdr = readCdr(answer.cdrZip);
    } catch (error) {
      return retryLater(voucher, now, `unreadable CDR: ${(error as Error).message}`);
    }
    const code = Number(cdr.codigo);
    // 0 accepted; 4000+ accepted with observations; 2000-3999 rejected (catálogo de errores).
    const estado = code === 0 ? (cdr.notas.length > 0 ? 'observado' : 'aceptado') : code >= 4000 ? 'observado' : 'rechazado';
    const descripcion = [cdr.descripcion, ...cdr.notas].join(' | ');
    if (estado === 'rechazado') {
      await refuse(voucher, intentos, cdr.codigo, descripcion, now, answer.cdrZip);
      return 'rechazado';
    }
    await db
      .update(comprobante)
      .set({
        intentos,
        estado,
        sunat_codigo: cdr.codigo,
        sunat_descripcion: descripcion.slice(0, 1000),
        cdr: Buffer.from(answer.cdrZip).toString('base64'),
        ultimo_error: null,
        respondido: now,
      })
      .where(eq(comprobante.ccomprobante, voucher.ccomprobante));
    return 'aceptado';
  }

  async function drain(now = new Date()) {
    const counts = { aceptados: 0, rechazados: 0, fallidos: 0 };
    // The signatures before each batch sent: the ticket page and the mail wait for them, not for
    // SUNAT (and a refused voucher's replacement is signed and sent in the same drain).
    const signedThenDue = async () => (await sign(now), claimDue(now, 'send'));
    for (let batch = await signedThenDue(); batch.length > 0 && !stopping; batch = await signedThenDue()) {
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

  // Two loops. Sending waits on SUNAT (and a drain only signs what was due when it began), so
  // during a rush a drain can last long enough that a voucher sold meanwhile would wait for the
  // next one to be signed: the customer's page says "issuing" and the tickets mail waits for it.
  // The signing loop signs on its own, each round with the time it starts; both claim in the
  // database, so they never sign one voucher twice. Stopping ends either between vouchers.
  // Idle, each backs off to idleIntervalMs (never slower than its interval): a sale committed here
  // wakes the signing loop, and a signature the sending loop.
  const sending = periodicJob({
    name: 'voucher sender',
    intervalMs,
    idleIntervalMs: Math.max(intervalMs, idleIntervalMs),
    busy: (counts) => counts.aceptados + counts.rechazados + counts.fallidos > 0,
    log,
    run: () => drain(),
    onStop: () => (stopping = true),
  });
  const signing = periodicJob({
    name: 'voucher signer',
    intervalMs: signIntervalMs,
    idleIntervalMs: Math.max(signIntervalMs, idleIntervalMs),
    busy: (signed) => signed > 0,
    log,
    run: async () => {
      const signed = await sign();
      if (signed > 0) sending.wake();
      return signed;
    },
    onStop: () => (stopping = true),
  });
  let unsubscribe = () => {};
  return {
    drain,
    sign,
    start() {
      stopping = false;
      unsubscribe();
      unsubscribe = onVoucherNumbered(() => signing.wake());
      signing.start();
      sending.start();
    },
    async stop() {
      unsubscribe();
      await Promise.all([signing.stop(), sending.stop()]);
    },
  };
}
