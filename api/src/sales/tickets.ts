import { endpointPath, endpoints } from '@rumbo/shared/contract';
import { createHmac } from 'node:crypto';
import { formatCentimos, limaDateTime, type Language, type ReservationView, type Ticket } from '@rumbo/shared/schemas';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { OPERATOR } from '../operator';
import { safeEqual } from '../payments/signing';

/**
 * E-tickets: the signed text of each ticket's QR code, the PDF of a paid reservation, and signed
 * links to that PDF (my trips). Keys are derived from the session secret with a label each, so
 * one secret in the environment serves all and a QR signature is never a valid link signature.
 */
export const derive = (secret: string, label: string) => createHmac('sha256', secret).update(label).digest();

export const sign = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url').slice(0, 22);

/** The QR text of a ticket: `RA1|number|trip|seat|deck|signature`; a boarding scanner recomputes the signature. */
export function ticketQr(secret: string, ticket: { numero: string; cviaje: number; nasiento: number; gnivel_piso: number }): string {
  const payload = ['RA1', ticket.numero, ticket.cviaje, ticket.nasiento, ticket.gnivel_piso].join('|');
  return `${payload}|${sign(derive(secret, 'rumbo:boleto-qr'), payload)}`;
}

/** Whether a QR text was signed by this server (what a boarding scanner checks). */
export function verifyTicketQr(secret: string, qr: string): boolean {
  const cut = qr.lastIndexOf('|');
  if (cut < 0) return false;
  return safeEqual(qr.slice(cut + 1), sign(derive(secret, 'rumbo:boleto-qr'), qr.slice(0, cut)));
}

/** How long a my-trips PDF link works (as long as a session). */
export const PDF_LINK_SECONDS = 2 * 60 * 60;

const linkPayload = (codigo: string, expires: number) => `${codigo}|${expires}`;

/**
 * `{apiOrigin}/rest/venta/pdf/{codigo}?exp=...&firma=...`: opens the tickets' PDF without a session header;
 * for PDF_LINK_SECONDS, or until `until` (a reminder mail's link works until the trip).
 */
export function ticketPdfLink(secret: string, apiOrigin: string, codigo: string, now: Date, until?: Date): string {
  const exp = Math.floor((until ?? new Date(now.getTime() + PDF_LINK_SECONDS * 1000)).getTime() / 1000);
  const firma = sign(derive(secret, 'rumbo:boleto-pdf'), linkPayload(codigo, exp));
  return `${apiOrigin}${endpointPath(endpoints.ticketsPdfLink, { codigo }, { exp: String(exp), firma })}`;
}

export function verifyPdfLink(secret: string, codigo: string, exp: string, firma: string, now: Date): boolean {
  const expires = Number(exp);
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
  return safeEqual(firma, sign(derive(secret, 'rumbo:boleto-pdf'), linkPayload(codigo, expires)));
}

