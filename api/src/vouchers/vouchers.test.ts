import { asc, eq, sql } from 'drizzle-orm';
import { decimalOf } from '../payments/signing';
import { reserva } from '../sales/sales.tables';
import { signVouchers, testSigner } from '../test/app';
import { TEST_ENGINE } from '../test/database';
import { BUYER, findTrip, heldPurchase, notifySafetyPay, post, safetyPayNotice, setupSandboxApp, startSafetyPay } from '../test/purchase';
import { issueCreditNote, takeNumber } from './issue';
import { DOCUMENT, igvIncluded } from './rules';
import { validateUbl } from './schema';
import { digestOf, throwawaySigner, verifyUbl } from './signing';
import { buildUbl } from './ubl';
import { comprobante, comprobante_serie } from './vouchers.tables';

const clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now);

/** A purchase of `count` seats Lima → Ica paid through the SafetyPay sandbox; its reservation row. */
async function paidPurchase(comprador: object = BUYER, count = 1) {
  const trip = await findTrip(api.app, 'LIM', 'ICA', 6);
  const { clave } = await heldPurchase(api.app, [trip], count);
  const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador, terminos: true });
  expect(res.statusCode).toBe(201);
  const { codigo, total_centimos } = res.json().data;
  const referencia = await startSafetyPay(api.app, api.db, codigo, clave);
  const paid = await notifySafetyPay(api.app, safetyPayNotice(api.sandbox, { referencia, amount: decimalOf(total_centimos) }, now()));
  expect(paid.statusCode).toBe(200);
  const [row] = await api.db.select().from(reserva).where(eq(reserva.codigo, codigo));
  expect(row!.estado).toBe('pagada');
  // Issue 44: numbered with the sale, signed by the vouchers' outbox right after it.
  await signVouchers(api.db, now());
  return { reservation: row!, clave };
}

const reread = async (id: number) => (await api.db.select().from(comprobante).where(eq(comprobante.ccomprobante, id)))[0]!;

const vouchersOf = (creserva: number) => api.db.select().from(comprobante).where(eq(comprobante.creserva, creserva)).orderBy(asc(comprobante.ccomprobante));

