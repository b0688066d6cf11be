import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Metrics } from '../http/metrics';
import { outbox } from '../mail/mail.tables';
import { createMailSender, type MailTransport } from '../mail/sender';
import { parseOperatorTokens } from '../operators/operators';
import { decimalOf } from '../payments/signing';
import { ticketAttachments } from '../sales/ticket-attachments';
import { legsOf } from '../sales/legs';
import { reserva, reserva_asiento } from '../sales/sales.tables';
import { createTestApp, signVouchers, testSigner } from '../test/app';
import { TEST_ENGINE } from '../test/database';
import { BUYER, findTrip, heldPurchase, notifySafetyPay, post, safetyPayNotice, setupSandboxApp, startSafetyPay } from '../test/purchase';
import { issueSaleVoucher, numberedAtCommit, takeNumber } from './issue';
import { DOCUMENT, MAX_CORRELATIVE, parseVoucherSeries, type VoucherSeries } from './rules';
import { validateUbl } from './schema';
import { createVoucherSender } from './sender';
import { digestOf, throwawaySigner, verifyUbl } from './signing';
import { createSunatStandIn, type SunatPort } from './sunat';
import { sunatFileName } from './ubl';
import { comprobante, comprobante_serie } from './vouchers.tables';

// Issue 44, "Holiday rush": the sale takes the voucher's number; the XML, its signature and the
// sending follow the commit in the vouchers' outbox, once across instances.

const TOKEN = 'f3a9c1d47e8b20c6a5d9e1f07b3c8a4d2e6f1b9c';
const clock = Date.now();
const now = () => new Date(clock);
const limits = { max: 100_000, timeWindow: 60_000 };
const api = setupSandboxApp(now, { operators: parseOperatorTokens(`ops-lima=${TOKEN}`) });
const quiet = { warn: () => undefined, error: () => undefined };
const standIn = createSunatStandIn(throwawaySigner('SUNAT (simulador)'), now);
const operator = { authorization: `Bearer ${TOKEN}` };
/** These tests sell, sign, render PDFs and mail through several instances: minutes on a loaded machine, not 30 s. */
const SLOW_MS = 120_000;

/** Another API instance on the same database (as behind HAProxy), with its own voucher series when given. */
async function instance(series?: VoucherSeries, more: Record<string, unknown> = {}): Promise<FastifyInstance> {
  return createTestApp(api.db, {
    now,
    payments: api.providers,
    paymentSandbox: api.providers.sandbox,
    seatRateLimit: limits,
    writeRateLimit: limits,
    lookupRateLimit: limits,
    operators: parseOperatorTokens(`ops-lima=${TOKEN}`),
    ...(series ? { voucherSeries: series } : {}),
    ...more,
  });
}

let tripDay = 20;
/** A reservation of one seat, reserved and with its SafetyPay payment started (on the first instance): what its paid notice needs. */
async function reservedPurchase(comprador: object = BUYER) {
  const trip = await findTrip(api.app, 'LIM', 'ICA', (tripDay += 1));
  const { clave } = await heldPurchase(api.app, [trip], 1);
  const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador, terminos: true });
  expect(res.statusCode).toBe(201);
  const { codigo, total_centimos } = res.json().data;
  const referencia = await startSafetyPay(api.app, api.db, codigo, clave);
  return { codigo, clave, notice: safetyPayNotice(api.sandbox, { referencia, amount: decimalOf(total_centimos) }, now()) };
}

const reservationOf = async (codigo: string) => (await api.db.select().from(reserva).where(eq(reserva.codigo, codigo)))[0]!;
const vouchersOf = async (codigo: string) =>
  api.db.select().from(comprobante).where(eq(comprobante.creserva, (await reservationOf(codigo)).creserva)).orderBy(asc(comprobante.ccomprobante));

