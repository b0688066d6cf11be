import { ReservationLookupSchema } from '../schemas/sales.contract';
import { CargoShipmentAnswer, CargoShipmentSchema, FacturaRequestSchema, ManifestAnswer, OperatorVouchersAnswer, OperatorVouchersQuery, PurchaseVouchersAnswer } from '../schemas/vouchers.schema';
import { endpoint } from './endpoint';
import { PdfLinkQuery } from './sales.endpoints';

const owner = 'vouchers';

/**
 * Issue 34: a purchase's electronic vouchers (list, printed copy, signed XML, with a code + key
 * or the signed links my trips gives), a factura asked for after the purchase, and the operators'
 * view of the vouchers SUNAT refused or that could not be sent.
 */
export const vouchersEndpoints = {
  purchaseVouchers: endpoint({
    method: 'POST', path: '/rest/venta/comprobantes', module: owner, summary: "A purchase's electronic vouchers and whether a factura may still replace its boleta", body: ReservationLookupSchema, answer: PurchaseVouchersAnswer, session: 'none', noStore: true,
    errors: { 404: ['sale.reserva.noEncontrada'] },
  }),
  voucherPdf: endpoint({
    method: 'POST', path: '/rest/venta/comprobante/pdf', module: owner, summary: "The printed copies of a purchase's vouchers (PDF with SUNAT's QR and the hash)", body: ReservationLookupSchema, produces: 'application/pdf', session: 'none', noStore: true,
    errors: { 404: ['sale.reserva.noEncontrada', 'sale.comprobante.noEncontrado'], 409: ['sale.comprobante.emitiendo'] },
  }),
  voucherXml: endpoint({
    method: 'POST', path: '/rest/venta/comprobante/xml', module: owner, summary: "The signed UBL 2.1 XML of a purchase's valid voucher", body: ReservationLookupSchema, produces: 'application/xml', session: 'none', noStore: true,
    errors: { 404: ['sale.reserva.noEncontrada', 'sale.comprobante.noEncontrado'], 409: ['sale.comprobante.emitiendo'] },
  }),
  voucherPdfLink: endpoint({
    method: 'GET', path: '/rest/venta/comprobante/pdf/:codigo', module: owner, summary: "The signed, short-lived link my trips gives to a purchase's vouchers (PDF)", query: PdfLinkQuery, invalidAs: 404, produces: 'application/pdf', session: 'none', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
  voucherXmlLink: endpoint({
    method: 'GET', path: '/rest/venta/comprobante/xml/:codigo', module: owner, summary: "The signed, short-lived link my trips gives to a purchase's voucher (XML)", query: PdfLinkQuery, invalidAs: 404, produces: 'application/xml', session: 'none', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
  requestFactura: endpoint({
    method: 'POST', path: '/rest/venta/comprobante/factura', module: owner, summary: 'A factura in place of the boleta (a credit note voids the boleta), within the window the rules allow', body: FacturaRequestSchema, answer: PurchaseVouchersAnswer, session: 'none', noStore: true,
    errors: { 404: ['sale.reserva.noEncontrada', 'sale.comprobante.noEncontrado'], 409: ['sale.factura.plazo', 'sale.factura.yaEmitida', 'sale.factura.gratuita'] },
  }),
  operatorManifest: endpoint({
    method: 'GET', path: '/rest/operador/viajes/:cviaje/manifiesto', module: owner, summary: "A trip's passenger manifest: seat, names, age, document, boarding and alighting, voucher, amount", answer: ManifestAnswer, session: 'operator', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
  operatorManifestCsv: endpoint({
    method: 'GET', path: '/rest/operador/viajes/:cviaje/manifiesto.csv', module: owner, summary: "A trip's passenger manifest as CSV", produces: 'text/csv', session: 'operator', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
  operatorManifestPdf: endpoint({
    method: 'GET', path: '/rest/operador/viajes/:cviaje/manifiesto.pdf', module: owner, summary: "A trip's passenger manifest as PDF", produces: 'application/pdf', session: 'operator', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
  operatorVouchers: endpoint({
    method: 'GET', path: '/rest/operador/comprobantes', module: owner, summary: 'Vouchers by SUNAT state (by default those that need the operator: refused or not sent)', query: OperatorVouchersQuery, answer: OperatorVouchersAnswer, session: 'operator', noStore: true,
  }),
  operatorCargoShipment: endpoint({
    method: 'POST', path: '/rest/operador/encomiendas', module: owner, summary: 'Register a shipment paid at a counter: its voucher (IGV 18 %) is issued and mailed with it', body: CargoShipmentSchema,
    answer: CargoShipmentAnswer, status: 201, session: 'operator', noStore: true, errors: { 400: ['request.invalid', 'cargo.destino.same'] },
  }),
} as const;
