import { endpoints } from '@rumbo/shared/contract';
import { RESERVATION_CODE_PATTERN } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { optionalCustomer, sessionResolver } from '../accounts/accounts.routes';
import type { Database } from '../db/client';
import { InvalidInputError, NotFoundError, UnauthorizedError } from '../errors';
import { requestLanguage } from '../http/language';
import { GUEST_ACCOUNT_HINT_BUDGET, PERSON_LOOKUP_PER_DOCUMENT_LIMIT, perKeyBudget, perKeyLimit, type RateLimit } from '../http/rate-limit';
import { route } from '../http/endpoint';
import { InvalidSignatureError, UnsupportedNotificationError, type PaymentProvider } from '../payments/provider';
import type { CulqiProvider } from '../payments/culqi';
import { applyNotice } from './issuance';
import { findPerson, registerGuest } from './passengers';
import { startPayment } from './payment-start';
import { quote } from './quote';
import { customerTrips, lookupReservation, paidView, paidViewByCode, resendTickets } from './reservation-views';
import { reserve } from './reserve';
import { renderTicketsPdf, ticketPdfLink, verifyPdfLink } from './tickets';
import { noStore } from '../http/cache';
import type { VoucherSeries } from '../vouchers/rules';
import { voucherLink } from '../vouchers/links';
import type { Pocket } from '../pocket/pocket.service';

export interface SalesRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
  /** SafetyPay and PagoEfectivo (real or sandbox); unset: the payment calls answer 404 (a provider that fails answers 502). */
  payments?: { safetypay: PaymentProvider; pagoefectivo: PaymentProvider; culqi?: CulqiProvider };
  /** The API's origin as browsers reach it: my-trips PDF links. */
  apiOrigin: string;
  /** Issue 36: my trips' calendar and wallet links; unset: left out. */
  pocket?: Pocket;
  /** SITE_URL; unset: the caller's Origin when it is an allowed one. */
  siteUrl?: string;
  corsOrigins: (string | RegExp)[];
  writeRateLimit: RateLimit;
  lookupRateLimit: RateLimit;
  /** Signs the electronic vouchers a paid sale issues. */
  voucherSeries?: VoucherSeries | undefined;
}


const CodeParam = v.object({ codigo: v.pipe(v.string(), v.regex(RESERVATION_CODE_PATTERN)) });

/**
 * The sales domain's HTTP face: guests, the passenger look-up, quote, reservation, payment starts,
 * the providers' notifications, tickets (PDF, re-send) and my trips.
 */
