import {
  CipRequestSchema,
  GuestSchema,
  PersonLookupSchema,
  QuoteRequestSchema,
  ResendTicketsSchema,
  RESERVATION_CODE_PATTERN,
  ReservationLookupSchema,
  ReservationSchema,
  SafetyPayRequestSchema,
} from '@rumbo/shared/schemas';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { sessionToken } from '../accounts/accounts.routes';
import { customerOfToken } from '../accounts/accounts.service';
import type { Database } from '../db/client';
import { InvalidInputError, NotFoundError, UnauthorizedError } from '../errors';
import { requestLanguage } from '../http/language';
import { GUEST_ACCOUNT_HINT_BUDGET, PERSON_LOOKUP_PER_DOCUMENT_LIMIT, perKeyBudget, perKeyLimit, type RateLimit } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import { InvalidSignatureError, UnsupportedNotificationError, type PaymentProvider } from '../payments/provider';
import { applyNotice } from './issuance';
import { findPerson, registerGuest } from './passengers';
import { startPayment } from './payment-start';
import { quote } from './quote';
import { customerTrips, lookupReservation, paidView, paidViewByCode, resendTickets } from './reservation-views';
import { reserve } from './reserve';
import { renderTicketsPdf, ticketPdfLink, verifyPdfLink } from './tickets';
import { noStore } from '../http/cache';

export interface SalesRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
  /** SafetyPay and PagoEfectivo (real or sandbox); unset: the payment calls answer 404 (a provider that fails answers 502). */
  payments?: { safetypay: PaymentProvider; pagoefectivo: PaymentProvider };
  /** The API's origin as browsers reach it: my-trips PDF links. */
  apiOrigin: string;
  /** SITE_URL; unset: the caller's Origin when it is an allowed one. */
  siteUrl?: string;
  corsOrigins: (string | RegExp)[];
  writeRateLimit: RateLimit;
  lookupRateLimit: RateLimit;
}


const PdfLinkQuery = v.object({ exp: v.string(), firma: v.string() });
const CodeParam = v.object({ codigo: v.pipe(v.string(), v.regex(RESERVATION_CODE_PATTERN)) });

/**
 * The sales domain's HTTP face: guests, the passenger look-up, quote, reservation, payment starts,
 * the providers' notifications, tickets (PDF, re-send) and my trips.
 */