const TEXTS = {
  'es-PE': {
    title: 'Boletos de viaje electrónicos',
    code: 'Código de compra',
    buyer: 'Comprador',
    ticket: 'Boleto',
    passenger: 'Pasajero',
    document: 'Documento',
    trip: 'Viaje',
    departure: 'Salida',
    boarding: 'Embarque',
    alighting: 'Desembarque',
    seat: (n: number, deck: number) => `Asiento ${n}, piso ${deck === 16 ? 2 : 1}`,
    price: 'Precio',
    total: 'Total pagado',
    minor: 'Menor de edad: viaja con su adulto responsable registrado en la compra y con su documento de identidad.',
    notarial: 'Viaja sin su padre ni su madre: presente al embarcar la autorización de viaje notarial de uno de sus padres (o la judicial). Sin ella no podrá embarcar (Código de los Niños y Adolescentes, art. 111).',
    lap: (name: string, doc: string, age: number) => `Niño en brazos: ${name}, documento ${doc}, ${age} ${age === 1 ? 'año' : 'años'}. Viaja sin asiento, en el regazo de este pasajero, con su documento de identidad.`,
    lapNotarial: 'El niño en brazos viaja sin su padre ni su madre: presente al embarcar su autorización de viaje notarial (Código de los Niños y Adolescentes, art. 111).',
    declaration: (filled: boolean) => (filled ? 'Declaración jurada: registrada' : 'Declaración jurada: pendiente (regístrela antes de abordar)'),
    clausesTitle: 'Condiciones del contrato de transporte',
    clauses: [
      'Preséntese en el terminal 30 minutos antes de la salida con el documento de identidad indicado en el boleto. Sin él no podrá embarcar.',
      'El boleto es nominativo y vale solo para el viaje, la fecha, la hora y el asiento indicados. Puede transferirlo a otra persona antes del viaje pidiendo el cambio de nombre y documento del pasajero (Código de Protección y Defensa del Consumidor).',
      'Seguro obligatorio: el bus cuenta con SOAT vigente, que cubre a cada pasajero y tercero afectado por un accidente de tránsito, sea quien fuere el responsable: gastos médicos hasta 5 UIT, incapacidad temporal hasta 1 UIT, invalidez permanente hasta 4 UIT, muerte 4 UIT y sepelio hasta 1 UIT por persona (D.S. 024-2002-MTC, art. 29).',
      'La persona con discapacidad visual viaja con su perro guía en la cabina, sin costo adicional, con el documento que lo acredita (Ley 29830).',
      'Puede postergar su viaje hasta 24 horas antes de la salida, a otro viaje de la misma ruta, pagando solo la diferencia de tarifa si la hubiera (política de postergación en nuestra web).',
      'Cada pasajero lleva sin costo hasta 20 kg de equipaje en bodega y 5 kg de equipaje de mano. El equipaje en bodega viaja con su ticket de equipaje.',
      'Los menores de edad viajan con el adulto responsable registrado en la compra y con su documento de identidad.',
      'Si tiene un reclamo o queja, use nuestro Libro de Reclamaciones en la web o en cualquier agencia.',
    ],
    issuedBy: (ruc: string) => `Emitido por ${OPERATOR.razon_social}, RUC ${ruc}`,
  },
  'en-EN': {
    title: 'Electronic travel tickets',
    code: 'Purchase code',
    buyer: 'Buyer',
    ticket: 'Ticket',
    passenger: 'Passenger',
    document: 'Document',
    trip: 'Trip',
    departure: 'Departure',
    boarding: 'Boarding',
    alighting: 'Alighting',
    seat: (n: number, deck: number) => `Seat ${n}, deck ${deck === 16 ? 2 : 1}`,
    price: 'Price',
    total: 'Total paid',
    minor: 'Minor: travels with the responsible adult registered in the purchase and with their identity document.',
    notarial: 'Travels without their father or mother: show the notarial travel authorization of one parent (or the court\'s) at boarding. Without it the minor cannot board (Children and Adolescents Code, art. 111).',
    lap: (name: string, doc: string, age: number) => `Child on lap: ${name}, document ${doc}, ${age} ${age === 1 ? 'year' : 'years'} old. Rides without a seat, on this passenger's lap, with their identity document.`,
    lapNotarial: 'The child on the lap travels without their father or mother: show their notarial travel authorization at boarding (Children and Adolescents Code, art. 111).',
    declaration: (filled: boolean) => (filled ? 'Sworn declaration: registered' : 'Sworn declaration: pending (register it before boarding)'),
    clausesTitle: 'Terms of the contract of carriage',
    clauses: [
      'Be at the terminal 30 minutes before departure with the identity document shown on the ticket. Without it you cannot board.',
      'The ticket is issued in the passenger\'s name and valid only for the trip, date, time and seat shown. You may transfer it to someone else before the trip by asking for the passenger\'s name and document to be changed (Consumer Protection Code).',
      'Compulsory insurance: the bus carries valid SOAT, which covers each passenger and third party hurt in a traffic accident, whoever is at fault: medical expenses up to 5 UIT, temporary disability up to 1 UIT, permanent disability up to 4 UIT, death 4 UIT and funeral expenses up to 1 UIT per person (Supreme Decree 024-2002-MTC, art. 29).',
      'A person with a visual disability travels with their guide dog in the cabin, at no extra cost, with the document that certifies it (Law 29830).',
      'You may postpone your trip up to 24 hours before departure, to another trip on the same route, paying only any fare difference (postponement policy on our website).',
      'Each passenger carries up to 20 kg of hold luggage and 5 kg of hand luggage free of charge. Hold luggage travels with its luggage tag.',
      'Minors travel with the responsible adult registered in the purchase and with their identity document.',
      'For a claim or complaint, use our Complaints Book on the website or at any agency.',
    ],
    issuedBy: (ruc: string) => `Issued by ${OPERATOR.razon_social}, RUC ${ruc}`,
  },
} as const;