describe('the number in the sale, the signature after it (issue 44)', () => {
  it('the paid notice answers with the voucher numbered and unsigned; the outbox then signs it once; the page says "issuing" and the tickets mail waits until then', async () => {
    const { codigo, clave, notice } = await reservedPurchase();
    expect((await notifySafetyPay(api.app, notice)).statusCode).toBe(200);
    const [numbered, ...none] = await vouchersOf(codigo);
    expect(none).toEqual([]);
    // Numbered in the sale's transaction, not signed: no XML, no hash yet.
    expect(numbered).toMatchObject({ tipo: DOCUMENT.boleta, serie: 'B001', estado: 'pendiente', xml: null, hash: null, firmado: null });
    expect(numbered!.correlativo).toBeGreaterThan(0);
    const list = await post(api.app, '/rest/venta/comprobantes', { codigo, clave_bloqueo: clave });
    expect(list.json().data.comprobantes).toEqual([expect.objectContaining({ numero: `B001-${numbered!.correlativo}`, estado: 'emitiendo', hash: null })]);
    for (const [language, text] of [['es-PE', 'se está emitiendo'], ['en-EN', 'is being issued']] as const) {
      const xml = await post(api.app, '/rest/venta/comprobante/xml', { codigo, clave_bloqueo: clave }, { 'accept-language': language });
      expect(xml.statusCode).toBe(409);
      expect(xml.json()).toMatchObject({ code: 'sale.comprobante.emitiendo' });
      expect(xml.json().message).toContain(text);
    }

    // The tickets mail waits for the signature, without spending an attempt.
    const delivered: { to: string; attachments?: { filename: string }[] }[] = [];
    const transport: MailTransport = { sendMail: async (message) => delivered.push(message) };
    const mails = createMailSender({ db: api.db, transport, from: 'x@rumboandino.pe', log: quiet, attachments: ticketAttachments(api.db, now) });
    const ticketsMail = and(eq(outbox.to, BUYER.email), sql`${outbox.adjunto} like ${`boletos:${codigo}:%`}`);
    await mails.drainOutbox(now());
    expect(delivered).toEqual([]);
    expect((await api.db.select().from(outbox).where(ticketsMail))[0]).toMatchObject({ sent_at: null, attempts: 0 });

    // The outbox signs it: valid UBL 2.1, its hash; once (another pass signs nothing).
    expect(await signVouchers(api.db, now())).toBe(1);
    const [signed] = await vouchersOf(codigo);
    expect(signed).toMatchObject({ ccomprobante: numbered!.ccomprobante, correlativo: numbered!.correlativo, firmado: now() });
    expect(await validateUbl(signed!.xml!)).toEqual([]);
    verifyUbl(signed!.xml!);
    expect(signed!.hash).toBe(digestOf(signed!.xml!));
    expect(signed!.xml).toContain(`<cbc:ID>B001-${numbered!.correlativo}</cbc:ID>`);
    expect(await signVouchers(api.db, now())).toBe(0);
    expect((await vouchersOf(codigo))[0]!.hash).toBe(signed!.hash);
    const after = await post(api.app, '/rest/venta/comprobantes', { codigo, clave_bloqueo: clave });
    expect(after.json().data.comprobantes).toEqual([expect.objectContaining({ estado: 'pendiente', hash: signed!.hash })]);
    expect((await post(api.app, '/rest/venta/comprobante/xml', { codigo, clave_bloqueo: clave })).body).toBe(signed!.xml);

    // The mail goes now, with the tickets and the signed voucher.
    await mails.drainOutbox(new Date(clock + 60_000));
    const mine = delivered.filter((m) => m.attachments?.some((a) => a.filename === `boletos-${codigo}.pdf`));
    expect(mine.map((m) => m.attachments!.map((a) => a.filename).sort())).toEqual([[`B001-${numbered!.correlativo}.xml`, `boletos-${codigo}.pdf`, `comprobantes-${codigo}.pdf`, `viaje-${codigo}.ics`].sort()]);
  }, SLOW_MS);

  it('an idle signing loop polls seldom, and a sale committed in the instance wakes it: signed at once, not at its next idle poll', async () => {
    // The signing loop backs off to a minute when idle (the sending loop is kept out of the way).
    const sender = createVoucherSender({ db: api.db, sunat: standIn, signer: testSigner(), log: quiet, intervalMs: 60_000, signIntervalMs: 100, idleIntervalMs: 60_000 });
    const { codigo, notice } = await reservedPurchase();
    sender.start();
    try {
      // Idle rounds 100, 200, 400, 800, 1600 ms apart (later on a busy machine, never sooner): the
      // next one 3.2 s after the round at about 3.1 s, so at least 3 s after the sale below.
      await new Promise((resolve) => setTimeout(resolve, 3_300));
      expect((await notifySafetyPay(api.app, notice)).statusCode).toBe(200);
      const paidAt = Date.now();
      let signed: Date | null = null;
      while (!signed && Date.now() - paidAt < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        signed = (await vouchersOf(codigo))[0]!.firmado;
      }
      expect(signed).not.toBeNull();
      // Woken by the commit: within its 100 ms interval and a round, before the idle poll.
      expect(Date.now() - paidAt).toBeLessThan(2_500);
    } finally {
      await sender.stop();
    }
  }, SLOW_MS);

  it('a crash between the commit and the signature: a new instance and sender on the same database sign it once; a lapsed claim is taken over, a live one is not', async () => {
    const { codigo, clave, notice } = await reservedPurchase();
    expect((await notifySafetyPay(api.app, notice)).statusCode).toBe(200);
    const [numbered] = await vouchersOf(codigo);
    expect(numbered!.xml).toBeNull();
    // The first instance "crashed" after claiming it for signing (the claim pushes its due time 30 s ahead).
    await api.db.update(comprobante).set({ proximo_intento: new Date(clock + 30_000) }).where(eq(comprobante.ccomprobante, numbered!.ccomprobante));

    const restarted = await instance();
    try {
      const sign = () => createVoucherSender({ db: api.db, sunat: standIn, signer: testSigner(), log: quiet });
      expect(await sign().sign(now())).toBe(0);
      expect((await vouchersOf(codigo))[0]!.xml).toBeNull();
      // After the claim lapsed: two senders at once (truly concurrent on PostgreSQL), one signature.
      const later = new Date(clock + 31_000);
      const counts = await Promise.all([sign().sign(later), sign().sign(later)]);
      expect(counts[0]! + counts[1]!).toBe(1);
      const [signed] = await vouchersOf(codigo);
      expect(signed).toMatchObject({ correlativo: numbered!.correlativo, estado: 'pendiente' });
      verifyUbl(signed!.xml!);
      // Sent once by the new instance's sender; nothing is due afterwards.
      const sender = sign();
      expect((await sender.drain(later)).aceptados).toBeGreaterThanOrEqual(1);
      expect((await vouchersOf(codigo))[0]).toMatchObject({ estado: 'aceptado', intentos: 1, hash: signed!.hash });
      expect(await sender.drain(later)).toEqual({ aceptados: 0, rechazados: 0, fallidos: 0 });
      const view = await post(restarted, '/rest/venta/comprobantes', { codigo, clave_bloqueo: clave });
      expect(view.json().data.comprobantes).toEqual([expect.objectContaining({ numero: `B001-${numbered!.correlativo}`, estado: 'aceptado', hash: signed!.hash })]);
    } finally {
      await restarted.close();
    }
  }, SLOW_MS);
});