export const salesRoutes: FastifyPluginAsync<SalesRoutesOptions> = async (app, options) => {
  const { db, sessionSecret, now, writeRateLimit, lookupRateLimit } = options;
  const writes = { config: { rateLimit: writeRateLimit } };
  const lookups = { config: { rateLimit: lookupRateLimit } };
  const lookupsPerDocument = perKeyLimit(app, 'persona-documento', PERSON_LOOKUP_PER_DOCUMENT_LIMIT);
  const accountHints = perKeyBudget(app, 'invitado-cuenta', GUEST_ACCOUNT_HINT_BUDGET);

  const allowedOrigin = (origin: string | undefined) =>
    origin !== undefined && options.corsOrigins.some((allowed) => (typeof allowed === 'string' ? allowed === origin : allowed.test(origin)));

  /** The signed-in customer when a valid session comes along; a guest otherwise (a bad token does not block a sale). */
  async function optionalCustomer(request: FastifyRequest): Promise<number | undefined> {
    const token = sessionToken(request);
    if (!token) return undefined;
    try {
      return (await customerOfToken(db, token, sessionSecret)).ccuenta;
    } catch (error) {
      if (error instanceof UnauthorizedError) return undefined;
      throw error;
    }
  }

  app.post('/rest/invitado', writes, async (request, reply) => {
    const body = parseBody(GuestSchema, request.body);
    // Whether the address has an account is a courtesy (a hint to sign in): past a small budget per
    // client the answer reads as for an address with none, so this is no enumeration oracle (issue 15).
    const hint = await accountHints(request, request.ip);
    return noStore(reply).code(201).send({ data: await registerGuest(db, body, now(), hint) });
  });

  app.post('/rest/persona/obtener', lookups, async (request, reply) => {
    const body = parseBody(PersonLookupSchema, request.body);
    // Birth-date guessing is limited per document too, not only per IP (issue 15).
    await lookupsPerDocument(request, reply, `${body.documento.ctipo_documento}:${body.documento.numero}`);
    return noStore(reply).send({ data: await findPerson(db, body) });
  });

  app.post('/rest/venta/cotizar', writes, async (request, reply) => {
    const body = parseBody(QuoteRequestSchema, request.body);
    return noStore(reply).send({ data: await quote(db, body, now()) });
  });

  app.post('/rest/venta/reserva', writes, async (request, reply) => {
    const body = parseBody(ReservationSchema, request.body);
    const ccuenta = await optionalCustomer(request);
    const site = knownSite(request);
    const { view, created } = await reserve(db, body, { now: now(), language: requestLanguage(request), ...(ccuenta ? { ccuenta } : {}), ...(site ? { site } : {}) });
    return noStore(reply).code(created ? 201 : 200).send({ data: view });
  });

  app.post('/rest/venta/consulta', lookups, async (request, reply) => {
    const body = parseBody(ReservationLookupSchema, request.body);
    return noStore(reply).send({ data: await lookupReservation(db, body, now()) });
  });

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

  app.post('/rest/safetypay', writes, async (request, reply) => {
    const body = parseBody(SafetyPayRequestSchema, request.body);
    const data = await startPayment(db, providers().safetypay, body, { now: now(), language: requestLanguage(request), site: site(request), log: request.log });
    return noStore(reply).send({ data });
  });

  app.post('/rest/efectivo', writes, async (request, reply) => {
    const body = parseBody(CipRequestSchema, request.body);
    const data = await startPayment(db, providers().pagoefectivo, { ...body, metodo: 'cip' }, { now: now(), language: requestLanguage(request), site: site(request), log: request.log });
    return noStore(reply).send({ data });
  });

  // Notifications are verified on their exact bytes: in this context every body stays a string.
  await app.register(async (notices) => {
    notices.removeAllContentTypeParsers();
    notices.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));

    const route = (path: string, pick: () => PaymentProvider) =>
      notices.post(path, async (request, reply) => {
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
        const result = await applyNotice(db, notice, { now: now(), secret: sessionSecret });
        request.log.info(`${provider.name} notice ${notice.operacion} (${notice.referencia}, ${notice.estado}): ${result}`);
        const ack = provider.acknowledge(notice, raw);
        return reply.code(ack.status).type(ack.contentType).send(ack.body);
      });
    route('/rest/safetypay/notificacion', () => providers().safetypay);
    route('/rest/efectivo/notificacion', () => providers().pagoefectivo);
  });

  // ---------------------------------------------------------------- tickets

  // A PDF is no active document: the API's `default-src 'none'` policy would only keep browsers' viewers from showing it.
  const sendPdf = async (reply: FastifyReply, view: Awaited<ReturnType<typeof paidView>>, request: FastifyRequest) =>
    noStore(reply)
      .removeHeader('content-security-policy')
      .type('application/pdf')
      .header('content-disposition', `inline; filename="boletos-${view.codigo}.pdf"`)
      .send(await renderTicketsPdf(view, requestLanguage(request)));

  app.post('/rest/venta/pdf', lookups, async (request, reply) => {
    const body = parseBody(ReservationLookupSchema, request.body);
    return sendPdf(reply, await paidView(db, body, now()), request);
  });

  // The link my trips gives: signed and short-lived, so it opens without a session header.
  app.get('/rest/venta/pdf/:codigo', lookups, async (request, reply) => {
    const params = v.safeParse(CodeParam, request.params);
    const query = v.safeParse(PdfLinkQuery, request.query);
    if (!params.success || !query.success) throw new NotFoundError();
    if (!verifyPdfLink(sessionSecret, params.output.codigo, query.output.exp, query.output.firma, now())) throw new NotFoundError();
    const view = await paidViewByCode(db, params.output.codigo, now());
    if (!view) throw new NotFoundError();
    return sendPdf(reply, view, request);
  });

  app.post('/rest/venta/confirmar/recuperar/', writes, async (request, reply) => {
    const body = parseBody(ResendTicketsSchema, request.body);
    await resendTickets(db, body, requestLanguage(request));
    return noStore(reply).code(202).send({ data: { enviado: true } });
  });

  app.get('/rest/user/viajes', async (request, reply) => {
    const customer = await customerOfToken(db, sessionToken(request), sessionSecret);
    const at = now();
    const data = await customerTrips(db, customer.ccuenta, at, (codigo) => ticketPdfLink(sessionSecret, options.apiOrigin, codigo, at));
    return noStore(reply).send({ data });
  });
};
