import { DOCUMENT_TYPES } from '@rumbo/shared/schemas';

/**
 * The Peruvian rules a voucher follows, each where it lives. Sources:
 * - R.S. 007-99/SUNAT, Reglamento de Comprobantes de Pago (RCP): which voucher, when, what it says.
 * - R.S. 097-2012/SUNAT and its amendments (SEE - Del Contribuyente), with SUNAT's "Guía de
 *   elaboración de documentos XML" for factura, boleta and notas in UBL 2.1 and its Anexo N.° 8
 *   (catálogos): the XML, the numbering, the sending.
 * - TUO de la Ley del IGV, D.S. 055-99-EF: Apéndice II numeral 4 (exemption of domestic public
 *   passenger transport), art. 17 (IGV 16 %) and D.Leg. 776 art. 76 (IPM 2 %): 18 % on cargo.
 */

/**
 * Catálogo 01, tipo de documento. An interprovincial bus ticket is documented electronically by
 * a boleta de venta (03), or a factura (01) when the buyer gives a RUC (RCP art. 4 num. 1.1: the
 * factura is for buyers who need tax credit or cost; num. 3: the boleta for final consumers).
 * Catálogo 01 also lists '16', the "boleto de viaje" of public interprovincial passenger
 * transport (RCP art. 2 and art. 4 num. 5), but SEE - Del Contribuyente defines no UBL document
 * for it: SUNAT's UBL 2.1 guides carry the "boleto de viaje" data on the boleta/factura itself,
 * as the passenger land-transport properties of catálogo 55 (codes 3050-3060, below), which is
 * what we issue. '07' is the credit note that voids or reduces a factura or boleta.
 */
export const DOCUMENT = { factura: '01', boleta: '03', notaCredito: '07' } as const;
export type DocumentTypeCode = (typeof DOCUMENT)[keyof typeof DOCUMENT];

/**
 * Series: four characters, the first 'F' for facturas and their notes, 'B' for boletas and
 * theirs (Anexo 8, "serie ... alfanumérica de 4 caracteres, ... F ... B"). A credit note takes a
 * series of the letter of the voucher it modifies; it has its own correlative (per type + series).
 */
export const SERIES = { '01': 'F001', '03': 'B001', '07:01': 'FC01', '07:03': 'BC01' } as const;

/**
 * Issue 44: the boleta and factura series one issuing point (an API instance) numbers its sales
 * in (VOUCHER_SERIES): instances with series of their own never wait for each other's counter.
 * Credit notes keep the series of their voucher's letter (BC01/FC01).
 */
export interface VoucherSeries {
  boleta: string;
  factura: string;
}

export const DEFAULT_SERIES: VoucherSeries = { boleta: SERIES['03'], factura: SERIES['01'] };

/**
 * VOUCHER_SERIES, `B###,F###` (one boleta and one factura series, in any order, e.g. `B002,F002`):
 * the letter of the voucher type and three digits, 001 to 999 (the notes' series BC01/FC01 cannot
 * be taken). Unset: B001,F001. Throws a message saying what is wrong (the server refuses to start).
 */
export function parseVoucherSeries(value: string | undefined): VoucherSeries {
  if (value === undefined || value.trim() === '') return DEFAULT_SERIES;
  const parts = value.split(',').map((part) => part.trim().toUpperCase());
  const boletas = parts.filter((part) => part.startsWith('B'));
  const facturas = parts.filter((part) => part.startsWith('F'));
  const valid = (series: string) => /^[BF]\d{3}$/.test(series) && series.slice(1) !== '000';
  if (parts.length !== 2 || boletas.length !== 1 || facturas.length !== 1 || !parts.every(valid)) {
    throw new Error(`VOUCHER_SERIES: one boleta series and one factura series, "B###,F###" with three digits 001-999 (e.g. B002,F002); "${value}" is not.`);
  }
  return { boleta: boletas[0]!, factura: facturas[0]! };
}

export function seriesOf(tipo: DocumentTypeCode, modifies?: DocumentTypeCode, series: VoucherSeries = DEFAULT_SERIES): string {
  if (tipo === DOCUMENT.notaCredito) return modifies === DOCUMENT.factura ? SERIES['07:01'] : SERIES['07:03'];
  return tipo === DOCUMENT.factura ? series.factura : series.boleta;
}

