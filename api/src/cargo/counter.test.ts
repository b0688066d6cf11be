import { eq } from 'drizzle-orm';
import { outbox } from '../mail/mail.tables';
import { parseOperatorTokens } from '../operators/operators';
import { ticketAttachments } from '../sales/ticket-attachments';
import { signVouchers, testSigner } from '../test/app';
import { post, setupSandboxApp } from '../test/purchase';
import { validateUbl } from '../vouchers/schema';
import { createVoucherSender } from '../vouchers/sender';
import { throwawaySigner, verifyUbl } from '../vouchers/signing';
import { createSunatStandIn } from '../vouchers/sunat';
import { comprobante } from '../vouchers/vouchers.tables';
import { encomienda } from './cargo.tables';

// Issue 34 item 1: "Cargo shipments get theirs too": a shipment paid at a counter gets its voucher,
// taxed with IGV 18 % (cargo is not in the IGV law's Apéndice II), in the same transaction.

const TOKEN = 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12';
const clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now, { operators: parseOperatorTokens(`ops-lima=${TOKEN}`) });
const auth = { authorization: `Bearer ${TOKEN}` };

const SHIPMENT = {
  cagencia_origen: 1002,
  cagencia_destino: 1011,
  remitente: 'Rosa Quispe Mamani',
  remitente_documento: { ctipo_documento: 19, numero: '45678912' },
  email: 'rosa@example.pe',
  destinatario: 'Juan Pérez Soto',
  documento_destinatario: '41234567',
  paquetes: 2,
  peso_kg: 12.5,
  valor_declarado: 300,
  precio_centimos: 5_900,
};

describe("a cargo shipment's voucher (issue 34)", () => {
  it('is issued when an operator records a shipment paid at a counter: a boleta with one line taxed at 18 %, signed, schema-valid, accepted by the stand-in, mailed with PDF and XML', async () => {
    expect((await post(api.app, '/rest/operador/encomiendas', SHIPMENT)).statusCode).toBe(401);
    const res = await post(api.app, '/rest/operador/encomiendas', SHIPMENT, auth);
    expect(res.statusCode).toBe(201);
    const { codigo, comprobante: numero, total_centimos, igv_centimos } = res.json().data;
    expect(codigo).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(numero).toMatch(/^B001-\d+$/);
    // S/ 59.00 with IGV: base 50.00 + IGV 9.00.
    expect([total_centimos, igv_centimos]).toEqual([5_900, 900]);

    // Issue 44: numbered with the shipment, signed by the vouchers' outbox right after it.
    await signVouchers(api.db, now());
    const [voucher] = await api.db.select().from(comprobante).where(eq(comprobante.codigo_encomienda, codigo));
    expect(voucher).toMatchObject({ tipo: '03', creserva: null, gravado_centimos: 5_000, igv_centimos: 900, exonerado_centimos: 0, cliente_tipo: '1', cliente_numero: '45678912' });
    const xml = voucher!.xml!;
    expect(await validateUbl(xml)).toEqual([]);
    verifyUbl(xml);
    expect(xml).toMatch(/<cbc:TaxExemptionReasonCode[^>]*>10</);
    expect(xml).toMatch(/<cbc:Percent>18(\.00)?<\/cbc:Percent>/);
    expect(xml).toContain(`encomienda ${codigo}: Lima - Arequipa, 2 bultos, 12.5 kg`);
    // No passenger land-transport properties (catálogo 55) on a cargo line.
    expect(xml).not.toContain('3050');

    const [shipment] = await api.db.select().from(encomienda).where(eq(encomienda.codigo, codigo));
    expect(shipment).toMatchObject({ precio_centimos: 5_900, email: 'rosa@example.pe', remitente_documento: '45678912' });
    const tracked = await post(api.app, '/rest/carga/seguimiento', { codigo });
    expect(tracked.json().data).toMatchObject({ codigo, estado: 'recibido' });

    const [mail] = await api.db.select().from(outbox).where(eq(outbox.adjunto, `encomienda:${codigo}:es-PE`));
    expect(mail!.to).toBe('rosa@example.pe');
    expect(mail!.text).toContain(numero);
    const files = [await ticketAttachments(api.db, now)(mail!.adjunto!)].flat();
    expect(files.map((f) => f.filename)).toEqual([`comprobante-${codigo}.pdf`, `${numero}.xml`]);
    expect(files[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(files[1]!.content.toString('utf8')).toBe(xml);

    // Sent like every voucher: the SUNAT stand-in accepts it.
    await createVoucherSender({ db: api.db, sunat: createSunatStandIn(throwawaySigner('SUNAT (simulador)'), now), signer: testSigner(), log: { warn: () => undefined, error: () => undefined } }).drain(now());
    const [sent] = await api.db.select().from(comprobante).where(eq(comprobante.codigo_encomienda, codigo));
    expect(sent).toMatchObject({ estado: 'aceptado', sunat_codigo: '0' });
  });

  it('is a factura for a buyer with a RUC, in English when asked; bad input is a 400 and records nothing', async () => {
    const res = await post(api.app, '/rest/operador/encomiendas', { ...SHIPMENT, ruc: '20100047218', razon_social: 'Banco de Crédito del Perú', idioma: 'en-EN', precio_centimos: 11_800 }, auth);
    expect(res.statusCode).toBe(201);
    const { codigo, comprobante: numero } = res.json().data;
    expect(numero).toMatch(/^F001-\d+$/);
    await signVouchers(api.db, now());
    const [voucher] = await api.db.select().from(comprobante).where(eq(comprobante.codigo_encomienda, codigo));
    expect(voucher).toMatchObject({ tipo: '01', cliente_tipo: '6', cliente_numero: '20100047218', gravado_centimos: 10_000, igv_centimos: 1_800 });
    expect(await validateUbl(voucher!.xml!)).toEqual([]);
    const [mail] = await api.db.select().from(outbox).where(eq(outbox.adjunto, `encomienda:${codigo}:en-EN`));
    expect(mail!.subject).toContain(`shipment ${codigo}`);

    const before = (await api.db.select().from(encomienda)).length;
    const same = await post(api.app, '/rest/operador/encomiendas', { ...SHIPMENT, cagencia_destino: 1002 }, { ...auth, 'accept-language': 'en-EN' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ field: 'cagencia_destino' });
    const unknown = await post(api.app, '/rest/operador/encomiendas', { ...SHIPMENT, cagencia_destino: 999_999 }, auth);
    expect(unknown.statusCode).toBe(400);
    expect((await api.db.select().from(encomienda)).length).toBe(before);
  });
});
