import { OPERATOR } from '../operator';
import { DOCUMENT, FREE_LEGEND, ISSUER_ADDRESS, OPERATION_TYPE, PASSENGER_PROPERTY, TAX, type CreditReason, type DocumentTypeCode, type TaxTreatment } from './rules';

// The UBL 2.1 documents SUNAT defines (its "Guía de elaboración de documentos XML" for factura,
// boleta de venta and nota de crédito, UBL 2.1, CustomizationID 2.0), unsigned: signing.ts puts
// the signature in the first ext:UBLExtension. Element order follows the OASIS UBL 2.1 schemas
// (the tests validate every document against them).

const NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
};

/** The id of the signature SUNAT's cac:Signature points to. */
export const SIGNATURE_ID = 'SignatureRA';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Child = string | false | null | undefined;
/** An element with attributes and children (already XML) or text (escaped). */
function el(name: string, attrs: Record<string, string> | null, ...children: Child[]): string {
  const attributes = Object.entries(attrs ?? {})
    .map(([key, value]) => ` ${key}="${escape(value)}"`)
    .join('');
  const body = children.filter((child): child is string => typeof child === 'string').join('');
  return `<${name}${attributes}>${body}</${name}>`;
}
const text = (name: string, value: string, attrs: Record<string, string> | null = null) => el(name, attrs, escape(value));

/** Céntimos as a decimal amount with two places. */
export const amount = (centimos: number) => `${centimos < 0 ? '-' : ''}${Math.floor(Math.abs(centimos) / 100)}.${String(Math.abs(centimos) % 100).padStart(2, '0')}`;
const money = (name: string, centimos: number) => text(name, amount(centimos), { currencyID: 'PEN' });

export interface VoucherParty {
  /** Catálogo 06. */
  tipo: string;
  numero: string;
  nombre: string;
}

export interface PassengerTrip {
  asiento: number;
  pasajero: { tipo: string; numero: string; nombre: string };
  origen: { ubigeo: string; direccion: string };
  destino: { ubigeo: string; direccion: string };
  /** Lima's date and time of the scheduled departure. */
  salida: { date: string; time: string };
}

export interface VoucherLine {
  descripcion: string;
  /** Unit code (catálogo 03 / UN/ECE rec. 20): 'ZZ' service. */
  unidad: string;
  cantidad: number;
  /** The line's total, tax included, in céntimos. */
  totalCentimos: number;
  /** Its base and tax (for exempt lines the base is the total and the tax 0). */
  baseCentimos: number;
  igvCentimos: number;
  tratamiento: TaxTreatment;
  /** A free line ('gratuito', totals 0): the value it would have had, in céntimos (its referential value). */
  referencialCentimos?: number;
  /** A bus ticket's passenger land-transport data (catálogo 55). */
  viaje?: PassengerTrip;
}

export interface VoucherDocument {
  tipo: DocumentTypeCode;
  serie: string;
  correlativo: number;
  /** Lima's date and time of issue. */
  emision: { date: string; time: string };
  cliente: VoucherParty;
  lineas: VoucherLine[];
  /** A credit note: the voucher it modifies and why (catálogo 09). */
  modifica?: { tipo: DocumentTypeCode; serie: string; correlativo: number; motivo: CreditReason; descripcion: string };
}

export const documentNumber = (serie: string, correlativo: number) => `${serie}-${correlativo}`;

/** Totals by treatment (céntimos). */
export function totalsOf(lines: VoucherLine[]) {
  const sum = (pick: (line: VoucherLine) => number, only?: TaxTreatment) => lines.filter((l) => !only || l.tratamiento === only).reduce((n, l) => n + pick(l), 0);
  return {
    exonerado: sum((l) => l.baseCentimos, 'exonerado'),
    gravado: sum((l) => l.baseCentimos, 'gravado'),
    igv: sum((l) => l.igvCentimos),
    total: sum((l) => l.totalCentimos),
    gratuito: sum((l) => l.referencialCentimos ?? 0, 'gratuito'),
  };
}

