import { complaintsBookLine } from '../mail/complaints-book';
import { formatCentimos, type Language } from '@rumbo/shared/schemas';
import { DOMParser } from '@xmldom/xmldom';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { OPERATOR } from '../operator';
import { limaDateTime, PASSENGER_PROPERTY } from './rules';
import type { Voucher } from './issue';

// The printed representation (representación impresa) of an electronic voucher, read from its
// signed XML so the paper says what SUNAT received: issuer, type and number, buyer, lines with
// the passenger land-transport data, totals by tax treatment, the hash (ds:DigestValue) and the
// QR SUNAT defines for it (R.S. 097-2012/SUNAT as amended, "representación impresa": RUC | type |
// series | number | IGV | total | date | buyer's document type | number | hash).

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

const TEXTS = {
  'es-PE': {
    type: { '01': 'FACTURA ELECTRÓNICA', '03': 'BOLETA DE VENTA ELECTRÓNICA', '07': 'NOTA DE CRÉDITO ELECTRÓNICA' } as Record<string, string>,
    printed: (type: string) => `Representación impresa de la ${type.toLowerCase()}.`,
    issued: 'Fecha de emisión',
    customer: 'Cliente',
    document: 'Documento',
    modifies: 'Documento que modifica',
    reason: 'Motivo',
    description: 'Descripción',
    amount: 'Importe',
    passenger: 'Pasajero',
    seat: 'Asiento',
    route: 'Origen - destino',
    departure: 'Salida programada',
    exempt: 'Op. exoneradas',
    taxed: 'Op. gravadas',
    igv: 'IGV 18 %',
    total: 'Importe total',
    hash: 'Valor resumen (hash)',
    exemptLegend: 'Transporte de pasajeros exonerado del IGV (TUO de la Ley del IGV, Apéndice II, numeral 4).',
    freeLegend: 'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE (canje de puntos): el valor de cada pasaje es referencial; no hay monto a pagar.',
  },
  'en-EN': {
    type: { '01': 'ELECTRONIC INVOICE (FACTURA)', '03': 'ELECTRONIC SALES RECEIPT (BOLETA DE VENTA)', '07': 'ELECTRONIC CREDIT NOTE' } as Record<string, string>,
    printed: (type: string) => `Printed copy of the ${type.toLowerCase()}.`,
    issued: 'Issue date',
    customer: 'Customer',
    document: 'Document',
    modifies: 'Modifies',
    reason: 'Reason',
    description: 'Description',
    amount: 'Amount',
    passenger: 'Passenger',
    seat: 'Seat',
    route: 'From - to',
    departure: 'Scheduled departure',
    exempt: 'Exempt sales',
    taxed: 'Taxed sales',
    igv: 'IGV (VAT) 18 %',
    total: 'Total',
    hash: 'Digest value (hash)',
    exemptLegend: 'Passenger transport exempt from IGV (TUO of the IGV Law, Appendix II, item 4).',
    freeLegend: 'FREE SERVICE ("transferencia gratuita", points redeemed): each ticket\'s value is referential; nothing is payable.',
  },
} as const;

interface PrintedLine {
  descripcion: string;
  importe: string;
  propiedades: Map<string, string>;
}

/** What the printed copy shows, read from the signed XML. */
function readDocument(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const lines: PrintedLine[] = [];
  const lineNodes = [...Array.from(doc.getElementsByTagNameNS(CAC, 'InvoiceLine')), ...Array.from(doc.getElementsByTagNameNS(CAC, 'CreditNoteLine'))];
  for (const node of lineNodes) {
    const first = (ns: string, name: string) => node.getElementsByTagNameNS(ns, name)[0]?.textContent ?? '';
    const propiedades = new Map<string, string>();
    for (const property of Array.from(node.getElementsByTagNameNS(CAC, 'AdditionalItemProperty'))) {
      const code = property.getElementsByTagNameNS(CBC, 'NameCode')[0]?.textContent ?? '';
      const value = property.getElementsByTagNameNS(CBC, 'Value')[0]?.textContent ?? property.getElementsByTagNameNS(CBC, 'StartDate')[0]?.textContent ?? property.getElementsByTagNameNS(CBC, 'StartTime')[0]?.textContent ?? '';
      propiedades.set(code, value);
    }
    lines.push({ descripcion: first(CBC, 'Description'), importe: first(CAC, 'AlternativeConditionPrice') ? (node.getElementsByTagNameNS(CAC, 'AlternativeConditionPrice')[0]!.getElementsByTagNameNS(CBC, 'PriceAmount')[0]?.textContent ?? '') : first(CBC, 'LineExtensionAmount'), propiedades });
  }
  return lines;
}

/** SUNAT's QR text of a voucher's printed copy. */
export function voucherQrText(v: Voucher): string {
  const amount = (centimos: number) => (centimos / 100).toFixed(2);
  const date = limaDateTime(v.emitido).date;
  return [OPERATOR.ruc, v.tipo, v.serie, String(v.correlativo), amount(v.igv_centimos), amount(v.total_centimos), date, v.cliente_tipo, v.cliente_numero, v.hash, ''].join('|');
}

