import { endpoints } from '@rumbo/shared/contract';
import { RESERVATION_CODE_PATTERN, type Language } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { registerPaidShipment } from '../cargo/counter';
import type { Database } from '../db/client';
import { ConflictError, NotFoundError } from '../errors';
import { noStore } from '../http/cache';
import { route } from '../http/endpoint';
import { requestLanguage } from '../http/language';
import type { RateLimit } from '../http/rate-limit';
import { operatorResolver, type OperatorCredential } from '../operators/operators';
import { reservationOf } from '../sales/reservations';
import { isSigned, type Voucher } from './issue';
import { verifyVoucherLink, type VoucherFormat } from './links';
import { manifestCsv, manifestPdf, tripManifest } from './manifest';
import { renderVouchersPdf } from './pdf';
import type { VoucherSeries } from './rules';
import { documentsOf, operatorVouchers, purchaseVouchers, requestFactura, reservationByCode } from './vouchers.service';

export interface VouchersRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
  voucherSeries?: VoucherSeries | undefined;
  operators: readonly OperatorCredential[];
  writeRateLimit: RateLimit;
  lookupRateLimit: RateLimit;
}

const CodeParam = v.object({ codigo: v.pipe(v.string(), v.regex(RESERVATION_CODE_PATTERN)) });
const TripParam = v.object({ cviaje: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });

/** Issue 34: a purchase's vouchers for its buyer (code + key, or my trips' signed links), the factura after the purchase, and the operators' list. */
export const vouchersRoutes: FastifyPluginAsync<VouchersRoutesOptions> = async (app, options) => {
  const { db, sessionSecret, now } = options;
  const lookups = { rateLimit: options.lookupRateLimit };
  const writes = { rateLimit: options.writeRateLimit };

  async function send(reply: FastifyReply, format: VoucherFormat, codigo: string, creserva: number, language: Language) {
    const { all, current } = await documentsOf(db, creserva);
    noStore(reply).removeHeader('content-security-policy');
    // Issue 44: numbered with the sale, signed by the outbox right after: until then, 409 (the page says "issuing").
    const signed = all.filter(isSigned);
    if (format === 'xml') {
      if (!current) throw new NotFoundError('sale.comprobante.noEncontrado');
      if (!isSigned(current)) throw new ConflictError('sale.comprobante.emitiendo');
      return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${current.serie}-${current.correlativo}.xml"`).send(current.xml);
    }
    if (signed.length === 0) throw new ConflictError('sale.comprobante.emitiendo');
    const byId = new Map<number, Voucher>(all.map((voucher) => [voucher.ccomprobante, voucher]));
    return reply.type('application/pdf').header('content-disposition', `inline; filename="comprobantes-${codigo}.pdf"`).send(await renderVouchersPdf(signed, language, { modifies: byId }));
  }

  route(app, endpoints.purchaseVouchers, async ({ input: body }) => purchaseVouchers(db, body, now()), lookups);

  for (const format of ['pdf', 'xml'] as const) {
    route(app, format === 'pdf' ? endpoints.voucherPdf : endpoints.voucherXml, async ({ input: body, request, reply }) => {
      const r = await reservationOf(db, body.codigo, body.clave_bloqueo, now());
      return send(reply, format, r.codigo, r.creserva, requestLanguage(request));
    }, lookups);

    // My trips' links: signed and short-lived; anything wrong reads as not found.
    route(app, format === 'pdf' ? endpoints.voucherPdfLink : endpoints.voucherXmlLink, async ({ input: query, request, reply }) => {
      const params = v.safeParse(CodeParam, request.params);
      if (!params.success || !verifyVoucherLink(sessionSecret, format, params.output.codigo, query.exp, query.firma, now())) throw new NotFoundError();
      const r = await reservationByCode(db, params.output.codigo);
      if (!r) throw new NotFoundError();
      return send(reply, format, r.codigo, r.creserva, requestLanguage(request));
    }, lookups);
  }

  route(app, endpoints.requestFactura, async ({ input: body, request }) => requestFactura(db, body, { now: now(), series: options.voucherSeries, language: requestLanguage(request) }), writes);

  const operators = { operators: operatorResolver(options.operators) };
  route(app, endpoints.operatorVouchers, async ({ input: query }) => operatorVouchers(db, query.estado, now()), operators);

  // Issue 34 item 1: a shipment paid at a counter, with its voucher (cargo/counter.ts).
  route(app, endpoints.operatorCargoShipment, async ({ input: body }) => {
    const { codigo, voucher } = await registerPaidShipment(db, body, { now: now(), series: options.voucherSeries });
    return { codigo, comprobante: `${voucher.serie}-${voucher.correlativo}`, total_centimos: voucher.total_centimos, igv_centimos: voucher.igv_centimos };
  }, operators);

  // Issue 34 item 7: a trip's passenger manifest, for operators only (JSON, CSV, PDF).
  const tripOf = (params: unknown) => {
    const parsed = v.safeParse(TripParam, params);
    if (!parsed.success) throw new NotFoundError();
    return parsed.output.cviaje;
  };
  route(app, endpoints.operatorManifest, async ({ request }) => tripManifest(db, tripOf(request.params)), operators);
  route(app, endpoints.operatorManifestCsv, async ({ request, reply }) => {
    const manifest = await tripManifest(db, tripOf(request.params));
    return noStore(reply).type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="manifiesto-${manifest.cviaje}.csv"`).send(manifestCsv(manifest));
  }, operators);
  route(app, endpoints.operatorManifestPdf, async ({ request, reply }) => {
    const manifest = await tripManifest(db, tripOf(request.params));
    return noStore(reply).removeHeader('content-security-policy').type('application/pdf').header('content-disposition', `inline; filename="manifiesto-${manifest.cviaje}.pdf"`).send(await manifestPdf(manifest));
  }, operators);
};