export const salesRoutes: FastifyPluginAsync<SalesRoutesOptions> = async (app, options) => {
  const { db, sessionSecret, now, writeRateLimit, lookupRateLimit, voucherSeries } = options;
  const writes = { rateLimit: writeRateLimit };
  const lookups = { rateLimit: lookupRateLimit };
  const lookupsPerDocument = perKeyLimit(app, 'persona-documento', PERSON_LOOKUP_PER_DOCUMENT_LIMIT);
  const accountHints = perKeyBudget(app, 'invitado-cuenta', GUEST_ACCOUNT_HINT_BUDGET);

  const allowedOrigin = (origin: string | undefined) =>
    origin !== undefined && options.corsOrigins.some((allowed) => (typeof allowed === 'string' ? allowed === origin : allowed.test(origin)));


  route(app, endpoints.guest, async ({ input: body, request }) => {
    // Whether the address has an account is a courtesy (a hint to sign in): past a small budget per
    // client the answer reads as for an address with none, so this is no enumeration oracle (issue 15).
    const hint = await accountHints(request, request.ip);
    return registerGuest(db, body, now(), hint);
  }, writes);

  route(app, endpoints.personLookup, async ({ input: body, request, reply }) => {
    // Birth-date guessing is limited per document too, not only per IP (issue 15).
    await lookupsPerDocument(request, reply, `${body.documento.ctipo_documento}:${body.documento.numero}`);
    return findPerson(db, body);
  }, lookups);

  route(app, endpoints.quote, async ({ input: body }) => quote(db, body, now()), writes);

  route(app, endpoints.reserve, async ({ input: body, request, reply }) => {
    const ccuenta = await optionalCustomer(db, request, sessionSecret);
    const site = knownSite(request);
    const { view, created } = await reserve(db, body, { now: now(), language: requestLanguage(request), ...(ccuenta ? { ccuenta } : {}), ...(site ? { site } : {}) });
    reply.code(created ? 201 : 200);
    return view;
  }, writes);

  route(app, endpoints.reservation, async ({ input: body }) => lookupReservation(db, body, now()), lookups);

  // ---------------------------------------------------------------- payments

  /** SITE_URL, else the caller's Origin when it is an allowed one. */
  function knownSite(request: FastifyRequest): string | undefined {
    const origin = request.headers.origin;
    return (options.siteUrl ?? (allowedOrigin(origin) ? origin : undefined))?.replace(/\/+$/, '');
  }

  function site(request: FastifyRequest): string {
    const value = knownSite(request);
    if (!value) throw new InvalidInputError('sale.pago.sitio');
    return value;
  }

  function providers() {
    if (!options.payments) throw new NotFoundError();
    return options.payments;
  }

  route(app, endpoints.safetyPay, async ({ input: body, request }) =>
    startPayment(db, providers().safetypay, body, { now: now(), language: requestLanguage(request), site: site(request), log: request.log }),
  writes);

  route(app, endpoints.cip, async ({ input: body, request }) =>
    startPayment(db, providers().pagoefectivo, { ...body, metodo: 'cip' }, { now: now(), language: requestLanguage(request), site: site(request), log: request.log }),
  writes);

  // Notifications are verified on their exact bytes: in this context every body stays a string.
  await app.register(async (notices) => {
    notices.removeAllContentTypeParsers();
    notices.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));

    const notice = (endpoint: typeof endpoints.safetyPayNotice | typeof endpoints.cipNotice, pick: () => PaymentProvider) =>
      route(notices, endpoint, async ({ request, reply }) => {
        const provider = pick();
        const raw = typeof request.body === 'string' ? request.body : '';
        let notice;
        try {
          notice = provider.verifyNotification(raw, request.headers);
        } catch (error) {
          if (error instanceof InvalidSignatureError) {
            request.log.warn(`${provider.name} notification rejected: ${error.message}`);
            throw new UnauthorizedError();
          }
          if (error instanceof UnsupportedNotificationError) {
            request.log.info(`${provider.name} notification not acted upon: ${error.message}`);
            return reply.code(200).type('text/plain; charset=utf-8').send('OK');
          }
          throw error;
        }
        const result = await applyNotice(db, notice, { now: now(), secret: sessionSecret, series: voucherSeries });
        request.log.info(`${provider.name} notice ${notice.operacion} (${notice.referencia}, ${notice.estado}): ${result}`);
        const ack = provider.acknowledge(notice, raw);
        return reply.code(ack.status).type(ack.contentType).send(ack.body);
      });
    notice(endpoints.safetyPayNotice, () => providers().safetypay);
    notice(endpoints.cipNotice, () => providers().pagoefectivo);
  });

  // ---------------------------------------------------------------- tickets

  // A PDF is no active document: the API's `default-src 'none'` policy would only keep browsers' viewers from showing it.
  const sendPdf = async (reply: FastifyReply, view: Awaited<ReturnType<typeof paidView>>, request: FastifyRequest) =>
    noStore(reply)
      .removeHeader('content-security-policy')
      .type('application/pdf')
      .header('content-disposition', `inline; filename="boletos-${view.codigo}.pdf"`)
      .send(await renderTicketsPdf(view, requestLanguage(request)));

  route(app, endpoints.ticketsPdf, async ({ input: body, request, reply }) => sendPdf(reply, await paidView(db, body, now()), request), lookups);

  // The link my trips gives: signed and short-lived, so it opens without a session header.
  // The query is the endpoint's (an invalid one reads as not found); the code is checked here.
  route(app, endpoints.ticketsPdfLink, async ({ input: query, request, reply }) => {
    const params = v.safeParse(CodeParam, request.params);
    if (!params.success) throw new NotFoundError();
    if (!verifyPdfLink(sessionSecret, params.output.codigo, query.exp, query.firma, now())) throw new NotFoundError();
    const view = await paidViewByCode(db, params.output.codigo, now());
    if (!view) throw new NotFoundError();
    return sendPdf(reply, view, request);
  }, lookups);

  route(app, endpoints.resendTickets, async ({ input: body, request }) => {
    await resendTickets(db, body, requestLanguage(request));
    return { enviado: true } as const;
  }, writes);

  route(app, endpoints.myTrips, async ({ session, request }) => {
    const at = now();
    const trips = await customerTrips(
      db,
      session.customer.ccuenta,
      at,
      (codigo) => ticketPdfLink(sessionSecret, options.apiOrigin, codigo, at),
      (codigo) => ({ pdf: voucherLink(sessionSecret, options.apiOrigin, 'pdf', codigo, at), xml: voucherLink(sessionSecret, options.apiOrigin, 'xml', codigo, at) }),
    );
    return options.pocket ? options.pocket.decorateTrips(db, trips, requestLanguage(request)) : trips;
  }, { sessions: sessionResolver(db, sessionSecret) });
};