/** The printed copies of the signed vouchers among `vouchers` (one page each), in `language`; `modifies` has the vouchers the credit notes refer to. */
export async function renderVouchersPdf(vouchers: Voucher[], language: Language, options: { modifies?: Map<number, Voucher> } = {}): Promise<Buffer> {
  const t = TEXTS[language];
  const doc = new PDFDocument({ size: 'A4', margin: 48, autoFirstPage: false, info: { Title: vouchers.map((v) => `${v.serie}-${v.correlativo}`).join(', '), Author: OPERATOR.razon_social } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (centimos: number) => formatCentimos(centimos, language);
  // The printed copy is read from the signed XML: a voucher still being signed (issue 44) has none yet.
  for (const v of vouchers) {
    if (v.xml === null) continue;
    doc.addPage();
    const qr = await QRCode.toBuffer(voucherQrText(v), { errorCorrectionLevel: 'Q', margin: 1, width: 240 });
    const type = t.type[v.tipo] ?? v.tipo;
    doc.font('Helvetica-Bold').fontSize(16).text(OPERATOR.razon_social, 48, 48, { width: 300 });
    doc.font('Helvetica').fontSize(10).text(OPERATOR.direccion, { width: 300 });
    // The box with RUC, type and number, as every Peruvian voucher has it.
    doc.rect(360, 44, 187, 74).strokeColor('#333333').stroke();
    doc.font('Helvetica-Bold').fontSize(12).text(`RUC ${OPERATOR.ruc}`, 364, 52, { width: 179, align: 'center' });
    doc.fontSize(10).text(type, { width: 179, align: 'center' });
    doc.fontSize(12).text(`${v.serie}-${String(v.correlativo).padStart(8, '0')}`, { width: 179, align: 'center' });
    doc.font('Helvetica').fontSize(11);
    doc.y = 132;
    const at = limaDateTime(v.emitido);
    doc.text(`${t.issued}: ${at.date} ${at.time}`, 48);
    doc.text(`${t.customer}: ${v.cliente_nombre}`);
    if (v.cliente_tipo !== '-') doc.text(`${t.document}: ${v.cliente_tipo === '6' ? 'RUC' : v.cliente_tipo === '1' ? 'DNI' : v.cliente_tipo === '4' ? 'CE' : 'PAS'} ${v.cliente_numero}`);
    const original = v.ccomprobante_origen === null ? undefined : options.modifies?.get(v.ccomprobante_origen);
    if (original) doc.text(`${t.modifies}: ${t.type[original.tipo]} ${original.serie}-${original.correlativo}`);
    if (v.motivo_texto) doc.text(`${t.reason}: ${v.motivo} - ${v.motivo_texto}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text(t.description, 48, doc.y, { continued: false });
    doc.font('Helvetica');
    for (const line of readDocument(v.xml)) {
      const top = doc.y;
      doc.text(line.descripcion, 48, top, { width: 380 });
      doc.text(line.importe, 440, top, { width: 107, align: 'right' });
      const p = line.propiedades;
      const P = PASSENGER_PROPERTY;
      if (p.size > 0) {
        doc.fontSize(9).fillColor('#333333');
        doc.text(`${t.passenger}: ${p.get(P.nombre.code)} (${p.get(P.documentoTipo.code)} ${p.get(P.documentoNumero.code)}) · ${t.seat} ${p.get(P.asiento.code)}`, 60, doc.y, { width: 370 });
        doc.text(`${t.route}: ${p.get(P.origenDireccion.code)} (${p.get(P.origenUbigeo.code)}) - ${p.get(P.destinoDireccion.code)} (${p.get(P.destinoUbigeo.code)})`, 60, doc.y, { width: 370 });
        doc.text(`${t.departure}: ${p.get(P.fechaInicio.code)} ${p.get(P.horaInicio.code)}`, 60, doc.y, { width: 370 });
        doc.fontSize(11).fillColor('#000000');
      }
      doc.moveDown(0.5);
    }
    doc.moveDown();
    const totals: [string, number][] = [];
    if (v.exonerado_centimos > 0) totals.push([t.exempt, v.exonerado_centimos]);
    if (v.gravado_centimos > 0) totals.push([t.taxed, v.gravado_centimos], [t.igv, v.igv_centimos]);
    totals.push([t.total, v.total_centimos]);
    for (const [label, value] of totals) {
      const top = doc.y;
      doc.font(label === t.total ? 'Helvetica-Bold' : 'Helvetica').text(label, 300, top, { width: 140 });
      doc.text(money(value), 440, top, { width: 107, align: 'right' });
    }
    doc.font('Helvetica');
    doc.moveDown();
    if (v.exonerado_centimos > 0) doc.fontSize(9).text(t.exemptLegend, 48, doc.y, { width: 499 });
    // Issue 34: a free voucher (a purchase paid with points) says so (catálogo 52 legend 1002).
    if (v.total_centimos === 0 && v.tipo !== '07') doc.fontSize(9).text(t.freeLegend, 48, doc.y, { width: 499 });
    const qrTop = Math.max(doc.y + 12, 520);
    doc.image(qr, 48, qrTop, { width: 120 });
    doc.fontSize(9).text(`${t.hash}: ${v.hash}`, 180, qrTop + 8, { width: 367 });
    doc.text(t.printed(type), 180, doc.y + 4, { width: 367 });
    // Ley 32495: the complaints book from the printed copy too.
    doc.text(complaintsBookLine(language), 180, doc.y + 4, { width: 367 });
  }
  doc.end();
  return done;
}
