import { disruptionsEndpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sessionResolver, sessionToken } from '../accounts/accounts.routes';
import { customerOfToken } from '../accounts/accounts.service';
import { applyCredit, creditOf, payWithCredit, purchaseCreditOf } from '../credit/credit-payment';
import type { Database } from '../db/client';
import { requestLanguage } from '../http/language';
import { route } from '../http/endpoint';
import type { RateLimit } from '../http/rate-limit';
import { operatorResolver, type OperatorCredential } from '../operators/operators';
import type { PaymentProvider } from '../payments/provider';
import type { CulqiProvider } from '../payments/culqi';
import { disruptionRefund, disruptionTicket, rebook, type ChoiceContext } from './choices';
import { boardingCheck, cancelTicket, ticketChanges, transferTicket } from './changes';
import { declareDisruption } from './declare';
import { operatorRefunds } from './refunds';
import { UnauthorizedError } from '../errors';
import type { TicketAccess } from '../aftersale/aftersale.service';
import { DEFAULT_POLICY, type ChangePolicy } from './policy';
import type { VoucherUndo } from './voucher-port';
import type { VoucherSeries } from '../vouchers/rules';

export interface DisruptionsRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
  operators: readonly OperatorCredential[];
  /** The site's origin for the mailed links (SITE_URL; else the first allowed site origin). */
  siteUrl: string;
  policy?: ChangePolicy;
  /** GOOGLE_WALLET_* is configured: a disruption updates the tickets' saved Google Wallet passes. */
  googleWallet?: boolean;
  /** WhatsApp is configured (issue 48): disruption notices go there too, to those who turned it on. */
  whatsapp?: boolean;
  /** Issue 34's credit notes for what refunds and cancellations give back. */
  vouchers: VoucherUndo;
  /** Signs the vouchers a credit payment or a rebooking issues. */
  voucherSeries?: VoucherSeries | undefined;
  payments?: { safetypay: PaymentProvider; pagoefectivo: PaymentProvider; culqi?: CulqiProvider };
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
    vouchers: options.vouchers,
    series: options.voucherSeries,
    providers: { ...(options.payments ?? {}) },
  });

  /** The code + key when sent (a guest, the recovery page), else the session's customer; neither is a 401. */
  async function accessOf(request: FastifyRequest, body: { codigo?: string | undefined; clave_bloqueo?: string | undefined }): Promise<TicketAccess> {
    if (body.codigo !== undefined && body.clave_bloqueo !== undefined) return { codigo: body.codigo, clave_bloqueo: body.clave_bloqueo };
    const token = sessionToken(request);
    if (!token) throw new UnauthorizedError();
    return { ccuenta: (await customerOfToken(db, token, sessionSecret)).ccuenta };
  }

  route(app, disruptionsEndpoints.ticketChanges, async ({ input, request }) => ticketChanges(db, input.numero, await accessOf(request, input), context(request)), { rateLimit: options.lookupRateLimit });
  route(app, disruptionsEndpoints.cancelTicket, async ({ input, request }) => cancelTicket(db, input, await accessOf(request, input), context(request)), { rateLimit: options.writeRateLimit });
  route(app, disruptionsEndpoints.transferTicket, async ({ input, request }) => transferTicket(db, input, await accessOf(request, input), context(request)), { rateLimit: options.writeRateLimit });
  route(app, disruptionsEndpoints.operatorRefunds, async ({ input }) => operatorRefunds(db, input.estado), { operators: operatorResolver(options.operators) });
  route(app, disruptionsEndpoints.boarding, async ({ input }) => boardingCheck(db, sessionSecret, input.qr), { operators: operatorResolver(options.operators), rateLimit: options.lookupRateLimit });

  route(
    app,
    disruptionsEndpoints.declareDisruption,
    async ({ input, session }) => declareDisruption(db, input, session.name, { now: now(), secret: sessionSecret, siteUrl: options.siteUrl, policy, googleWallet: options.googleWallet ?? false, whatsapp: options.whatsapp ?? false }),
    { operators: operatorResolver(options.operators), rateLimit: options.writeRateLimit },
  );
  route(app, disruptionsEndpoints.disruptionTicket, async ({ input, request }) => disruptionTicket(db, input.numero, input.token, context(request)), { rateLimit: options.lookupRateLimit });
  route(app, disruptionsEndpoints.rebook, async ({ input, request }) => rebook(db, input, context(request)), { rateLimit: options.writeRateLimit });
  route(app, disruptionsEndpoints.credit, async ({ session }) => creditOf(db, { ccuenta: session.customer.ccuenta }, now()), { sessions: sessionResolver(db, sessionSecret) });
  route(app, disruptionsEndpoints.creditPay, async ({ input, request }) => {
    // A guest names the purchase whose credit it spends; else the signed-in customer's credit.
    const token = input.origen ? undefined : sessionToken(request);
    const ccuenta = token ? (await customerOfToken(db, token, sessionSecret)).ccuenta : undefined;
    return payWithCredit(db, input, ccuenta, { now: now(), secret: sessionSecret, series: options.voucherSeries });
  }, { rateLimit: options.writeRateLimit });
  route(app, disruptionsEndpoints.creditApply, async ({ input, request }) => {
    const token = input.origen ? undefined : sessionToken(request);
    const ccuenta = token ? (await customerOfToken(db, token, sessionSecret)).ccuenta : undefined;
    return applyCredit(db, input, ccuenta, now());
  }, { rateLimit: options.writeRateLimit });
  route(app, disruptionsEndpoints.purchaseCredit, async ({ input }) => purchaseCreditOf(db, input, now()), { rateLimit: options.lookupRateLimit });
  route(app, disruptionsEndpoints.disruptionRefund, async ({ input, request }) => disruptionRefund(db, input, context(request)), { rateLimit: options.writeRateLimit });
};
