import { disruptionsEndpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { requestLanguage } from '../http/language';
import { route } from '../http/endpoint';
import type { RateLimit } from '../http/rate-limit';
import { operatorResolver, type OperatorCredential } from '../operators/operators';
import type { PaymentProvider } from '../payments/provider';
import { disruptionRefund, disruptionTicket, rebook, type ChoiceContext } from './choices';
import { declareDisruption } from './declare';
import { DEFAULT_POLICY, type ChangePolicy } from './policy';
import { NO_VOUCHERS, type VoucherUndo } from './voucher-port';

export interface DisruptionsRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
  operators: readonly OperatorCredential[];
  /** The site's origin for the mailed links (SITE_URL; else the first allowed site origin). */
  siteUrl: string;
  policy?: ChangePolicy;
  /** Issue 34's credit notes; NO_VOUCHERS until the vouchers branch lands. */
  vouchers?: VoucherUndo;
  payments?: { safetypay: PaymentProvider; pagoefectivo: PaymentProvider };
  writeRateLimit: RateLimit;
  lookupRateLimit: RateLimit;
}

/** Issue 35: operators declare disruptions; holders read and choose through their signed link. */
export const disruptionsRoutes: FastifyPluginAsync<DisruptionsRoutesOptions> = async (app, options) => {
  const { db, sessionSecret, now } = options;
  const policy = options.policy ?? DEFAULT_POLICY;
  const context = (request: FastifyRequest): ChoiceContext => ({
    now: now(),
    secret: sessionSecret,
    language: requestLanguage(request),
    policy,
    vouchers: options.vouchers ?? NO_VOUCHERS,
    providers: { ...(options.payments ?? {}) },
  });

  route(
    app,
    disruptionsEndpoints.declareDisruption,
    async ({ input, session }) => declareDisruption(db, input, session.name, { now: now(), secret: sessionSecret, siteUrl: options.siteUrl, policy }),
    { operators: operatorResolver(options.operators), rateLimit: options.writeRateLimit },
  );
  route(app, disruptionsEndpoints.disruptionTicket, async ({ input, request }) => disruptionTicket(db, input.numero, input.token, context(request)), { rateLimit: options.lookupRateLimit });
  route(app, disruptionsEndpoints.rebook, async ({ input, request }) => rebook(db, input, context(request)), { rateLimit: options.writeRateLimit });
  route(app, disruptionsEndpoints.disruptionRefund, async ({ input, request }) => disruptionRefund(db, input, context(request)), { rateLimit: options.writeRateLimit });
};