describe('series per issuing point (issue 44)', () => {
  it('the sale\'s number is taken as its transaction commits: the series\' counter is not held while the sale runs, a rolled-back sale takes none, and the content carries the number', async () => {
    const serie = 'B001';
    const counter = async () => Number((await api.db.select().from(comprobante_serie).where(and(eq(comprobante_serie.tipo, DOCUMENT.boleta), eq(comprobante_serie.serie, serie))))[0]?.ultimo ?? 0);
    const saleOf = async (codigo: string) => {
      const r = await reservationOf(codigo);
      const seats = await api.db.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, r.creserva));
      return { r, seats, legs: await legsOf(api.db, seats) };
    };
    const first = await counter();
    // Rolled back after the voucher was written: no number taken, no voucher kept.
    const lost = await saleOf((await reservedPurchase()).codigo);
    await expect(
      numberedAtCommit(() =>
        api.db.transaction(async (tx) => {
          const placeholder = await issueSaleVoucher(tx, lost.r, lost.seats, lost.legs, { now: now() }, { numberAtCommit: true });
          // Not numbered yet: a placeholder no real number can be (unique, below zero).
          expect(placeholder!.correlativo).toBeLessThan(0);
          throw new Error('the sale rolls back');
        }),
      ),
    ).rejects.toThrow('rolls back');
    expect(await counter()).toBe(first);
    expect(await vouchersOf(lost.r.codigo)).toEqual([]);

    const sold = await saleOf((await reservedPurchase()).codigo);
    let taken = 0;
    await numberedAtCommit(() =>
      api.db.transaction(async (tx) => {
        await issueSaleVoucher(tx, sold.r, sold.seats, sold.legs, { now: now() }, { numberAtCommit: true });
        // PostgreSQL: another transaction numbers in the same series meanwhile without waiting
        // (the counter row is not locked before this one commits); it comes first.
        if (TEST_ENGINE === 'postgres') taken = await api.db.transaction((other) => takeNumber(other, DOCUMENT.boleta, serie));
      }),
    );
    const [voucher] = await vouchersOf(sold.r.codigo);
    const expected = TEST_ENGINE === 'postgres' ? first + 2 : first + 1;
    if (TEST_ENGINE === 'postgres') expect(taken).toBe(first + 1);
    expect(voucher!.correlativo).toBe(expected);
    expect(await counter()).toBe(expected);
    expect(JSON.parse(voucher!.contenido!)).toMatchObject({ serie, correlativo: expected });
    // Signed from that content: the XML names the number.
    await signVouchers(api.db, now());
    const [signed] = await vouchersOf(sold.r.codigo);
    expect(signed!.xml).toContain(`<cbc:ID>${serie}-${expected}</cbc:ID>`);
  }, SLOW_MS);

  it('VOUCHER_SERIES: one B### and one F###, else the server refuses to start', () => {
    expect(parseVoucherSeries(undefined)).toEqual({ boleta: 'B001', factura: 'F001' });
    expect(parseVoucherSeries('B002,F002')).toEqual({ boleta: 'B002', factura: 'F002' });
    expect(parseVoucherSeries(' f010 , b003 ')).toEqual({ boleta: 'B003', factura: 'F010' });
    for (const wrong of ['B002', 'B002,B003', 'B02,F002', 'BC01,FC01', 'B000,F001', 'X002,F002', 'B002,F002,F003', 'B0A2,F002']) {
      expect(() => parseVoucherSeries(wrong)).toThrow(/VOUCHER_SERIES/);
    }
  }, SLOW_MS);

  it('two instances with their own series sell at once: each series gap-free, and neither waits for the other\'s counter', async () => {
    const second = await instance({ boleta: 'B002', factura: 'F002' });
    try {
      const [before] = await api.db.select().from(comprobante_serie).where(and(eq(comprobante_serie.tipo, '03'), eq(comprobante_serie.serie, 'B001')));
      const first = Number(before?.ultimo ?? 0);
      const PER = 4;
      const ones = [];
      const twos = [];
      for (let i = 0; i < PER; i++) ones.push(await reservedPurchase());
      for (let i = 0; i < PER; i++) twos.push(await reservedPurchase());
      // Every paid notice at once, half to each instance (real concurrent transactions on PostgreSQL).
      const answers = await Promise.all([...ones.map((p) => notifySafetyPay(api.app, p.notice)), ...twos.map((p) => notifySafetyPay(second, p.notice))]);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(2 * PER).fill(200));
      const numbers = async (purchases: { codigo: string }[]) => (await Promise.all(purchases.map(async (p) => (await vouchersOf(p.codigo))[0]!))).map((v) => `${v.serie}-${v.correlativo}`);
      expect((await numbers(ones)).sort()).toEqual(Array.from({ length: PER }, (_, i) => `B001-${first + i + 1}`).sort());
      expect((await numbers(twos)).sort()).toEqual(Array.from({ length: PER }, (_, i) => `B002-${i + 1}`).sort());
      // A factura sold on the second instance takes F002.
      const factura = await reservedPurchase({ ...BUYER, comprobante: 'factura', ruc: '20100047218', razon_social: 'Banco de Crédito del Perú' });
      expect((await notifySafetyPay(second, factura.notice)).statusCode).toBe(200);
      expect(await numbers([factura])).toEqual(['F002-1']);

      if (TEST_ENGINE === 'postgres') {
        // B001's counter row held by a sale in flight on the first instance: the second sells on.
        const [held, free] = [await reservedPurchase(), await reservedPurchase()];
        let firstDone = false;
        await expect(
          api.db.transaction(async (tx) => {
            await takeNumber(tx, DOCUMENT.boleta, 'B001');
            const blocked = notifySafetyPay(api.app, held.notice).then((res) => ((firstDone = true), res));
            const meanwhile = await notifySafetyPay(second, free.notice);
            expect(meanwhile.statusCode).toBe(200);
            expect(await numbers([free])).toEqual([`B002-${PER + 1}`]);
            // The first instance's sale queues behind the held row, as it should within one series.
            await new Promise((resolve) => setTimeout(resolve, 200));
            expect(firstDone).toBe(false);
            void blocked;
            throw new Error('the sale holding B001 rolls back');
          }),
        ).rejects.toThrow('rolls back');
        for (let i = 0; i < 50 && !firstDone; i++) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(firstDone).toBe(true);
        // The rolled-back number was given back: still gap-free.
        expect(await numbers([held])).toEqual([`B001-${first + PER + 1}`]);
      }
    } finally {
      await second.close();
    }
  }, SLOW_MS);

  it('a series exhausted at 99999999 is a clear 503, never a wrap: the sale is not paid and the counter stays', async () => {
    const exhausted = await instance({ boleta: 'B098', factura: 'F098' });
    try {
      await api.db.insert(comprobante_serie).values({ tipo: DOCUMENT.boleta, serie: 'B098', ultimo: MAX_CORRELATIVE });
      const { codigo, notice } = await reservedPurchase();
      const res = await notifySafetyPay(exhausted, notice);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'sale.comprobante.serieAgotada' });
      expect(res.json().message).toContain('serie de comprobantes se agotó');
      expect((await reservationOf(codigo)).estado).toBe('pendiente');
      expect(await vouchersOf(codigo)).toEqual([]);
      const [counter] = await api.db.select().from(comprobante_serie).where(and(eq(comprobante_serie.tipo, '03'), eq(comprobante_serie.serie, 'B098')));
      expect(counter!.ultimo).toBe(MAX_CORRELATIVE);
      // SafetyPay delivers it again to an instance whose series has room: paid then.
      expect((await notifySafetyPay(api.app, notice)).statusCode).toBe(200);
      expect((await reservationOf(codigo)).estado).toBe('pagada');
      expect((await vouchersOf(codigo))[0]!.serie).toBe('B001');
    } finally {
      await exhausted.close();
    }
  }, SLOW_MS);
});