/**
 * Issue 44, SUNAT's clock: a factura and its notes must reach SUNAT (or the OSE) within three
 * calendar days counted from the day after their issue date, else they are not comprobantes at
 * all (R.S. 097-2012/SUNAT art. 12 as amended by R.S. 000003-2023/SUNAT). ⚠ Boletas and their
 * notes sent one by one: their own term in the same article; the shorter three days is applied
 * until the text is checked, so nothing relies on a longer one. Each type has its constant.
 */
export const SENDING_TERM_DAYS = { factura: 3, boleta: 3 } as const;
/** A voucher SUNAT has not answered after this long is flagged for the operator (and /metrics alerts). */
export const WAITING_ALERT_MS = 24 * 3_600_000;

/** The instant a voucher's term to reach SUNAT ends: midnight (Lima) after the last day of SENDING_TERM_DAYS. */
export function sendingDeadline(serie: string, emitido: Date): Date {
  const days = serie.startsWith('F') ? SENDING_TERM_DAYS.factura : SENDING_TERM_DAYS.boleta;
  const [year, month, day] = limaDateTime(emitido).date.split('-').map(Number);
  // Day of issue + days, through its end: 00:00 Lima (05:00 UTC) of the day after.
  return new Date(Date.UTC(year!, month! - 1, day! + days + 1, 5));
}

/** Correlative: 1 to 8 digits (Anexo 8). */
export const MAX_CORRELATIVE = 99_999_999;

/** Catálogo 06, documento de identidad: our passenger form's types, RUC and "varios". */
export const IDENTITY = { dni: '1', ce: '4', ruc: '6', pasaporte: '7', varios: '-' } as const;

/** Our document types (the passenger and complaint forms) in catálogo 06. */
export function identityCode(ctipoDocumento: number): string {
  if (ctipoDocumento === DOCUMENT_TYPES.DNI) return IDENTITY.dni;
  if (ctipoDocumento === DOCUMENT_TYPES.CE) return IDENTITY.ce;
  if (ctipoDocumento === DOCUMENT_TYPES.PASAPORTE) return IDENTITY.pasaporte;
  return IDENTITY.varios;
}

/**
 * A boleta names its buyer's document only above S/ 700 (RCP art. 8 num. 3.1 lit. b); below it
 * the buyer may be "varios" (catálogo 06 '-').
 */
export const BOLETA_IDENTIFIED_FROM_CENTIMOS = 700_00;

/**
 * Tax treatment per line (catálogo 07, afectación del IGV; catálogo 05, tributos):
 * - Passenger transport inside Peru is exempt from IGV: TUO Ley del IGV, Apéndice II num. 4
 *   ("el servicio de transporte público de pasajeros dentro del país, excepto el transporte
 *   público ferroviario de pasajeros y el transporte aéreo"), kept in force by the laws that
 *   extend the Apéndice II exemptions (TUO art. 7). → code 20 "Exonerado - Operación Onerosa",
 *   tributo 9997 EXO.
 * - Cargo (transporte de carga/encomiendas) is not in the Apéndice: taxed, 18 % (IGV 16 % + IPM
 *   2 %). → code 10 "Gravado - Operación Onerosa", tributo 1000 IGV.
 */
export const TAX = {
  exonerado: { afectacion: '20', tributo: '9997', nombre: 'EXO', internacional: 'VAT', percent: 0 },
  gravado: { afectacion: '10', tributo: '1000', nombre: 'IGV', internacional: 'VAT', percent: 18 },
  /**
   * Issue 34: a ticket given free (a purchase paid wholly with points). The RCP obliges a voucher
   * for services rendered "a título gratuito" too (art. 6 num. 1), stating that they are free and
   * the value they would have had. SUNAT's UBL 2.1 guide for free operations: catálogo 07 code 21
   * "Exonerado - Transferencia gratuita" (passenger transport stays exempt, Apéndice II num. 4),
   * tributo 9996 GRA (international code FRE), the referential value on each line (catálogo 16
   * '02', valor referencial unitario en operaciones no onerosas) and the legend 1002 (catálogo 52)
   * "TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE"; nothing payable.
   */
  gratuito: { afectacion: '21', tributo: '9996', nombre: 'GRA', internacional: 'FRE', percent: 0 },
} as const;

/** Catálogo 52, leyendas: 1002 for a voucher of free operations. */
export const FREE_LEGEND = { code: '1002', text: 'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE' } as const;
export type TaxTreatment = keyof typeof TAX;

/** IGV in céntimos of a price that includes it (18 %), rounded to the céntimo. */
export function igvIncluded(totalCentimos: number): { base: number; igv: number } {
  const base = Math.round((totalCentimos * 100) / 118);
  return { base, igv: totalCentimos - base };
}

