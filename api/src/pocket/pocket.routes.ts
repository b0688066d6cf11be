import { endpoints } from '@rumbo/shared/contract';
import { RESERVATION_CODE_PATTERN, TICKET_NUMBER_PATTERN, type Language } from '@rumbo/shared/schemas';
import { toLanguage } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../db/client';
import { NotFoundError } from '../errors';
import { noStore } from '../http/cache';
import { route } from '../http/endpoint';
import { requestLanguage } from '../http/language';
import type { RateLimit } from '../http/rate-limit';
import { escapeHtml } from '../mail/html';
import { OPERATOR } from '../operator';
import { paidView } from '../sales/reservation-views';
import { reserva } from '../sales/sales.tables';
import { ticketsCalendar } from './calendar';
import { verifyPocket, type PocketLinkKind } from './pocket-links';
import type { Pocket, PocketOptions } from './pocket.service';
import { recordatorio_baja } from './pocket.tables';
import { pocketReservation, pocketTicket } from './pocket-view';
import { applePass } from './wallet-apple';
import { applePassService } from './wallet-apple-service';

export interface PocketRoutesOptions {
  db: Database;
  now: () => Date;
  config: PocketOptions;
  pocket: Pocket;
  lookupRateLimit: RateLimit;
  writeRateLimit: RateLimit;
}

const CodeParam = v.object({ codigo: v.pipe(v.string(), v.regex(RESERVATION_CODE_PATTERN)) });
const TicketParam = v.object({ numero: v.pipe(v.string(), v.regex(TICKET_NUMBER_PATTERN)) });
const SignedQuery = v.object({ exp: v.string(), firma: v.string(), idioma: v.optional(v.picklist(['es-PE', 'en-EN'])) });

/** The link's language, else the caller's. */
const linkLanguage = (request: FastifyRequest): Language => {
  const query = v.safeParse(SignedQuery, request.query);
  return query.success && query.output.idioma ? query.output.idioma : requestLanguage(request);
};

const PAGES = {
  'es-PE': {
    title: 'Recordatorios de viaje',
    ask: (codigo: string) => `¿Dejar de recibir los recordatorios de viaje de la compra ${codigo}? Sus boletos siguen válidos.`,
    button: 'Dejar de recibir recordatorios',
    done: (codigo: string) => `Listo: no le enviaremos más recordatorios de la compra ${codigo}. Sus boletos siguen válidos.`,
  },
  'en-EN': {
    title: 'Trip reminders',
    ask: (codigo: string) => `Stop the trip reminders of purchase ${codigo}? Your tickets stay valid.`,
    button: 'Stop reminders',
    done: (codigo: string) => `Done: we will send no more reminders for purchase ${codigo}. Your tickets stay valid.`,
  },
} as const;

/** A tiny page with no script: it works from any mail client's browser. */
function page(language: Language, body: string): string {
  const t = PAGES[language];
  return `<!doctype html>
<html lang="${language.slice(0, 2)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(`${t.title} · ${OPERATOR.marca}`)}</title>
<style>body{font-family:Arial,sans-serif;color:#1a1a1a;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.6rem 1rem;background:#164b7a;color:#fff;border:0;border-radius:.4rem;cursor:pointer}button:focus-visible{outline:3px solid #f5b301;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(t.title)}</h1>${body}</main></body></html>`;
}

/**
 * The pocket's HTTP face (issue 36): the links of a paid purchase, its calendar file, a ticket's
 * Apple Wallet pass, and the reminders' opt-out (a page and its one-click POST).
 */
export const pocketRoutes: FastifyPluginAsync<PocketRoutesOptions> = async (app, options) => {
  const { db, now, config, pocket } = options;
  const lookups = { rateLimit: options.lookupRateLimit };
  const writes = { rateLimit: options.writeRateLimit };

  /** The path parameter and the signed query of a link, checked; anything wrong reads as not found. */
  function signed<T extends 'codigo' | 'numero'>(request: FastifyRequest, kind: PocketLinkKind, param: T): string {
    const params = v.safeParse(param === 'codigo' ? CodeParam : TicketParam, request.params);
    const query = v.safeParse(SignedQuery, request.query);
    if (!params.success || !query.success) throw new NotFoundError();
    const subject = (params.output as Record<string, string>)[param]!;
    if (!verifyPocket(config.secret, kind, subject, query.output.exp, query.output.firma, now())) throw new NotFoundError();
    return subject;
  }

  route(app, endpoints.pocketLinks, async ({ input: body, request }) => {
    // The purchase key proves the caller may see the tickets (as for the PDF).
    await paidView(db, body, now());
    const reservation = await pocketReservation(db, body.codigo);
    if (!reservation) throw new NotFoundError('sale.reserva.noEncontrada');
    return pocket.links(reservation, requestLanguage(request));
  }, lookups);

  route(app, endpoints.ticketsCalendar, async ({ request, reply }) => {
    const codigo = signed(request, 'calendario', 'codigo');
    const reservation = await pocketReservation(db, codigo);
    if (!reservation || reservation.legs.length === 0) throw new NotFoundError();
    const body = ticketsCalendar(reservation, linkLanguage(request), pocket.siteLink(codigo), now());
    return noStore(reply)
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="rumbo-andino-${codigo}.ics"`)
      .send(body);
  }, lookups);

  route(app, endpoints.ticketApplePass, async ({ request, reply }) => {
    if (!config.apple) throw new NotFoundError();
    const numero = signed(request, 'pkpass', 'numero');
    const found = await pocketTicket(db, numero);
    if (!found) throw new NotFoundError();
    const pass = applePass(config.apple, found.reservation, found.leg, found.ticket, linkLanguage(request), pocket.siteLink(found.reservation.codigo), applePassService(config, numero));
    return noStore(reply)
      .type('application/vnd.apple.pkpass')
      .header('content-disposition', `attachment; filename="boleto-${numero}.pkpass"`)
      .send(pass);
  }, lookups);

  /** The purchase a signed opt-out link names, with its language; not found otherwise. */
  async function optOutPurchase(request: FastifyRequest) {
    const codigo = signed(request, 'baja', 'codigo');
    const [r] = await db.select({ creserva: reserva.creserva, idioma: reserva.idioma }).from(reserva).where(eq(reserva.codigo, codigo));
    if (!r) throw new NotFoundError();
    return { codigo, creserva: r.creserva, language: toLanguage(r.idioma) };
  }

  // The API's policy refuses every form; this page's one posts back to itself.
  const htmlReply = (reply: FastifyReply, html: string) =>
    noStore(reply)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
      .type('text/html; charset=utf-8')
      .send(html);

  // A GET only shows the button: mail scanners that follow links must not opt anyone out.
  route(app, endpoints.reminderOptOutPage, async ({ request, reply }) => {
    const { codigo, language } = await optOutPurchase(request);
    const t = PAGES[language];
    const action = escapeHtml(request.url);
    return htmlReply(reply, page(language, `<p>${escapeHtml(t.ask(codigo))}</p><form method="post" action="${action}"><button type="submit">${escapeHtml(t.button)}</button></form>`));
  }, lookups);

  // The button, or a mail client's one-click POST (RFC 8058 sends `List-Unsubscribe=One-Click` form-encoded).
  await app.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
    route(forms, endpoints.reminderOptOut, async ({ request, reply }) => {
      const { codigo, creserva, language } = await optOutPurchase(request);
      await db.insert(recordatorio_baja).values({ creserva, registrada: now() }).onConflictDoNothing();
      return htmlReply(reply, page(language, `<p role="status">${escapeHtml(PAGES[language].done(codigo))}</p>`));
    }, writes);
  });
};