function taxSubtotal(treatment: TaxTreatment, base: number, tax: number): string {
  const t = TAX[treatment];
  return el(
    'cac:TaxSubtotal',
    null,
    money('cbc:TaxableAmount', base),
    money('cbc:TaxAmount', tax),
    el(
      'cac:TaxCategory',
      null,
      el('cac:TaxScheme', null, text('cbc:ID', t.tributo, { schemeAgencyName: 'PE:SUNAT', schemeName: 'Codigo de tributos', schemeURI: 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo05' }), text('cbc:Name', t.nombre), text('cbc:TaxTypeCode', t.internacional)),
    ),
  );
}

function documentTaxTotal(lines: VoucherLine[]): string {
  const totals = totalsOf(lines);
  const treatments = (['gravado', 'exonerado', 'gratuito'] as const).filter((t) => lines.some((l) => l.tratamiento === t));
  const base = { gravado: totals.gravado, exonerado: totals.exonerado, gratuito: totals.gratuito };
  return el(
    'cac:TaxTotal',
    null,
    money('cbc:TaxAmount', totals.igv),
    ...treatments.map((t) => taxSubtotal(t, base[t], t === 'gravado' ? totals.igv : 0)),
  );
}

function supplier(): string {
  return el(
    'cac:AccountingSupplierParty',
    null,
    el(
      'cac:Party',
      null,
      el('cac:PartyIdentification', null, text('cbc:ID', OPERATOR.ruc, { schemeID: '6', schemeName: 'Documento de Identidad', schemeAgencyName: 'PE:SUNAT', schemeURI: 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo06' })),
      el('cac:PartyName', null, text('cbc:Name', OPERATOR.marca)),
      el(
        'cac:PartyLegalEntity',
        null,
        text('cbc:RegistrationName', OPERATOR.razon_social),
        el(
          'cac:RegistrationAddress',
          null,
          text('cbc:ID', ISSUER_ADDRESS.ubigeo, { schemeName: 'Ubigeos', schemeAgencyName: 'PE:INEI' }),
          text('cbc:AddressTypeCode', ISSUER_ADDRESS.establecimiento, { listAgencyName: 'PE:SUNAT', listName: 'Establecimientos anexos' }),
          text('cbc:CitySubdivisionName', '-'),
          text('cbc:CityName', ISSUER_ADDRESS.provincia),
          text('cbc:CountrySubentity', ISSUER_ADDRESS.departamento),
          text('cbc:District', ISSUER_ADDRESS.distrito),
          el('cac:AddressLine', null, text('cbc:Line', OPERATOR.direccion)),
          el('cac:Country', null, text('cbc:IdentificationCode', 'PE', { listID: 'ISO 3166-1', listAgencyName: 'United Nations Economic Commission for Europe', listName: 'Country' })),
        ),
      ),
    ),
  );
}

function customer(party: VoucherParty): string {
  return el(
    'cac:AccountingCustomerParty',
    null,
    el(
      'cac:Party',
      null,
      el('cac:PartyIdentification', null, text('cbc:ID', party.numero, { schemeID: party.tipo, schemeName: 'Documento de Identidad', schemeAgencyName: 'PE:SUNAT', schemeURI: 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo06' })),
      el('cac:PartyLegalEntity', null, text('cbc:RegistrationName', party.nombre)),
    ),
  );
}

/** SUNAT's cac:Signature: who signs and where the signature is (the ds:Signature's id). */
function signatureReference(): string {
  return el(
    'cac:Signature',
    null,
    text('cbc:ID', SIGNATURE_ID),
    el('cac:SignatoryParty', null, el('cac:PartyIdentification', null, text('cbc:ID', OPERATOR.ruc)), el('cac:PartyName', null, text('cbc:Name', OPERATOR.razon_social))),
    el('cac:DigitalSignatureAttachment', null, el('cac:ExternalReference', null, text('cbc:URI', `#${SIGNATURE_ID}`))),
  );
}

function property(p: { code: string; name: string }, value: string | null, extra: Child = null): string {
  return el(
    'cac:AdditionalItemProperty',
    null,
    text('cbc:Name', p.name),
    text('cbc:NameCode', p.code, { listName: 'Propiedad del item', listAgencyName: 'PE:SUNAT', listURI: 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo55' }),
    value !== null && text('cbc:Value', value),
    extra,
  );
}

/** The passenger land-transport properties of a ticket's line (catálogo 55, 3050-3060). */
function tripProperties(trip: PassengerTrip): string[] {
  const P = PASSENGER_PROPERTY;
  return [
    property(P.asiento, String(trip.asiento)),
    property(P.documentoNumero, trip.pasajero.numero),
    property(P.documentoTipo, trip.pasajero.tipo),
    property(P.nombre, trip.pasajero.nombre),
    property(P.destinoUbigeo, trip.destino.ubigeo),
    property(P.destinoDireccion, trip.destino.direccion),
    property(P.origenUbigeo, trip.origen.ubigeo),
    property(P.origenDireccion, trip.origen.direccion),
    // Date and time go in the property's usability period (SUNAT's guide for 3059 and 3060).
    property(P.fechaInicio, null, el('cac:UsabilityPeriod', null, text('cbc:StartDate', trip.salida.date))),
    property(P.horaInicio, null, el('cac:UsabilityPeriod', null, text('cbc:StartTime', trip.salida.time))),
  ];
}

function line(kind: 'Invoice' | 'CreditNote', index: number, l: VoucherLine): string {
  const t = TAX[l.tratamiento];
  // A free line: its value is the referential one (catálogo 16 '02'), its price 0.
  const free = l.tratamiento === 'gratuito';
  const lineValue = free ? (l.referencialCentimos ?? 0) : l.baseCentimos;
  const unitPrice = Math.round((free ? lineValue : l.totalCentimos) / l.cantidad);
  const unitValue = free ? 0 : Math.round(l.baseCentimos / l.cantidad);
  return el(
    `cac:${kind}Line`,
    null,
    text('cbc:ID', String(index + 1)),
    text(kind === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity', String(l.cantidad), { unitCode: l.unidad, unitCodeListID: 'UN/ECE rec 20', unitCodeListAgencyName: 'United Nations Economic Commission for Europe' }),
    money('cbc:LineExtensionAmount', lineValue),
    // Catálogo 16: '01' unit price with taxes included; '02' referential unit value of a free line.
    el('cac:PricingReference', null, el('cac:AlternativeConditionPrice', null, money('cbc:PriceAmount', unitPrice), text('cbc:PriceTypeCode', free ? '02' : '01', { listName: 'Tipo de Precio', listAgencyName: 'PE:SUNAT', listURI: 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo16' }))),
    el(
      'cac:TaxTotal',
      null,
      money('cbc:TaxAmount', l.igvCentimos),
      el(
        'cac:TaxSubtotal',
        null,
        money('cbc:TaxableAmount', lineValue),
        money('cbc:TaxAmount', l.igvCentimos),
        el(
          'cac:TaxCategory',
          null,
          text('cbc:Percent', String(t.percent)),
          text('cbc:TaxExemptionReasonCode', t.afectacion, { listAgencyName: 'PE:SUNAT', listName: 'Afectacion del IGV', listURI: 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo07' }),
          el('cac:TaxScheme', null, text('cbc:ID', t.tributo, { schemeName: 'Codigo de tributos', schemeAgencyName: 'PE:SUNAT', schemeURI: 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo05' }), text('cbc:Name', t.nombre), text('cbc:TaxTypeCode', t.internacional)),
        ),
      ),
    ),
    el('cac:Item', null, text('cbc:Description', l.descripcion), ...(l.viaje ? tripProperties(l.viaje) : [])),
    el('cac:Price', null, money('cbc:PriceAmount', unitValue)),
  );
}

/** The unsigned UBL 2.1 XML of a factura, boleta or credit note. */
export function buildUbl(doc: VoucherDocument): string {
  const kind = doc.tipo === DOCUMENT.notaCredito ? 'CreditNote' : 'Invoice';
  const totals = totalsOf(doc.lineas);
  const id = documentNumber(doc.serie, doc.correlativo);
  const header = [
    // The signature goes here (signing.ts): SUNAT wants it in the first extension's content.
    el('ext:UBLExtensions', null, el('ext:UBLExtension', null, el('ext:ExtensionContent', null))),
    text('cbc:UBLVersionID', '2.1'),
    text('cbc:CustomizationID', '2.0', { schemeAgencyName: 'PE:SUNAT' }),
    text('cbc:ID', id),
    text('cbc:IssueDate', doc.emision.date),
    text('cbc:IssueTime', doc.emision.time),
  ];
  const currency = text('cbc:DocumentCurrencyCode', 'PEN', { listID: 'ISO 4217 Alpha', listName: 'Currency', listAgencyName: 'United Nations Economic Commission for Europe' });
  let body: Child[];
  if (kind === 'Invoice') {
    body = [
      ...header,
      // Catálogo 01 (type) with catálogo 51 (operation type) as listID.
      text('cbc:InvoiceTypeCode', doc.tipo, { listID: OPERATION_TYPE, listAgencyName: 'PE:SUNAT', listName: 'Tipo de Documento', listURI: 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01', name: 'Tipo de Operacion' }),
      // Catálogo 52: the legend of a voucher of free operations (rules.ts, TAX.gratuito).
      doc.lineas.some((l) => l.tratamiento === 'gratuito') && text('cbc:Note', FREE_LEGEND.text, { languageLocaleID: FREE_LEGEND.code }),
      currency,
      signatureReference(),
      supplier(),
      customer(doc.cliente),
      documentTaxTotal(doc.lineas),
      el('cac:LegalMonetaryTotal', null, money('cbc:LineExtensionAmount', totals.exonerado + totals.gravado), money('cbc:TaxInclusiveAmount', totals.total), money('cbc:PayableAmount', totals.total)),
      ...doc.lineas.map((l, i) => line('Invoice', i, l)),
    ];
  } else {
    const m = doc.modifica!;
    const modified = documentNumber(m.serie, m.correlativo);
    body = [
      ...header,
      currency,
      el('cac:DiscrepancyResponse', null, text('cbc:ReferenceID', modified), text('cbc:ResponseCode', m.motivo, { listAgencyName: 'PE:SUNAT', listName: 'Tipo de nota de credito', listURI: 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo09' }), text('cbc:Description', m.descripcion)),
      el('cac:BillingReference', null, el('cac:InvoiceDocumentReference', null, text('cbc:ID', modified), text('cbc:DocumentTypeCode', m.tipo, { listAgencyName: 'PE:SUNAT', listName: 'Tipo de Documento', listURI: 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01' }))),
      signatureReference(),
      supplier(),
      customer(doc.cliente),
      documentTaxTotal(doc.lineas),
      el('cac:LegalMonetaryTotal', null, money('cbc:LineExtensionAmount', totals.exonerado + totals.gravado), money('cbc:TaxInclusiveAmount', totals.total), money('cbc:PayableAmount', totals.total)),
      ...doc.lineas.map((l, i) => line('CreditNote', i, l)),
    ];
  }
  const root = el(kind, { xmlns: NS[kind], 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc, 'xmlns:ext': NS.ext, 'xmlns:ds': NS.ds }, ...body);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}`;
}

/** SUNAT's file name of a document: RUC-type-series-correlative (the zip and the XML inside it). */
export const sunatFileName = (tipo: string, serie: string, correlativo: number) => `${OPERATOR.ruc}-${tipo}-${serie}-${correlativo}`;