describe('electronic vouchers (issue 34)', () => {
  it('a paid sale issues its boleta: numbered in the paying transaction, signed by the outbox; valid UBL 2.1, exempt, with the passenger transport data', async () => {
    const { reservation } = await paidPurchase(BUYER, 2);
    const [voucher, ...others] = await vouchersOf(reservation.creserva);
    expect(others).toEqual([]);
    expect(voucher).toMatchObject({ tipo: DOCUMENT.boleta, serie: 'B001', estado: 'pendiente', total_centimos: reservation.total_centimos, exonerado_centimos: reservation.total_centimos, igv_centimos: 0, gravado_centimos: 0 });
    expect(await validateUbl(voucher!.xml!)).toEqual([]);
    verifyUbl(voucher!.xml!);
    expect(voucher!.hash).toBe(digestOf(voucher!.xml!));
    const xml = voucher!.xml!;
    expect(xml).toContain(`<cbc:ID>B001-${voucher!.correlativo}</cbc:ID>`);
    expect(xml).toMatch(/<cbc:InvoiceTypeCode[^>]*>03<\/cbc:InvoiceTypeCode>/);
    // Passenger transport is exempt (catálogo 07 '20', tributo 9997) and each ticket carries catálogo 55.
    expect(xml.match(/<cbc:TaxExemptionReasonCode[^>]*>20</g)).toHaveLength(2);
    for (const code of ['3050', '3052', '3053', '3054', '3055', '3056', '3057', '3058', '3059', '3060']) expect(xml.match(new RegExp(`>${code}</cbc:NameCode>`, 'g'))).toHaveLength(2);
    expect(xml).toContain('<cbc:Value>150115</cbc:Value>'); // Lima's terminal district
    expect(xml).toContain('<cbc:Value>110101</cbc:Value>'); // Ica
    expect(xml).toMatch(/<cbc:PayableAmount currencyID="PEN">[\d.]+<\/cbc:PayableAmount>/);
  });

  it('a buyer who gave a RUC gets a factura (F001) naming the company', async () => {
    const { reservation } = await paidPurchase({ ...BUYER, comprobante: 'factura', ruc: '20100047218', razon_social: 'Banco de Crédito del Perú' });
    const [voucher] = await vouchersOf(reservation.creserva);
    expect(voucher).toMatchObject({ tipo: DOCUMENT.factura, serie: 'F001', cliente_tipo: '6', cliente_numero: '20100047218' });
    expect(voucher!.xml).toContain('schemeID="6"');
    expect(voucher!.xml).toContain('Banco de Crédito del Perú');
    expect(await validateUbl(voucher!.xml!)).toEqual([]);
  });

  it('numbers are consecutive per series, and a transaction that rolls back gives its number back', async () => {
    const serie = `T${TEST_ENGINE === 'postgres' ? 'P' : 'G'}01`;
    const first = await api.db.transaction((tx) => takeNumber(tx, DOCUMENT.boleta, serie));
    await expect(
      api.db.transaction(async (tx) => {
        await takeNumber(tx, DOCUMENT.boleta, serie);
        throw new Error('the sale fails after taking its number');
      }),
    ).rejects.toThrow('the sale fails');
    // Many at once (truly concurrent on PostgreSQL: each waits for the row the one before holds).
    const taken = await Promise.all(Array.from({ length: 20 }, () => api.db.transaction((tx) => takeNumber(tx, DOCUMENT.boleta, serie))));
    expect([first, ...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 21 }, (_, i) => first + i));
    const [counter] = await api.db.select().from(comprobante_serie).where(sql`tipo = '03' and serie = ${serie}`);
    expect(counter!.ultimo).toBe(first + 20);
  });

  it('issueCreditNote credits part of a voucher, then the rest (voiding it), and refuses more', async () => {
    const { reservation } = await paidPurchase(BUYER, 2);
    const [boleta] = await vouchersOf(reservation.creserva);
    const context = { now: now() };
    const unsigned = await api.db.transaction((tx) => issueCreditNote(tx, { ccomprobante: boleta!.ccomprobante, amountCentimos: 100, description: 'Devolución parcial' }, context));
    await signVouchers(api.db, now());
    const partial = await reread(unsigned.ccomprobante);
    expect(partial).toMatchObject({ tipo: DOCUMENT.notaCredito, serie: 'BC01', motivo: '07', total_centimos: 100, ccomprobante_origen: boleta!.ccomprobante, creserva: reservation.creserva });
    expect(partial.xml).toContain(`<cbc:ReferenceID>B001-${boleta!.correlativo}</cbc:ReferenceID>`);
    expect(await validateUbl(partial.xml!)).toEqual([]);
    verifyUbl(partial.xml!);
    const rest = await api.db.transaction((tx) => issueCreditNote(tx, { ccomprobante: boleta!.ccomprobante, description: 'Anulación de la operación' }, context));
    expect(rest).toMatchObject({ motivo: '01', total_centimos: boleta!.total_centimos - 100, correlativo: partial.correlativo + 1 });
    expect((await vouchersOf(reservation.creserva)).find((v) => v.ccomprobante === boleta!.ccomprobante)!.vigencia).toBe('anulado');
    await expect(api.db.transaction((tx) => issueCreditNote(tx, { ccomprobante: boleta!.ccomprobante, amountCentimos: 1, description: 'otra' }, context))).rejects.toThrow(/already voided/);
    await expect(api.db.transaction((tx) => issueCreditNote(tx, { ccomprobante: rest.ccomprobante, description: 'x' }, context))).rejects.toThrow(/cannot be credited/);
  });

  it('a cargo line is taxed at 18 % and the document still validates; a foreign signature or a changed amount does not verify', async () => {
    const { base, igv } = igvIncluded(11_800);
    expect([base, igv]).toEqual([10_000, 1_800]);
    const xml = buildUbl({
      tipo: DOCUMENT.factura,
      serie: 'F001',
      correlativo: 1,
      emision: { date: '2026-11-28', time: '10:00:00' },
      cliente: { tipo: '6', numero: '20100047218', nombre: 'Banco de Crédito del Perú' },
      lineas: [{ descripcion: 'Envío de carga Lima - Arequipa', unidad: 'ZZ', cantidad: 1, totalCentimos: 11_800, baseCentimos: base, igvCentimos: igv, tratamiento: 'gravado' }],
    });
    expect(xml).toMatch(/<cbc:TaxExemptionReasonCode[^>]*>10</);
    expect(xml).toContain('<cbc:TaxAmount currencyID="PEN">18.00</cbc:TaxAmount>');
    const { signUbl } = await import('./signing');
    const signed = signUbl(xml, testSigner());
    expect(await validateUbl(signed.xml)).toEqual([]);
    expect(() => verifyUbl(signed.xml.replace('118.00', '11.80'))).toThrow(/does not verify/);
    // Another key's signature value over this content fails against the certificate it carries.
    const other = signUbl(xml, throwawaySigner());
    const forged = signed.xml.replace(/<ds:SignatureValue>[^<]+</, other.xml.match(/<ds:SignatureValue>[^<]+</)![0]);
    expect(() => verifyUbl(forged)).toThrow(/does not verify/);
    expect(await validateUbl(signed.xml.replace('<cbc:IssueDate>', '<cbc:Foo>1</cbc:Foo><cbc:IssueDate>'))).not.toEqual([]);
  });
});