/**
 * Clause text size. Peruvian consumer law asks contract clauses in letters of at least 3 mm;
 * a 12 pt Helvetica capital is about 3.0 mm high, so clauses are set at 12 pt.
 */
export const CLAUSE_FONT_PT = 12;

/** The PDF of a paid reservation's tickets: one block per ticket with its QR, then the clauses. */
export async function renderTicketsPdf(view: ReservationView, language: Language): Promise<Buffer> {
  const t = TEXTS[language];
  // A postponed ticket is void: only the valid ones are printed.
  const tickets = view.boletos.filter((ticket) => ticket.estado === 'emitido');
  const qrs = await Promise.all(tickets.map((ticket: Ticket) => QRCode.toBuffer(ticket.qr, { errorCorrectionLevel: 'M', margin: 1, width: 220 })));
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${t.title} ${view.codigo}`, Author: OPERATOR.marca } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(OPERATOR.marca);
  doc.font('Helvetica').fontSize(14).text(t.title);
  doc.moveDown(0.5);
  doc.fontSize(12).text(`${t.code}: ${view.codigo}`);
  doc.text(`${t.buyer}: ${view.comprador.nombre} (${view.comprador.email})`);
  doc.text(`${t.total}: ${formatCentimos(view.total_centimos, language)}`);
  doc.moveDown();

  tickets.forEach((ticket, i) => {
    if (doc.y > 600) doc.addPage();
    const top = doc.y;
    doc.moveTo(48, top).lineTo(547, top).strokeColor('#999999').stroke();
    doc.image(qrs[i]!, 437, top + 8, { width: 110 });
    doc.y = top + 8;
    doc.font('Helvetica-Bold').fontSize(14).text(`${t.ticket} ${ticket.numero}`, 48, doc.y, { width: 380 });
    doc.font('Helvetica').fontSize(12);
    const p = ticket.pasajero;
    doc.text(`${t.passenger}: ${p.nombres} ${p.paterno} ${p.materno}`, { width: 380 });
    doc.text(`${t.document}: ${p.numero}`, { width: 380 });
    doc.text(`${t.trip}: ${ticket.origen} - ${ticket.destino}`, { width: 380 });
    doc.text(`${t.boarding}: ${ticket.terminal_origen} (${ticket.origen})`, { width: 380 });
    doc.text(`${t.departure}: ${limaDateTime(ticket.salida, language)}`, { width: 380 });
    doc.text(`${t.alighting}: ${ticket.terminal_destino} (${ticket.destino})`, { width: 380 });
    doc.text(t.seat(ticket.nasiento, ticket.gnivel_piso), { width: 380 });
    doc.text(`${t.price}: ${formatCentimos(ticket.precio_centimos, language)}`, { width: 380 });
    doc.text(t.declaration(ticket.declaracion !== null), { width: 380 });
    if (p.menor) doc.text(t.minor, { width: 380 });
    if (p.menor && p.autorizacion_notarial) doc.font('Helvetica-Bold').text(t.notarial, { width: 380 }).font('Helvetica');
    if (p.infante) {
      const child = p.infante;
      doc.text(t.lap(`${child.nombres} ${child.paterno} ${child.materno}`, child.numero, child.edad), { width: 380 });
      if (child.autorizacion_notarial) doc.font('Helvetica-Bold').text(t.lapNotarial, { width: 380 }).font('Helvetica');
    }
    doc.y = Math.max(doc.y, top + 126) + 8;
  });

  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(14).text(t.clausesTitle);
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(CLAUSE_FONT_PT);
  t.clauses.forEach((clause, i) => {
    doc.text(`${i + 1}. ${clause}`, { align: 'left' });
    doc.moveDown(0.4);
  });
  doc.moveDown();
  doc.text(t.issuedBy(OPERATOR.ruc));
  doc.end();
  return done;
}