/** Catálogo 51, tipo de operación: 0101 venta interna. */
export const OPERATION_TYPE = '0101';

/** Catálogo 09, tipo de nota de crédito. */
export const CREDIT_REASON = {
  /** 01 Anulación de la operación: the whole sale is undone (a factura replacing a boleta, a refund). */
  anulacion: '01',
  /** 06 Devolución total. */
  devolucionTotal: '06',
  /** 07 Devolución por ítem: part of the sale (one ticket of several). */
  devolucionItem: '07',
} as const;
export type CreditReason = (typeof CREDIT_REASON)[keyof typeof CREDIT_REASON];

/**
 * Catálogo 55, the passenger land-transport properties of an item (SUNAT's UBL 2.1 guide for
 * factura/boleta, "Servicio de transporte terrestre de pasajeros"), carried as
 * cac:AdditionalItemProperty of each ticket's line: what the "boleto de viaje" must show
 * (RCP art. 8 num. 5: passenger, document, route, date and time, seat).
 */
export const PASSENGER_PROPERTY = {
  asiento: { code: '3050', name: 'Número de asiento' },
  documentoNumero: { code: '3052', name: 'Número de documento de identidad del pasajero' },
  documentoTipo: { code: '3053', name: 'Tipo de documento de identidad del pasajero' },
  nombre: { code: '3054', name: 'Nombres y apellidos del pasajero' },
  destinoUbigeo: { code: '3055', name: 'Ciudad o lugar de destino - Ubigeo' },
  destinoDireccion: { code: '3056', name: 'Ciudad o lugar de destino - Dirección detallada' },
  origenUbigeo: { code: '3057', name: 'Ciudad o lugar de origen - Ubigeo' },
  origenDireccion: { code: '3058', name: 'Ciudad o lugar de origen - Dirección detallada' },
  fechaInicio: { code: '3059', name: 'Fecha de inicio programado' },
  horaInicio: { code: '3060', name: 'Hora de inicio programado' },
} as const;

/**
 * Ubigeo (INEI) of the district each of our cities' terminals is in (catálogo 13 uses INEI's
 * codes), by `cciudad` (cities/cities.ts).
 */
export const UBIGEO: Record<number, string> = {
  1: '040101', // Arequipa
  2: '080101', // Cusco
  3: '130101', // Trujillo
  4: '150115', // Lima: La Victoria (the operator's terminals)
  5: '240101', // Tumbes
  6: '200101', // Piura
  7: '140101', // Chiclayo
  8: '110101', // Ica
  9: '110301', // Nasca
  10: '230101', // Tacna
  11: '210101', // Puno
  12: '211101', // Juliaca (San Román)
  13: '120101', // Huancayo
  14: '050101', // Ayacucho (Huamanga)
  15: '020101', // Huaraz
  16: '060101', // Cajamarca
  17: '200706', // Máncora (Talara)
  18: '021801', // Chimbote (Santa)
  19: '110505', // Paracas (Pisco)
  20: '180101', // Moquegua (Mariscal Nieto)
  21: '180301', // Ilo
  22: '030101', // Abancay
  23: '010101', // Chachapoyas
};

/** The operator's registered address for the XML (its fiscal domicile: La Victoria, Lima). */
export const ISSUER_ADDRESS = { ubigeo: '150115', departamento: 'LIMA', provincia: 'LIMA', distrito: 'LA VICTORIA', establecimiento: '0000' } as const;

/**
 * A factura asked for after the purchase: the boleta is voided with a credit note (catálogo 09
 * '01', anulación de la operación) and the factura issued in its place. The RCP requires the
 * voucher when the service is paid (art. 5 num. 5), so the change is allowed only within the
 * month of the sale (the same tax period: the buyer's IGV/income-tax records and ours match), and
 * only before the first departure (a service rendered cannot be re-documented).
 */
export function facturaChangeAllowed(emitido: Date, firstDeparture: Date, now: Date): boolean {
  const month = (date: Date) => limaMonth(date);
  return month(emitido) === month(now) && now.getTime() < firstDeparture.getTime();
}

/** The Lima calendar month (UTC-5, no daylight saving) of an instant, as YYYY-MM. */
export function limaMonth(date: Date): string {
  return new Date(date.getTime() - 5 * 3_600_000).toISOString().slice(0, 7);
}

/** Lima's date and time (UTC-5) of an instant: YYYY-MM-DD and HH:MM:SS. */
export function limaDateTime(date: Date): { date: string; time: string } {
  const iso = new Date(date.getTime() - 5 * 3_600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}
