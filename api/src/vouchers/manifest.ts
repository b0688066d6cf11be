import { ageOn, type Manifest } from '@rumbo/shared/schemas';
import type { StoredLapChild } from '../people/people.tables';
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Database } from '../db/client';
import { queryRows, toDate } from '../db/rows';
import { NotFoundError } from '../errors';
import { csvDocument } from '../exports/csv';
import { OPERATOR } from '../operator';
import { legsBySeat } from '../sales/legs';
import { identityCode, limaDateTime } from './rules';

type ManifestPassenger = Manifest['pasajeros'][number];

// Issue 34 item 7: a trip's passenger manifest for the operator. D.S. 017-2009-MTC (Reglamento
// Nacional de Administración de Transporte) has every departure of regular passenger transport
// carry the list of its passengers: who sits where, their document, where they board and alight;
// each line also names the purchase's electronic voucher and the amount paid for the seat.

/** The manifest of trip `cviaje`: every valid ticket of it, by seat; 404 when the trip does not exist. */
export async function tripManifest(db: Database, cviaje: number): Promise<Manifest> {
  const [trip] = await queryRows<{ salida: unknown; servicio: string; origen: string; destino: string }>(db, sql`
    select v.salida, m.servicio, co.nombre as origen, cd.nombre as destino
    from viaje v
    join maqueta m on m.cmaqueta = v.cmaqueta
    join ruta r on r.cruta = v.cruta
    join terminal o on o.cterminal = r.cterminal_origen join ciudad co on co.cciudad = o.cciudad
    join terminal d on d.cterminal = r.cterminal_destino join ciudad cd on cd.cciudad = d.cciudad
    where v.cviaje = ${cviaje}`);
  if (!trip) throw new NotFoundError();
  const salida = toDate(trip.salida);
  const rows = await queryRows<{
    numero: string; cviaje_asiento: number; nasiento: number; gnivel_piso: number; nombres: string; paterno: string; materno: string;
    ctipo_documento: number; documento: string; nacimiento: string; menor: boolean; precio_centimos: number; comprobante: string | null;
    autorizacion_notarial: boolean | null; infante: StoredLapChild | string | null;
  }>(db, sql`
    select b.numero, ra.cviaje_asiento, ra.nasiento, ra.gnivel_piso, b.pasajero_nombres as nombres, b.pasajero_paterno as paterno,
      b.pasajero_materno as materno, b.pasajero_ctipo_documento as ctipo_documento, b.pasajero_numero as documento,
      b.pasajero_nacimiento::text as nacimiento, ra.menor, ra.precio_centimos, ra.autorizacion_notarial, ra.infante,
      (select c.serie || '-' || c.correlativo from comprobante c
        where c.creserva = b.creserva and c.tipo in ('01', '03') and c.vigencia = 'vigente'
        order by c.ccomprobante desc limit 1) as comprobante
    from boleto b
    join reserva_asiento ra on ra.creserva = b.creserva and ra.cviaje_asiento = b.cviaje_asiento
    where ra.cviaje = ${cviaje} and b.estado = 'emitido'
    order by ra.nasiento, ra.cviaje_asiento`);
  const legs = await legsBySeat(db, rows.map((row) => ({ cviaje_asiento: Number(row.cviaje_asiento) })));
  const departureDay = limaDateTime(salida).date;
  return {
    cviaje,
    origen: trip.origen,
    destino: trip.destino,
    salida: salida.toISOString(),
    servicio: trip.servicio,
    pasajeros: rows.flatMap((row) => {
      const leg = legs.get(Number(row.cviaje_asiento))!;
      const seated: ManifestPassenger = {
        asiento: Number(row.nasiento),
        piso: Number(row.gnivel_piso) === 16 ? 2 : 1,
        nombres: row.nombres,
        apellidos: `${row.paterno} ${row.materno}`.trim(),
        edad: ageOn(String(row.nacimiento).slice(0, 10), departureDay),
        documento_tipo: identityCode(Number(row.ctipo_documento)),
        documento_numero: row.documento,
        embarque: `${leg.terminal_origen} (${leg.origen})`,
        desembarque: `${leg.terminal_destino} (${leg.destino})`,
        boleto: row.numero,
        comprobante: row.comprobante,
        importe_centimos: Number(row.precio_centimos),
        menor: Boolean(row.menor),
        regazo_de: null,
        autorizacion_notarial: row.autorizacion_notarial === true,
      };
      // Issue 34: the child on this passenger's lap is carried too: a line of its own, on the adult's seat.
      const child = typeof row.infante === 'string' ? (JSON.parse(row.infante) as StoredLapChild) : row.infante;
      if (!child) return [seated];
      const onLap: ManifestPassenger = {
        ...seated,
        nombres: child.nombres,
        apellidos: `${child.paterno} ${child.materno}`.trim(),
        edad: ageOn(child.nacimiento, departureDay),
        documento_tipo: identityCode(child.ctipo_documento),
        documento_numero: child.numero,
        comprobante: null,
        importe_centimos: 0,
        menor: true,
        regazo_de: seated.asiento,
        autorizacion_notarial: child.autorizacion_notarial,
      };
      return [seated, onLap];
    }),
  };
}

