import { asc, eq } from 'drizzle-orm';
import { decimalOf } from '../payments/signing';
import { reserva } from '../sales/sales.tables';
import { testSigner } from '../test/app';
import { BUYER, findTrip, heldPurchase, notifySafetyPay, post, safetyPayNotice, setupSandboxApp, startSafetyPay } from '../test/purchase';
import { issueCreditNote } from './issue';
import { validateUbl } from './schema';
import { createVoucherSender, MAX_VOUCHER_ATTEMPTS, retryableFault } from './sender';
import { signUbl, throwawaySigner, verifyUbl } from './signing';
import { createSunatStandIn, readCdr, unzipXml, zipVoucher, type SunatPort } from './sunat';
import { buildUbl, sunatFileName } from './ubl';
import { comprobante } from './vouchers.tables';

let clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now);
const sunatSigner = throwawaySigner('SUNAT (simulador)');
const standIn = createSunatStandIn(sunatSigner, now);
const quiet = { warn: () => undefined, error: () => undefined };

async function paidVoucher() {
  const trip = await findTrip(api.app, 'LIM', 'ICA', 8);
  const { clave } = await heldPurchase(api.app, [trip], 1);
  const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true });
  const { codigo, total_centimos } = res.json().data;
  const referencia = await startSafetyPay(api.app, api.db, codigo, clave);
  expect((await notifySafetyPay(api.app, safetyPayNotice(api.sandbox, { referencia, amount: decimalOf(total_centimos) }, now()))).statusCode).toBe(200);
  const [r] = await api.db.select().from(reserva).where(eq(reserva.codigo, codigo));
  const [voucher] = await api.db.select().from(comprobante).where(eq(comprobante.creserva, r!.creserva));
  // Issue 44: numbered with the sale, unsigned until the outbox's first stage.
  expect(voucher!.xml).toBeNull();
  return voucher!;
}

const reread = async (id: number) => (await api.db.select().from(comprobante).where(eq(comprobante.ccomprobante, id)))[0]!;

function sampleBoleta(correlativo = 7) {
  return signUbl(
    buildUbl({
      tipo: '03',
      serie: 'B001',
      correlativo,
      emision: { date: '2026-11-28', time: '09:00:00' },
      cliente: { tipo: '-', numero: '-', nombre: 'Rosa Quispe' },
      lineas: [{ descripcion: 'Pasaje Lima - Ica', unidad: 'ZZ', cantidad: 1, totalCentimos: 4_500, baseCentimos: 4_500, igvCentimos: 0, tratamiento: 'exonerado' }],
    }),
    testSigner(),
  ).xml;
}

describe('the SUNAT stand-in (SUNAT_SANDBOX=1)', () => {
  it('accepts a valid signed voucher with a CDR like SUNAT\'s: a zipped, signed, schema-valid ApplicationResponse', async () => {
    const fileName = sunatFileName('03', 'B001', 7);
    const answer = await standIn.sendBill(fileName, zipVoucher(fileName, sampleBoleta()));
    if (answer.kind !== 'cdr') throw new Error(`expected a CDR, got ${JSON.stringify(answer)}`);
    const { name, xml } = unzipXml(answer.cdrZip);
    expect(name).toBe(`R-${fileName}.xml`);
    expect(await validateUbl(xml)).toEqual([]);
    expect(verifyUbl(xml).subject).toContain('SUNAT (simulador)');
    expect(readCdr(answer.cdrZip)).toEqual({ codigo: '0', descripcion: 'La Boleta numero B001-7, ha sido aceptada', notas: [], referencia: 'B001-7' });
  });

  it('refuses what SUNAT refuses, with its codes: an altered document, a wrong file name, a document that breaks the schema, another number', async () => {
    const fileName = sunatFileName('03', 'B001', 7);
    const altered = await standIn.sendBill(fileName, zipVoucher(fileName, sampleBoleta().replace('45.00', '4.50')));
    expect(altered.kind === 'cdr' && readCdr(altered.cdrZip).codigo).toBe('2335');
    expect(await standIn.sendBill('20000000001-03-B001-7', zipVoucher('20000000001-03-B001-7', sampleBoleta()))).toMatchObject({ kind: 'fault', code: '0151' });
    expect(await standIn.sendBill(fileName, zipVoucher('other', sampleBoleta()))).toMatchObject({ kind: 'fault', code: '0153' });
    const broken = sampleBoleta().replace('<cbc:IssueDate>', '<cbc:Foo>1</cbc:Foo><cbc:IssueDate>');
    expect(await standIn.sendBill(fileName, zipVoucher(fileName, broken))).toMatchObject({ kind: 'fault', code: '0306' });
    const otherNumber = await standIn.sendBill(sunatFileName('03', 'B001', 8), zipVoucher(sunatFileName('03', 'B001', 8), sampleBoleta(7)));
    expect(otherNumber.kind === 'cdr' && readCdr(otherNumber.cdrZip).codigo).toBe('1035');
  });
});

