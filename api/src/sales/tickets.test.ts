import { inflateSync } from 'node:zlib';
import type { ReservationView } from '@rumbo/shared/schemas';
import { renderTicketsPdf, ticketPdfLink, ticketQr, verifyPdfLink, verifyTicketQr } from './tickets';

const SECRET = 'tickets-test-secret-of-forty-characters!';

const passenger = { nombres: 'Rosa', paterno: 'Quispe', materno: 'Mamani', ctipo_documento: 19, numero: '****8912', menor: false };
const view: ReservationView = {
  codigo: 'ABCD2345',
  tipo: 'venta',
  boleto_origen: null,
  puntos_canje: 0,
  canje_centimos: 0,
  estado: 'pagada',
  motivo: null,
  expira: '2026-03-01T15:30:00.000Z',
  moneda: 'PEN',
  subtotal_centimos: 12_000,
  descuento_centimos: 0,
  total_centimos: 12_000,
  cupon: null,
  descuento_pct: null,
  comprador: { nombre: 'Rosa Quispe', email: 'rosa@example.pe', comprobante: 'boleta', ruc: null, razon_social: null },
  tramos: [],
  asientos: [],
  pagos: [],
  boletos: [1, 2].map((n) => ({
    numero: `ABCD2345-${n}`,
    cviaje: 10,
    tramo: 'ida' as const,
    origen: 'Lima',
    destino: 'Ica',
    terminal_origen: 'Terminal Javier Prado',
    terminal_destino: 'Terminal Ica',
    salida: '2026-03-02T13:00:00.000Z',
    nasiento: n,
    gnivel_piso: 15,
    precio_centimos: 6_000,
    pasajero: passenger,
    qr: ticketQr(SECRET, { numero: `ABCD2345-${n}`, cviaje: 10, nasiento: n, gnivel_piso: 15 }),
    estado: 'emitido' as const,
    postergado_a: null,
    declaracion: n === 1 ? '2026-03-01T12:00:00.000Z' : null,
  })),
};

/** The font sizes of every text-setting operator in the PDF's (deflated) content streams. */
function fontSizes(pdf: Buffer): number[] {
  const sizes: number[] = [];
  const text = pdf.toString('latin1');
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString('latin1');
      for (const tf of content.matchAll(/\/F\d+ ([\d.]+) Tf/g)) sizes.push(Number(tf[1]));
    } catch {
      // Not a deflated content stream (an image, a font): no text operators in it.
    }
  }
  return sizes;
}

/** The text lines the PDF sets (each TJ/Tj operator's strings, hex as PDFKit writes them, decoded as WinAnsi ≈ latin1). */
function pdfLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  const text = pdf.toString('latin1');
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const end = text.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[([^\]]*)\] TJ|(<[0-9a-fA-F]*>) Tj/g)) {
      const parts = (op[1] ?? op[2]!).match(/<[0-9a-fA-F]*>/g) ?? [];
      lines.push(parts.map((hex) => Buffer.from(hex.slice(1, -1), 'hex').toString('latin1')).join(''));
    }
  }
  return lines;
}