const COLUMNS = ['asiento', 'piso', 'apellidos', 'nombres', 'edad', 'documento_tipo', 'documento_numero', 'embarque', 'desembarque', 'boleto', 'comprobante', 'importe', 'en_brazos_de_asiento', 'autorizacion_notarial'] as const;

/** RFC 4180 CSV (a header row, CRLF, quotes doubled), amounts in soles; text cells spreadsheet-safe (exports/csv.ts). */
export function manifestCsv(manifest: Manifest): string {
  return csvDocument(
    COLUMNS,
    manifest.pasajeros.map((p) => [
      p.asiento, p.piso, p.apellidos, p.nombres, p.edad, p.documento_tipo, p.documento_numero, p.embarque, p.desembarque, p.boleto, p.comprobante,
      (p.importe_centimos / 100).toFixed(2), p.regazo_de, p.autorizacion_notarial ? 'si' : '',
    ]),
  );
}

/** The manifest as a printable PDF (landscape A4, one line per passenger). */
export function manifestPdf(manifest: Manifest): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, info: { Title: `Manifiesto de pasajeros ${manifest.cviaje}`, Author: OPERATOR.razon_social } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const at = limaDateTime(new Date(manifest.salida));
  doc.font('Helvetica-Bold').fontSize(14).text(`${OPERATOR.razon_social} (RUC ${OPERATOR.ruc}): manifiesto de pasajeros`);
  doc.font('Helvetica').fontSize(10).text(`Viaje ${manifest.cviaje}: ${manifest.origen} - ${manifest.destino}, salida ${at.date} ${at.time.slice(0, 5)} (hora de Lima), servicio ${manifest.servicio}. Pasajeros: ${manifest.pasajeros.length} (en brazos: ${manifest.pasajeros.filter((p) => p.regazo_de !== null).length}).`);
  doc.moveDown();
  const widths = [34, 24, 90, 80, 26, 28, 64, 96, 96, 66, 62, 42, 62];
  const headers = ['Asiento', 'Piso', 'Apellidos', 'Nombres', 'Edad', 'Doc.', 'Número', 'Embarque', 'Desembarque', 'Boleto', 'Comprobante', 'Importe', 'Observación'];
  // Issue 34: a lap child rides on the seat's adult; a minor without a parent shows the notarial authorization.
  const note = (p: ManifestPassenger) =>
    [p.regazo_de !== null ? `En brazos (asiento ${p.regazo_de})` : '', p.autorizacion_notarial ? 'Autorización notarial' : ''].filter(Boolean).join('; ');
  const row = (cells: string[], bold = false) => {
    if (doc.y > 540) doc.addPage();
    const top = doc.y;
    let x = 36;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
    let bottom = top;
    cells.forEach((text, i) => {
      doc.text(text, x, top, { width: widths[i]! - 4 });
      bottom = Math.max(bottom, doc.y);
      x += widths[i]!;
    });
    doc.y = bottom + 3;
  };
  row(headers, true);
  for (const p of manifest.pasajeros) {
    row([String(p.asiento), String(p.piso), p.apellidos, p.nombres, String(p.edad), p.documento_tipo, p.documento_numero, p.embarque, p.desembarque, p.boleto, p.comprobante ?? '', (p.importe_centimos / 100).toFixed(2), note(p)]);
  }
  doc.end();
  return done;
}