describe("SUNAT's clock and refusals (issue 44)", () => {
  it('a voucher waiting 24 h is flagged to the operator (list and CLI fields) with its age and term; /metrics gives the vouchers waiting and the oldest age', async () => {
    const metrics = new Metrics(api.db);
    const scraped = await instance(undefined, { metrics, metricsToken: 'metrics-token-of-the-test' });
    try {
      const fresh = await reservedPurchase();
      const old = await reservedPurchase({ ...BUYER, comprobante: 'factura', ruc: '20100047218', razon_social: 'Banco de Crédito del Perú' });
      expect((await notifySafetyPay(api.app, fresh.notice)).statusCode).toBe(200);
      expect((await notifySafetyPay(api.app, old.notice)).statusCode).toBe(200);
      await signVouchers(api.db, now());
      // The factura has waited for SUNAT 25 hours (its sending failed since).
      const [factura] = await vouchersOf(old.codigo);
      const issued = new Date(clock - 25 * 3_600_000);
      await api.db.update(comprobante).set({ emitido: issued, intentos: 6, ultimo_error: 'connect ECONNREFUSED' }).where(eq(comprobante.ccomprobante, factura!.ccomprobante));
      const [boleta] = await vouchersOf(fresh.codigo);

      const attention = (await scraped.inject({ url: '/rest/operador/comprobantes', headers: operator })).json().data as Record<string, unknown>[];
      const flagged = attention.find((v) => v.ccomprobante === factura!.ccomprobante);
      expect(flagged).toMatchObject({ estado: 'pendiente', alerta: true, intentos: 6, ultimo_error: 'connect ECONNREFUSED', numero: `F001-${factura!.correlativo}` });
      expect(flagged!.edad_horas).toBeGreaterThanOrEqual(25);
      // Three calendar days after the day of issue (Lima), through their end.
      const day = new Date(issued.getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
      const [y, m, d] = day.split('-').map(Number);
      expect(flagged!.plazo).toBe(new Date(Date.UTC(y!, m! - 1, d! + 4, 5)).toISOString());
      expect(attention.some((v) => v.ccomprobante === boleta!.ccomprobante)).toBe(false);
      const waiting = (await scraped.inject({ url: '/rest/operador/comprobantes?estado=pendiente', headers: operator })).json().data as Record<string, unknown>[];
      expect(waiting.find((v) => v.ccomprobante === boleta!.ccomprobante)).toMatchObject({ alerta: false, edad_horas: 0 });

      const text = (await scraped.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-of-the-test' } })).body;
      expect(text).toContain('# TYPE rumbo_vouchers_waiting gauge');
      expect(Number(/^rumbo_vouchers_waiting\{etapa="envio"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(2);
      expect(Number(/^rumbo_vouchers_oldest_waiting_seconds (\S+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(24 * 3600);
    } finally {
      await scraped.close();
    }
  }, SLOW_MS);

  it('a voucher SUNAT refuses is recorded as refused and the sale gets a new number in its series; the operator sees both', async () => {
    const { codigo, clave, notice } = await reservedPurchase();
    expect((await notifySafetyPay(api.app, notice)).statusCode).toBe(200);
    const [refused] = await vouchersOf(codigo);
    // SUNAT refuses this number (2xxx in its CDR would do the same), takes the rest.
    const refusedFile = sunatFileName(DOCUMENT.boleta, 'B001', refused!.correlativo);
    const refusingOnce: SunatPort = { sandbox: true, sendBill: async (fileName, zip) => (fileName === refusedFile ? { kind: 'fault', code: '0306', message: 'No se puede leer (parsear) el archivo XML' } : standIn.sendBill(fileName, zip)) };
    const counts = await createVoucherSender({ db: api.db, sunat: refusingOnce, signer: testSigner(), log: quiet }).drain(now());
    expect(counts).toMatchObject({ rechazados: 1 });
    const [old, replacement, ...none] = await vouchersOf(codigo);
    expect(none).toEqual([]);
    expect(old).toMatchObject({ ccomprobante: refused!.ccomprobante, estado: 'rechazado', vigencia: 'anulado', sunat_codigo: '0306', correlativo: refused!.correlativo });
    const [counter] = await api.db.select().from(comprobante_serie).where(and(eq(comprobante_serie.tipo, '03'), eq(comprobante_serie.serie, 'B001')));
    expect(replacement).toMatchObject({ serie: 'B001', correlativo: counter!.ultimo, reemplaza: refused!.ccomprobante, estado: 'aceptado', vigencia: 'vigente', total_centimos: refused!.total_centimos });
    expect(replacement!.correlativo).toBeGreaterThan(refused!.correlativo);
    expect(replacement!.xml).toContain(`<cbc:ID>B001-${replacement!.correlativo}</cbc:ID>`);
    verifyUbl(replacement!.xml!);

    const attention = (await api.app.inject({ url: '/rest/operador/comprobantes', headers: operator })).json().data as Record<string, unknown>[];
    expect(attention).toContainEqual(expect.objectContaining({ ccomprobante: refused!.ccomprobante, estado: 'rechazado', reemplazado_por: `B001-${replacement!.correlativo}`, codigo }));
    const accepted = (await api.app.inject({ url: '/rest/operador/comprobantes?estado=aceptado', headers: operator })).json().data as Record<string, unknown>[];
    expect(accepted).toContainEqual(expect.objectContaining({ ccomprobante: replacement!.ccomprobante, reemplaza: `B001-${refused!.correlativo}`, codigo }));
    // The buyer sees both; the XML they get is the new one's.
    const list = (await post(api.app, '/rest/venta/comprobantes', { codigo, clave_bloqueo: clave })).json().data.comprobantes;
    expect(list.map((v: { numero: string; vigencia: string }) => [v.numero, v.vigencia])).toEqual([
      [`B001-${refused!.correlativo}`, 'anulado'],
      [`B001-${replacement!.correlativo}`, 'vigente'],
    ]);
    expect((await post(api.app, '/rest/venta/comprobante/xml', { codigo, clave_bloqueo: clave })).body).toBe(replacement!.xml);
  }, SLOW_MS);
});