/** Waits until `done` answers true (checked every 20 ms); fails after `seconds`. */
async function until(done: () => boolean | Promise<boolean>, seconds = 60) {
  for (const end = Date.now() + seconds * 1000; !(await done()); ) {
    if (Date.now() > end) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the vouchers outbox', () => {
  it('signs in a loop of its own: a voucher sold while the sending loop waits on SUNAT is signed meanwhile', async () => {
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const slow: SunatPort = { sandbox: true, sendBill: async (fileName, zip) => ((calls += 1), await stuck, standIn.sendBill(fileName, zip)) };
    const sender = createVoucherSender({ db: api.db, sunat: slow, signer: testSigner(), log: quiet, intervalMs: 20, signIntervalMs: 20 });
    const first = await paidVoucher();
    sender.start();
    try {
      // The sending loop signed the first voucher and now waits on SUNAT.
      await until(() => calls > 0);
      const second = await paidVoucher();
      await until(async () => (await reread(second.ccomprobante)).xml !== null);
      // Signed by the signing loop while the sending loop still waits: not sent yet.
      expect(await reread(second.ccomprobante)).toMatchObject({ estado: 'pendiente', intentos: 0 });
      expect((await reread(first.ccomprobante)).estado).toBe('pendiente');
    } finally {
      release();
      await sender.stop();
    }
  });

  it('sends a paid sale\'s voucher, stores the CDR and marks it accepted; nothing is due afterwards', async () => {
    const voucher = await paidVoucher();
    const sender = createVoucherSender({ db: api.db, sunat: standIn, signer: testSigner(), log: quiet });
    const counts = await sender.drain(now());
    expect(counts.aceptados).toBeGreaterThanOrEqual(1);
    const sent = await reread(voucher.ccomprobante);
    expect(sent).toMatchObject({ estado: 'aceptado', sunat_codigo: '0', intentos: 1 });
    expect(readCdr(Buffer.from(sent.cdr!, 'base64')).referencia).toBe(`B001-${voucher.correlativo}`);
    expect(await sender.drain(now())).toEqual({ aceptados: 0, rechazados: 0, fallidos: 0 });
  });

  it('retries a voucher SUNAT could not take (down, busy), and keeps a rejected one with SUNAT\'s code for the operator', async () => {
    const voucher = await paidVoucher();
    let calls = 0;
    const down: SunatPort = { sandbox: true, sendBill: async () => ((calls += 1), Promise.reject(new Error('connect ECONNREFUSED'))) };
    await createVoucherSender({ db: api.db, sunat: down, signer: testSigner(), log: quiet }).drain(now());
    const waiting = await reread(voucher.ccomprobante);
    expect(waiting).toMatchObject({ estado: 'pendiente', intentos: 1, ultimo_error: 'connect ECONNREFUSED' });
    expect(waiting.proximo_intento.getTime()).toBeGreaterThan(now().getTime());
    // Busy (0109 "El sistema no puede responder su solicitud") is retried too; a rejection is not.
    expect([retryableFault('0109'), retryableFault('0200'), retryableFault('0306'), retryableFault('2335')]).toEqual([true, true, false, false]);
    clock += 2 * 60_000;
    const refusing: SunatPort = { sandbox: true, sendBill: async () => ({ kind: 'fault', code: '0306', message: 'No se puede leer (parsear) el archivo XML' }) };
    await createVoucherSender({ db: api.db, sunat: refusing, signer: testSigner(), log: quiet }).drain(now());
    expect(await reread(voucher.ccomprobante)).toMatchObject({ estado: 'rechazado', intentos: 2, sunat_codigo: '0306', sunat_descripcion: 'No se puede leer (parsear) el archivo XML' });
    expect(calls).toBe(1);
  });

  it('gives up after MAX_VOUCHER_ATTEMPTS, as "error" with the last reason', async () => {
    const voucher = await paidVoucher();
    await api.db.update(comprobante).set({ intentos: MAX_VOUCHER_ATTEMPTS - 1 }).where(eq(comprobante.ccomprobante, voucher.ccomprobante));
    const down: SunatPort = { sandbox: true, sendBill: () => Promise.reject(new Error('socket hang up')) };
    await createVoucherSender({ db: api.db, sunat: down, signer: testSigner(), log: quiet }).drain(now());
    expect(await reread(voucher.ccomprobante)).toMatchObject({ estado: 'error', ultimo_error: 'socket hang up' });
  });

  it('a credit note waits until SUNAT has answered the voucher it modifies', async () => {
    const voucher = await paidVoucher();
    const note = await api.db.transaction((tx) => issueCreditNote(tx, { ccomprobante: voucher.ccomprobante, description: 'Anulación de la operación' }, { now: now() }));
    const order: string[] = [];
    const recording: SunatPort = { sandbox: true, sendBill: async (fileName, zip) => (order.push(fileName), standIn.sendBill(fileName, zip)) };
    // The voucher is not due yet: the note must not go before it.
    await api.db.update(comprobante).set({ proximo_intento: new Date(clock + 3_600_000) }).where(eq(comprobante.ccomprobante, voucher.ccomprobante));
    await createVoucherSender({ db: api.db, sunat: recording, signer: testSigner(), log: quiet }).drain(now());
    expect(order).not.toContain(sunatFileName('07', 'BC01', note.correlativo));
    clock += 2 * 3_600_000;
    await createVoucherSender({ db: api.db, sunat: recording, signer: testSigner(), log: quiet }).drain(now());
    const mine = order.filter((name) => name === sunatFileName('03', 'B001', voucher.correlativo) || name === sunatFileName('07', 'BC01', note.correlativo));
    expect(mine).toEqual([sunatFileName('03', 'B001', voucher.correlativo), sunatFileName('07', 'BC01', note.correlativo)]);
    const rows = await api.db.select().from(comprobante).where(eq(comprobante.creserva, voucher.creserva!)).orderBy(asc(comprobante.ccomprobante));
    expect(rows.map((r) => [r.tipo, r.estado, r.vigencia])).toEqual([
      ['03', 'aceptado', 'anulado'],
      ['07', 'aceptado', 'vigente'],
    ]);
  });
});
