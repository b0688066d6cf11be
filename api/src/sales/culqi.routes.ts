import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { InvalidInputError, NotFoundError, UnauthorizedError, UpstreamError } from '../errors';
import { route } from '../http/endpoint';
import { requestLanguage } from '../http/language';
import type { RateLimit } from '../http/rate-limit';
import type { CulqiProvider } from '../payments/culqi';
import { InvalidSignatureError, PaymentProviderError, UnsupportedNotificationError } from '../payments/provider';
import { hiddenRails, railFailed, railWorked } from '../payments/rails';
import type { VoucherSeries } from '../vouchers/rules';
import { culqiMethods, payWithCulqi, railOf } from './culqi-payment';
import { applyNotice } from './issuance';
import { startPayment } from './payment-start';

export interface CulqiRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
  /** Unset (no keys, no stand-in): every Culqi call answers 404. */
  culqi?: CulqiProvider | undefined;
  siteUrl?: string | undefined;
  corsOrigins: (string | RegExp)[];
  writeRateLimit: RateLimit;
  lookupRateLimit: RateLimit;
  voucherSeries?: VoucherSeries | undefined;
}

/** Issue 46: Yape, cards, wallets by QR and Cuotéalo through Culqi, and Culqi's webhook. */
export const culqiRoutes: FastifyPluginAsync<CulqiRoutesOptions> = async (app, options) => {
  const { db, sessionSecret, now, voucherSeries } = options;
  const writes = { rateLimit: options.writeRateLimit };
  const lookups = { rateLimit: options.lookupRateLimit };
  const provider = () => {
    if (!options.culqi) throw new NotFoundError();
    return options.culqi;
  };
  const site = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    const allowed = origin !== undefined && options.corsOrigins.some((o) => (typeof o === 'string' ? o === origin : o.test(origin)));
    const value = (options.siteUrl ?? (allowed ? origin : undefined))?.replace(/\/+$/, '');
    if (!value) throw new InvalidInputError('sale.pago.sitio');
    return value;
  };
  const context = (request: FastifyRequest) => ({ now: now(), secret: sessionSecret, series: voucherSeries, log: request.log });

  route(app, endpoints.culqiMethods, async () => culqiMethods(db, provider(), now()), lookups);

  route(app, endpoints.culqiYape, async ({ input, request }) => payWithCulqi(db, provider(), { metodo: 'yape', ...input }, context(request)), writes);

  route(app, endpoints.culqiCard, async ({ input, request }) => payWithCulqi(db, provider(), { metodo: 'tarjeta', ...input }, context(request)), writes);

  route(app, endpoints.culqiOrder, async ({ input, request }) => {
    const culqi = provider();
    const at = now();
    const rail = railOf(input.metodo);
    if ((await hiddenRails(db, at)).has(rail)) throw new UpstreamError('culqi.metodo.oculto');
    try {
      const started = await startPayment(db, culqi, input, { now: at, language: requestLanguage(request), site: site(request), log: request.log });
      await railWorked(db, rail, at);
      return started;
    } catch (error) {
      if (error instanceof UpstreamError) await railFailed(db, rail, at);
      throw error;
    }
  }, writes);

  // The webhook is read on its exact bytes: in this context every body stays a string.
  await app.register(async (notices) => {
    notices.removeAllContentTypeParsers();
    notices.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    route(notices, endpoints.culqiNotice, async ({ request, reply }) => {
      const culqi = provider();
      const raw = typeof request.body === 'string' ? request.body : '';
      let notice;
      try {
        // The Basic credentials first, then the order as Culqi has it now: the event itself is never trusted.
        const orderId = culqi.webhookOrder(raw, request.headers);
        notice = await culqi.orderNotice(orderId);
      } catch (error) {
        if (error instanceof InvalidSignatureError) {
          request.log.warn(`culqi webhook rejected: ${error.message}`);
          throw new UnauthorizedError();
        }
        if (error instanceof UnsupportedNotificationError) {
          request.log.info(`culqi webhook not acted upon: ${error.message}`);
          return reply.code(200).type('text/plain; charset=utf-8').send('OK');
        }
        if (error instanceof PaymentProviderError) {
          // Culqi will send the event again: answer so that it does.
          request.log.error(`culqi webhook: the order could not be read back: ${error.message}`);
          throw new UpstreamError('sale.pago.noDisponible');
        }
        throw error;
      }
      const result = await applyNotice(db, notice, { now: now(), secret: sessionSecret, series: voucherSeries });
      request.log.info(`culqi order ${notice.operacion} (${notice.referencia}, ${notice.estado}): ${result}`);
      const ack = culqi.acknowledge(notice, raw);
      return reply.code(ack.status).type(ack.contentType).send(ack.body);
    });
  });
};
