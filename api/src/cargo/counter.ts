import type { CargoShipment, Language } from '@rumbo/shared/schemas';
import { eq, inArray } from 'drizzle-orm';
import { agencia } from '../agencies/agencies.tables';
import { ciudad } from '../cities/cities.tables';
import type { Database } from '../db/client';
import { InvalidInputError } from '../errors';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { OPERATOR } from '../operator';
import type { MailAttachment } from '../mail/sender';
import { isSigned, issueCargoVoucher, type Voucher, type VoucherContext } from '../vouchers/issue';
import { awaitSignatures } from '../vouchers/voucher-mail';
import { renderVouchersPdf } from '../vouchers/pdf';
import { comprobante } from '../vouchers/vouchers.tables';
import { newTrackingCode } from './cargo.service';
import { encomienda, encomienda_evento } from './cargo.tables';

// Issue 34 item 1: a cargo shipment paid at an agency's counter gets its electronic voucher in the
// transaction that records it, mailed to the sender with its printed copy and XML.

/**
 * Records a shipment received and paid at `cagencia_origen` (an operator's act), its first event
 * ('recibido') and its voucher (issueCargoVoucher: IGV 18 %), and queues the voucher's mail: all
 * in one transaction, so a shipment is never paid without its voucher nor numbered without it.
 */
export async function registerPaidShipment(db: Database, input: CargoShipment, context: VoucherContext): Promise<{ codigo: string; voucher: Voucher }> {
  return db.transaction(async (tx) => {
    const places = await tx
      .select({ cagencia: agencia.cagencia, ciudad: ciudad.nombre })
      .from(agencia)
      .innerJoin(ciudad, eq(ciudad.cciudad, agencia.cciudad))
      .where(inArray(agencia.cagencia, [input.cagencia_origen, input.cagencia_destino]));
    const city = (cagencia: number, field: 'cagencia_origen' | 'cagencia_destino') => {
      const place = places.find((p) => p.cagencia === cagencia);
      if (!place) throw new InvalidInputError('request.invalid', field);
      return place.ciudad;
    };
    const origen = city(input.cagencia_origen, 'cagencia_origen');
    const destino = city(input.cagencia_destino, 'cagencia_destino');
    const codigo = newTrackingCode();
    await tx.insert(encomienda).values({
      codigo,
      cagencia_origen: input.cagencia_origen,
      cagencia_destino: input.cagencia_destino,
      remitente: input.remitente,
      destinatario: input.destinatario,
      documento_destinatario: input.documento_destinatario,
      pide_documento: input.pide_documento,
      paquetes: input.paquetes,
      peso_kg: input.peso_kg,
      valor_declarado: input.valor_declarado,
      registrado: context.now,
      precio_centimos: input.precio_centimos,
      pagado: context.now,
      remitente_tipo_documento: input.remitente_documento.ctipo_documento,
      remitente_documento: input.remitente_documento.numero,
      email: input.email,
      idioma: input.idioma,
    });
    await tx.insert(encomienda_evento).values({ codigo, orden: 1, estado: 'recibido', cagencia: input.cagencia_origen, fecha: context.now });
    const voucher = await issueCargoVoucher(
      tx,
      {
        codigo,
        origen,
        destino,
        paquetes: input.paquetes,
        peso_kg: input.peso_kg,
        precio_centimos: input.precio_centimos,
        remitente: input.remitente,
        remitente_documento: input.remitente_documento,
        email: input.email,
        idioma: input.idioma,
        ruc: input.ruc,
        razon_social: input.razon_social,
      },
      context,
    );
    await enqueueMail(tx, cargoVoucherMail({ codigo, nombre: input.remitente, email: input.email }, input.idioma, voucher));
    return { codigo, voucher };
  });
}

export const cargoVoucherAttachment = (codigo: string, language: Language) => `encomienda:${codigo}:${language}`;

export function parseCargoVoucherAttachment(reference: string): { codigo: string; language: Language } | null {
  const match = /^encomienda:([A-Z]{2}\d{8}):(es-PE|en-EN)$/.exec(reference);
  return match ? { codigo: match[1]!, language: match[2] as Language } : null;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const TEXTS = {
  'es-PE': {
    subject: (codigo: string) => `Su comprobante electrónico de ${OPERATOR.marca} (encomienda ${codigo})`,
    greeting: (name: string) => `Hola, ${name.split(' ')[0]}:`,
    body: (numero: string, codigo: string) =>
      `Gracias por enviar su encomienda con nosotros. Emitimos el comprobante de pago electrónico ${numero} de su envío ${codigo}; lo adjuntamos en PDF (representación impresa) y XML. Siga su envío en la web con el código ${codigo}.`,
    signature: `Atentamente,\n${OPERATOR.marca}`,
  },
  'en-EN': {
    subject: (codigo: string) => `Your ${OPERATOR.marca} electronic voucher (shipment ${codigo})`,
    greeting: (name: string) => `Hello ${name.split(' ')[0]},`,
    body: (numero: string, codigo: string) =>
      `Thank you for shipping with us. We issued the electronic payment voucher ${numero} for your shipment ${codigo}; it is attached as PDF (printed copy) and XML. Track your shipment on the website with the code ${codigo}.`,
    signature: `Kind regards,\n${OPERATOR.marca}`,
  },
} as const;

/** The sender's mail with the shipment's voucher (attached at send time: `encomienda:{codigo}:{language}`). */
export function cargoVoucherMail(shipment: { codigo: string; nombre: string; email: string }, idioma: string, voucher: Voucher): OutgoingMail {
  const language: Language = idioma === 'en-EN' ? 'en-EN' : 'es-PE';
  const t = TEXTS[language];
  const greeting = t.greeting(shipment.nombre);
  const body = t.body(`${voucher.serie}-${voucher.correlativo}`, shipment.codigo);
  return {
    to: shipment.email,
    subject: t.subject(shipment.codigo),
    text: `${greeting}\n\n${body}\n\n${t.signature}`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(t.signature).replace(/\n/g, '<br>')}</p>`,
    adjunto: cargoVoucherAttachment(shipment.codigo, language),
  };
}

/** A shipment's voucher as mail attachments: its printed copy and signed XML. */
export async function cargoVoucherAttachments(db: Database, codigo: string, language: Language, now = new Date()): Promise<MailAttachment[]> {
  const [voucher] = await db.select().from(comprobante).where(eq(comprobante.codigo_encomienda, codigo));
  if (!voucher) throw new Error(`shipment ${codigo} has no voucher`);
  // Issue 44: signed by the outbox after the counter's transaction; the mail waits for it.
  awaitSignatures([voucher], now);
  if (!isSigned(voucher)) throw new Error(`the voucher of shipment ${codigo} could not be signed`);
  return [
    { filename: `comprobante-${codigo}.pdf`, content: await renderVouchersPdf([voucher], language), contentType: 'application/pdf' },
    { filename: `${voucher.serie}-${voucher.correlativo}.xml`, content: Buffer.from(voucher.xml, 'utf8'), contentType: 'application/xml' },
  ];
}