describe('tickets', () => {
  it('sign their QR text so that a changed seat or number no longer verifies', () => {
    const qr = view.boletos[0]!.qr;
    expect(qr).toMatch(/^RA1\|ABCD2345-1\|10\|1\|15\|[\w-]{22}$/);
    expect(verifyTicketQr(SECRET, qr)).toBe(true);
    expect(verifyTicketQr(SECRET, qr.replace('|1|15|', '|2|15|'))).toBe(false);
    expect(verifyTicketQr('another-secret-of-at-least-forty-chars!!', qr)).toBe(false);
  });

  it('give PDF links that work until they expire, for their code only', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const link = new URL(ticketPdfLink(SECRET, 'https://api.example.pe', 'ABCD2345', now));
    expect(link.pathname).toBe('/rest/venta/pdf/ABCD2345');
    const [exp, firma] = [link.searchParams.get('exp')!, link.searchParams.get('firma')!];
    expect(verifyPdfLink(SECRET, 'ABCD2345', exp, firma, now)).toBe(true);
    expect(verifyPdfLink(SECRET, 'ZZZZ2345', exp, firma, now)).toBe(false);
    expect(verifyPdfLink(SECRET, 'ABCD2345', exp, firma, new Date(now.getTime() + 3 * 3600_000))).toBe(false);
  });

  it("name the passenger's own boarding and alighting terminals (issue 19), in both languages", async () => {
    const es = (await renderTicketsPdf(view, 'es-PE').then(pdfLines)).join('\n');
    expect(es).toContain('Embarque: Terminal Javier Prado (Lima)');
    expect(es).toContain('Desembarque: Terminal Ica (Ica)');
    const en = (await renderTicketsPdf(view, 'en-EN').then(pdfLines)).join('\n');
    expect(en).toContain('Boarding: Terminal Javier Prado (Lima)');
    expect(en).toContain('Alighting: Terminal Ica (Ica)');
  });

  it('state the compulsory insurance and its cover, the transfer allowed, and the guide-dog clause, in both languages (issue 34)', async () => {
    const es = (await renderTicketsPdf(view, 'es-PE').then(pdfLines)).join(' ');
    for (const words of ['SOAT', '5 UIT', '024-2002-MTC', 'transferirlo', 'perro guía', 'Ley 29830']) expect(es).toContain(words);
    expect(es).not.toContain('intransferible');
    const en = (await renderTicketsPdf(view, 'en-EN').then(pdfLines)).join(' ');
    for (const words of ['SOAT', '5 UIT', '024-2002-MTC', 'transfer it', 'guide dog', 'Law 29830']) expect(en).toContain(words);
  });

  it("print the lap child on the carrying adult's ticket and the notarial authorization to show at boarding (issue 34 item 7), in both languages", async () => {
    const child = { nombres: 'Inti', paterno: 'Quispe', materno: 'Rojas', ctipo_documento: 19, numero: '****4567', edad: 2, autorizacion_notarial: true };
    const minor = { ...passenger, nombres: 'Killa', menor: true, autorizacion_notarial: true };
    const withChild: ReservationView = {
      ...view,
      boletos: [
        { ...view.boletos[0]!, pasajero: { ...passenger, infante: child } },
        { ...view.boletos[1]!, pasajero: minor },
      ],
    };
    // Lines wrap at the column's width: the words are looked for in the joined text.
    const es = (await renderTicketsPdf(withChild, 'es-PE').then(pdfLines)).join(' ').replace(/\s+/g, ' ');
    expect(es).toContain('Niño en brazos: Inti Quispe Rojas, documento ****4567, 2 años');
    expect(es).toContain('El niño en brazos viaja sin su padre ni su madre: presente al embarcar su autorización de viaje notarial');
    expect(es).toContain('Viaja sin su padre ni su madre: presente al embarcar la autorización de viaje notarial');
    const en = (await renderTicketsPdf(withChild, 'en-EN').then(pdfLines)).join(' ').replace(/\s+/g, ' ');
    expect(en).toContain('Child on lap: Inti Quispe Rojas, document ****4567, 2 years old');
    expect(en).toContain('show the notarial travel authorization of one parent');
    // Without a lap child nor a minor without parent, neither is printed.
    const plain = (await renderTicketsPdf(view, 'es-PE').then(pdfLines)).join(' ');
    expect(plain).not.toContain('Niño en brazos');
    expect(plain).not.toContain('Viaja sin su padre');
  });

  it('print every text of the PDF, clauses included, at 12 pt or more (clause letters ≥ 3 mm)', async () => {
    for (const language of ['es-PE', 'en-EN'] as const) {
      const pdf = await renderTicketsPdf(view, language);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const sizes = fontSizes(pdf);
      expect(sizes.length).toBeGreaterThan(10);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
      expect(new Set(sizes)).toEqual(new Set([20, 14, 12]));
    }
  });
});
